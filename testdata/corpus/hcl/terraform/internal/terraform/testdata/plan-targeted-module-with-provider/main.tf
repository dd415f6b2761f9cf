module "child1" {
  source = "./child1"
  key = "value"
}

module "child2" {
  source = "./child2"
  key = "value"
}
