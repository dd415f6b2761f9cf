# Copyright (c) HashiCorp, Inc.
# SPDX-License-Identifier: MPL-2.0

url_docker_registry_dockerhub = "https://hub.docker.com/r/hashicorp/terraform"
url_docker_registry_ecr = "https://gallery.ecr.aws/hashicorp/terraform"
url_license = "https://github.com/hashicorp/terraform/blob/main/LICENSE"
url_project_website = "https://www.terraform.io"
url_source_repository = "https://github.com/hashicorp/terraform"