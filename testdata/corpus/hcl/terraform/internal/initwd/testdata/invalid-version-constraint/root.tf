module "local" {
  source  = "./local"
  version = "0.0.1" # Version constraint not allowed for a local module
}
