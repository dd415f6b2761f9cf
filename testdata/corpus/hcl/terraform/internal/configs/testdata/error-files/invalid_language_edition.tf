terraform {
  # The language argument expects a bare keyword, not a string.
  language = "TF2021" # ERROR: Invalid language edition
}
