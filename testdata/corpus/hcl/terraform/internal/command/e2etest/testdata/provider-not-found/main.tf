terraform {
  required_providers {
    nonexist = {
      source = "registry.terraform.io/hashicorp/nonexist"
    }
  }
}
