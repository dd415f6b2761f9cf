using System;
using System.Collections.Generic;
using static System.Math;
using Json = System.Text.Json;

namespace Shop.Orders
{
    /// <summary>An order status.</summary>
    public enum Status { Open, Paid = 2, Shipped }

    public interface IOrderRepository
    {
        Order Find(int id);
        event EventHandler Changed;
    }

    public delegate void OrderHandler(Order order);

    /// <summary>
    /// A customer's order.
    /// </summary>
    [Serializable]
    [Table("orders")]
    public class Order : IComparable<Order>
    {
        public const int MaxLines = 100;
        private readonly List<Line> _lines = new();
        private decimal _discount, _tax;

        public int Id { get; init; }
        public decimal Total => Sum();

        public event EventHandler Changed;

        /// <summary>Creates an order.</summary>
        [JsonConstructor]
        public Order(int id)
        {
            Id = id;
        }

        ~Order() { }

        [Obsolete("use Sum")]
        public decimal Total2() => Sum();

        private decimal Sum()
        {
            return 0m;
        }

        public int CompareTo(Order other) => Id.CompareTo(other.Id);

        public static Order operator +(Order a, Line b) => a;

        public Line this[int index] => _lines[index];

        public struct Line
        {
            public string Sku;
            public int Quantity;
        }
    }

    public record Invoice(int OrderId, decimal Amount);

    public record struct Money(decimal Value, string Currency);
}
