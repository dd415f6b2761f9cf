// This will try to install hashicorp/baz, fail, and then suggest
// terraform-providers/baz
provider baz {}

output "d6" {
  value = 4 // chosen by fair dice roll, guaranteed to be random
}
