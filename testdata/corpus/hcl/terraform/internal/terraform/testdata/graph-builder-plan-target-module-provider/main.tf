module "child1" {
  source = "./child1"
  key    = "!"
}

module "child2" {
  source = "./child2"
  key    = "!"
}
