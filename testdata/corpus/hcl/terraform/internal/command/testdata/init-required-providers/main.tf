terraform {
  required_providers {
    test = "1.2.3"
    source = {
      version = "1.2.3"
    }
    test-beta = {
      version = "1.2.4"
    }
  }
}
