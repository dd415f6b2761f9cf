# Intentionally blank, but intended to be used in a test case which
# uses an input lock file which already had an entry for the hashicorp/test
# provider, and should therefore detect it as no longer used.
