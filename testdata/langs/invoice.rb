# frozen_string_literal: true

require "json"
require_relative "money"

# Billing for customers.
module Billing
  TAX_RATE = 0.2

  # An invoice with lines.
  class Invoice < Base
    include Comparable
    attr_reader :number, :lines
    attr_accessor :due_on

    def initialize(number, lines = [])
      @number = number
      @lines = lines
    end

    def self.load(path)
      new(*JSON.parse(File.read(path)))
    end

    sig { returns(Integer) }
    def total
      lines.sum(&:amount)
    end

    def <=>(other) = number <=> other.number

    private

    def tax
      total * TAX_RATE
    end

    class << self
      def blank
        new(0)
      end
    end
  end

  Line = Struct.new(:sku, :amount)
end

def format_money(cents)
  format("%.2f", cents / 100.0)
end
