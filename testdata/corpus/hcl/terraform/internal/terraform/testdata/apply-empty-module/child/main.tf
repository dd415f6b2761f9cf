output "aws_route53_zone_id" {
    value = "XXXX"
}

output "aws_access_key" {
    value = "YYYYY"
}

output "aws_secret_key" {
    value = "ZZZZ"
}
