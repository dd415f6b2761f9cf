terraform {
  required_providers {
    template  = { source = "hashicorp/template" }
    null      = { source = "hashicorp/null" }
    terraform = { source = "terraform.io/builtin/terraform" }
  }
}
