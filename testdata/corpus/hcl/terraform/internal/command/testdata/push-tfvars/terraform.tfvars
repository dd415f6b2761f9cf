foo = "bar"
bar = "foo"
