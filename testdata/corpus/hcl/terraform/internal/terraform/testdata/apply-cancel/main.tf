resource "aws_instance" "foo" {
    value = "2"
}

resource "aws_instance" "bar" {
    foo = "${aws_instance.foo.value}"
}
