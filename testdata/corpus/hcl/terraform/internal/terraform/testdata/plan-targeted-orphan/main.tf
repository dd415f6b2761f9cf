# This resource was previously "created" and the fixture represents
# it being destroyed subsequently

/*resource "aws_instance" "orphan" {*/
	/*foo = "bar"*/
/*}*/
