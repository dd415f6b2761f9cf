// This will try to install hashicorp/baz, fail, and then suggest
// terraform-providers/baz
provider baz {}
