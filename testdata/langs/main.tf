terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

# The region to deploy to.
variable "region" {
  type    = string
  default = "eu-west-1"
}

locals {
  name = "shop-${var.region}"
  tags = {
    Project = "shop"
  }
}

provider "aws" {
  region = var.region
}

module "network" {
  source = "./modules/network"
  cidr   = "10.0.0.0/16"
}

resource "aws_instance" "web" {
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.micro"
  tags          = local.tags

  lifecycle {
    create_before_destroy = true
  }
}

data "aws_ami" "ubuntu" {
  most_recent = true
}

output "web_ip" {
  value = aws_instance.web.public_ip
}
