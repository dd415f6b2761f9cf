//! Shapes and their areas.

use std::collections::HashMap;
use std::fmt::{self, Display};

pub mod units;

/// The largest number of sides a polygon may have.
pub const MAX_SIDES: usize = 64;
static mut CREATED: u64 = 0;

pub type Registry = HashMap<String, Box<dyn Shape>>;

/// A point in the plane.
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

pub struct Meters(pub f64);

/// Every shape has an area.
pub trait Shape: Display {
    const SIDES: usize;
    type Unit;

    fn area(&self) -> f64;

    /// The default perimeter is unknown.
    fn perimeter(&self) -> Option<f64> {
        None
    }
}

#[derive(Debug)]
pub enum Polygon {
    Triangle { a: Point, b: Point, c: Point },
    Square(f64),
    Empty,
}

impl Point {
    /// The origin.
    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };

    #[inline]
    #[must_use]
    pub fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    pub fn distance(&self, other: &Point) -> f64 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }
}

impl<T: Into<f64>> From<(T, T)> for Point {
    fn from((x, y): (T, T)) -> Self {
        Point::new(x.into(), y.into())
    }
}

impl Display for Polygon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self)
    }
}

pub union Bits {
    pub int: u64,
    pub float: f64,
}

macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}

pub async fn load_all<'a>(
    names: &'a [String],
    registry: &mut Registry,
) -> Result<usize, std::io::Error>
where
    'a: 'static,
{
    Ok(names.len())
}

extern "C" {
    fn hypot(x: f64, y: f64) -> f64;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_symmetric() {
        assert_eq!(Point::new(0.0, 0.0).distance(&Point::new(3.0, 4.0)), 5.0);
    }
}
