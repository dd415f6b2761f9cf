# __generated__ by Terraform
# Please review these resources and move them into your main configuration files.

# __generated__ by Terraform from "bar"
resource "terraform_data" "foo" {
  input            = null
  triggers_replace = null
}
