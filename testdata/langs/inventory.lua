-- Inventory of items with quantities.
local json = require("dkjson")
local util = require "inventory.util"
local log = require("inventory.log").new("inventory")

local M = {}
M.VERSION = "1.2.0"

local DEFAULT_STOCK = 10
MAX_ITEMS = 500

--- Creates an inventory.
function M.new(name)
  local self = setmetatable({ name = name, items = {} }, { __index = M })
  return self
end

function M:add(item, quantity)
  self.items[item] = (self.items[item] or 0) + (quantity or DEFAULT_STOCK)
end

function M:count(item)
  return self.items[item] or 0
end

local function encode(inv)
  return json.encode(inv.items)
end

M.save = function(inv, path)
  local f = assert(io.open(path, "w"))
  f:write(encode(inv))
  f:close()
end

local on_change = function(item) end

function global_reset()
  M.items = {}
end

return M
