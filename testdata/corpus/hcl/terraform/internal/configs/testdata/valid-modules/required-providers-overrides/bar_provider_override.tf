terraform {
  required_providers {
    bar = {
      source = "blorp/bar"
      version = "~>2.0.0"
    }
  }
}

