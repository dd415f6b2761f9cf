# Copyright (c) HashiCorp, Inc.
# SPDX-License-Identifier: MPL-2.0

list_no_default = [
  {
    required_attribute = "D92053D5-948A-4E5E-80BF-E53F0DB33EB5",
  },
  {
    required_attribute = "E6DA6176-49FB-46D6-9ECD-401B3F46A3E5",
    optional_attribute = "8AC4B9EE-9E05-4AE0-AA35-6D7636AEA487",
  },
  {
    required_attribute              = "9F9922C4-B426-4648-96AE-804A6F52F778",
    optional_attribute              = "E68C1EB0-3D3D-4DB0-A41D-0F8C334E181C",
    optional_attribute_with_default = "92E855B2-A444-49DF-AFCA-2B5B017451B4",
  },
]
