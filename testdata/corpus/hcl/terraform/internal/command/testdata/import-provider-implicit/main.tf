# Declaring this resource implies that we depend on the
# "test" provider, making it available for import.
resource "test_instance" "foo" {
}
