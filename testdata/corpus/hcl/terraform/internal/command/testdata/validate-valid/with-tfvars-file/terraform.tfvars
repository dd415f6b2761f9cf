var_without_default = "foo"
