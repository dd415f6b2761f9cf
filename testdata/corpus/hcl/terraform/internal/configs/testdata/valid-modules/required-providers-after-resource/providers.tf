terraform {
  required_providers {
    test = {
      source = "foo/test"
      version = "~>1.0.0"
    }
  }
}