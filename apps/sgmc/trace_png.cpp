#include "trace_png.hpp"

#include <algorithm>
#include <cstdio>

#include "png_canvas.hpp"

namespace sgmc::app {
namespace {

constexpr int kTraceWidth = 640;
constexpr int kDensityWidth = 320;
constexpr int kRowHeight = 170;
constexpr int kTitle = 24;  // room for a row's title
constexpr int kPad = 8;

/// Chain colours, repeated beyond the sixth chain.
constexpr double kColours[][3] = {{0.12, 0.47, 0.71}, {1.0, 0.5, 0.05}, {0.17, 0.63, 0.17},
                                  {0.84, 0.15, 0.16}, {0.58, 0.4, 0.74}, {0.55, 0.34, 0.29}};

/// The pixel box of a panel and the map of data values into it.
struct Box {
  double left, top, width, height;
  double x_lo, x_hi, y_lo, y_hi;
  double px(double x) const { return left + (x - x_lo) / (x_hi - x_lo) * width; }
  double py(double y) const { return top + height - (y - y_lo) / (y_hi - y_lo) * height; }
};

/// A small grey number with its left end at (x, y).
void label(cairo_t* cr, double x, double y, double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
  cairo_set_font_size(cr, 10);
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, text);
}

/// The box's outline and the data values at its corners: y range at the
/// left, x range along the bottom.
void frame(cairo_t* cr, const Box& b) {
  cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
  cairo_set_line_width(cr, 1.0);
  cairo_rectangle(cr, b.left, b.top, b.width, b.height);
  cairo_stroke(cr);
  label(cr, b.left + 3, b.top + 11, b.y_hi);
  label(cr, b.left + 3, b.top + b.height - 14, b.y_lo);
  label(cr, b.left + 3, b.top + b.height - 3, b.x_lo);
  label(cr, b.left + b.width - 50, b.top + b.height - 3, b.x_hi);
}

/// [min, max] of the values of every chain, widened when they are all equal.
std::pair<double, double> range(const std::vector<Vec>& per_chain) {
  double lo = 0, hi = 0;
  bool first = true;
  for (const auto& v : per_chain) {
    if (v.size() == 0) continue;
    lo = first ? v.minCoeff() : std::min(lo, v.minCoeff());
    hi = first ? v.maxCoeff() : std::max(hi, v.maxCoeff());
    first = false;
  }
  return hi > lo ? std::pair{lo, hi} : std::pair{lo - 0.5, hi + 0.5};
}

void draw_trace(cairo_t* cr, const CoordinatePanels& row, double top) {
  const auto [k_lo, k_hi] = range(row.iterations);
  const auto [y_lo, y_hi] = range(row.values);
  const Box b{kPad, top, kTraceWidth - 2.0 * kPad, kRowHeight - kTitle - 2.0 * kPad,
              k_lo, k_hi, y_lo, y_hi};
  cairo_set_line_width(cr, 0.6);
  for (std::size_t c = 0; c < row.values.size(); ++c) {
    const auto& colour = kColours[c % std::size(kColours)];
    cairo_set_source_rgba(cr, colour[0], colour[1], colour[2], 0.7);
    const Vec& k = row.iterations[c];
    const Vec& y = row.values[c];
    for (Index i = 0; i < y.size(); ++i) {
      (i == 0 ? cairo_move_to : cairo_line_to)(cr, b.px(k[i]), b.py(y[i]));
    }
    cairo_stroke(cr);
  }
  frame(cr, b);
}

void draw_density(cairo_t* cr, const CoordinatePanels& row, double top) {
  const double peak = row.density.size() > 0 ? std::max(row.density.maxCoeff(), 1e-300) : 1.0;
  const Box b{kTraceWidth + kPad, top, kDensityWidth - 2.0 * kPad,
              kRowHeight - kTitle - 2.0 * kPad, row.lo, row.hi, 0.0, peak * 1.05};
  const double width = (row.hi - row.lo) / static_cast<double>(row.density.size());
  cairo_set_source_rgb(cr, 0.12, 0.47, 0.71);
  for (Index i = 0; i < row.density.size(); ++i) {
    const double x0 = b.px(row.lo + static_cast<double>(i) * width);
    const double x1 = b.px(row.lo + static_cast<double>(i + 1) * width);
    cairo_rectangle(cr, x0, b.py(row.density[i]), x1 - x0, b.py(0) - b.py(row.density[i]));
  }
  cairo_fill(cr);
  frame(cr, b);
}

}  // namespace

void write_trace_png(const std::string& path, const std::vector<CoordinatePanels>& rows) {
  const PngCanvas canvas(kTraceWidth + kDensityWidth,
                         kRowHeight * std::max<int>(1, static_cast<int>(rows.size())));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const double top = static_cast<double>(r) * kRowHeight;
    canvas.title(kPad, top + kTitle - 6, rows[r].name + ": trace");
    canvas.title(kTraceWidth + kPad, top + kTitle - 6, rows[r].name + ": density");
    draw_trace(canvas.cr(), rows[r], top + kTitle);
    draw_density(canvas.cr(), rows[r], top + kTitle);
  }
  canvas.write(path);
}

}  // namespace sgmc::app
