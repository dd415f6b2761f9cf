terraform {
  required_providers {
    nonexist = {
      source = "teamterraform/nonexist"
    }
  }
}
