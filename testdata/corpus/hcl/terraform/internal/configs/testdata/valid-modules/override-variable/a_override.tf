variable "fully_overridden" {
  default = "a_override"
  description = "a_override description"
  type = string
}

variable "partially_overridden" {
  default = "a_override partial"
}
