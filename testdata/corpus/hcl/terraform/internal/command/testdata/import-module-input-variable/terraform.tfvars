foo = { bar = { baz = true } }
