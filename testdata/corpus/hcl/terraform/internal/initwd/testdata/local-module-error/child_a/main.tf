variable "v" {
  description = "in child_ba module"
  default     = ""
}

output "hello" {
  value = "Hello from child_a!"
}
