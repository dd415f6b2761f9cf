terraform {
  required_providers {
    package = {
      source  = "invalid/package"
      version = "1.0.0"
    }
  }
}
