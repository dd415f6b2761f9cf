// Shapes with virtual dispatch.
#include <memory>
#include <string>
#include "shapes/registry.h"

#define SHAPES_VERSION "2.1"
#define SQUARE(x) ((x) * (x))

namespace geo {

constexpr double kPi = 3.14159265358979;
extern int shape_count;

/// Base of every shape.
class Shape {
public:
    explicit Shape(std::string name);
    virtual ~Shape() = default;

    /// The area, in square units.
    [[nodiscard]] virtual double area() const = 0;
    const std::string& name() const { return name_; }

    enum class Kind { Circle, Square };
    using Ptr = std::unique_ptr<Shape>;

protected:
    std::string name_;
    int id_, version_;
};

template <typename T>
struct Box {
    T value;
    T get() const { return value; }
};

struct Point {
    double x;
    double y;
    friend bool operator<(const Point &a, const Point &b) {
        return a.x < b.x;
    }
};

union Number {
    int i;
    double d;
};

enum Color { RED, GREEN, BLUE };

typedef struct {
    int width, height;
} Size;

typedef Shape *ShapeHandle;

class Circle final : public Shape {
public:
    Circle(double r);
    double area() const override;

private:
    double r_;
};

double circumference(const Circle &c);

}  // namespace geo

geo::Shape::Shape(std::string name) : name_(std::move(name)) {}

geo::Circle::Circle(double r) : Shape("circle"), r_(r) {}

double geo::Circle::area() const {
    return kPi * r_ * r_;
}

namespace {
int next_id() { return 42; }
}  // namespace

extern "C" {
int shapes_count(void);
}

template <typename T>
T clamp(T v, T lo, T hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}

bool operator==(const geo::Point &a, const geo::Point &b) {
    return a.x == b.x && a.y == b.y;
}

int main(int argc, char **argv) {
    return 0;
}
