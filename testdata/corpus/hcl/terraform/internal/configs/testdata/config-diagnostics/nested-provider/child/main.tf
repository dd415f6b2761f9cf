module "child2" {
  // the test fixture treats these sources as relative to the root
  source = "./child/child2"
}
