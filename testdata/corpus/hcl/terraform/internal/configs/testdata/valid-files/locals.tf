
locals {
  # This block intentionally left blank
}

locals {
  foo = "foo"
  bar = true
}

locals {
  baz    = "oink"
  dunno  = "🤷"
  rowing = "🚣‍♀️"
  π      = 3.14159265359
}
