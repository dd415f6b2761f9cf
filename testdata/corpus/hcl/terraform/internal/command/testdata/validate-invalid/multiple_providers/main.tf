provider "aws" {
  access_key = "123"
  secret_key = "233"
  region = "us-east-1"
}

provider "aws" {
  access_key = "123"
  secret_key = "233"
  region = "us-east-1"
}
