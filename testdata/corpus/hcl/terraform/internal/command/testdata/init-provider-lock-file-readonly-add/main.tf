terraform {
  required_providers {
    test = {
      version = "1.2.3"
    }
    foo = {
      version = "1.0.0"
    }
  }
}
