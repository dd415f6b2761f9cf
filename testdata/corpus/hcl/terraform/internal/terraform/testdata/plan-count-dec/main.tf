resource "aws_instance" "foo" {
    foo = "foo"
}

resource "aws_instance" "bar" {
    foo = "bar"
}
