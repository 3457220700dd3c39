#include "trace_png.hpp"

#include <algorithm>
#include <string>

#include "axes.hpp"
#include "png_canvas.hpp"

namespace sgmc::app {
namespace {

constexpr int kTraceWidth = 680;
constexpr int kDensityWidth = 380;
constexpr int kRowHeight = 230;
constexpr int kHeading = 30;  // room for the picture's heading
constexpr int kTitle = 24;    // room for a row's title
constexpr int kPad = 14;

/// Chain colours, repeated beyond the sixth chain.
constexpr double kColours[][3] = {{0.12, 0.47, 0.71}, {1.0, 0.5, 0.05}, {0.17, 0.63, 0.17},
                                  {0.84, 0.15, 0.16}, {0.58, 0.4, 0.74}, {0.55, 0.34, 0.29}};

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

/// The box of a panel `width` pixels wide from `left`, under a row's title
/// at `top`, with room for its axes.
PlotBox panel_box(double left, double width, double top, double x_lo, double x_hi, double y_lo,
                  double y_hi) {
  return {left + kAxisLeft, top + kTitle, width - kAxisLeft - kPad,
          kRowHeight - kTitle - kAxisBottom - kPad, x_lo, x_hi, y_lo, y_hi};
}

void draw_trace(cairo_t* cr, const CoordinatePanels& row, double top) {
  const auto [k_lo, k_hi] = range(row.iterations);
  const auto [y_lo, y_hi] = range(row.values);
  const double margin = 0.04 * (y_hi - y_lo);  // the extremes off the frame
  const PlotBox b = panel_box(0, kTraceWidth, top, k_lo, k_hi, y_lo - margin, y_hi + margin);
  cairo_save(cr);
  cairo_rectangle(cr, b.left, b.top, b.width, b.height);
  cairo_clip(cr);
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
  cairo_restore(cr);
  draw_axes(cr, b, "iteration", row.name);
}

void draw_density(cairo_t* cr, const CoordinatePanels& row, double top) {
  const double peak = row.density.size() > 0 ? std::max(row.density.maxCoeff(), 1e-300) : 1.0;
  const PlotBox b = panel_box(kTraceWidth, kDensityWidth, top, row.lo, row.hi, 0.0, peak * 1.05);
  const double width = (row.hi - row.lo) / static_cast<double>(row.density.size());
  cairo_set_source_rgb(cr, 0.12, 0.47, 0.71);
  for (Index i = 0; i < row.density.size(); ++i) {
    const double x0 = b.px(row.lo + static_cast<double>(i) * width);
    const double x1 = b.px(row.lo + static_cast<double>(i + 1) * width);
    cairo_rectangle(cr, x0, b.py(row.density[i]), x1 - x0, b.py(0) - b.py(row.density[i]));
  }
  cairo_fill(cr);
  draw_axes(cr, b, row.name, "density");
}

/// A swatch and "chain c" (1-based) per chain, at the right of the heading.
void draw_legend(const PngCanvas& canvas, std::size_t n_chains) {
  constexpr double kEntry = 78;  // pixels per chain
  const double left = kTraceWidth + kDensityWidth - kPad - kEntry * static_cast<double>(n_chains);
  for (std::size_t c = 0; c < n_chains; ++c) {
    const double x = left + kEntry * static_cast<double>(c);
    const auto& colour = kColours[c % std::size(kColours)];
    cairo_set_source_rgb(canvas.cr(), colour[0], colour[1], colour[2]);
    cairo_rectangle(canvas.cr(), x, kHeading - 20, 14, 10);
    cairo_fill(canvas.cr());
    canvas.title(x + 18, kHeading - 10, "chain " + std::to_string(c + 1));
  }
}

}  // namespace

void write_trace_png(const std::string& path, const std::string& heading,
                     const std::vector<CoordinatePanels>& rows) {
  const PngCanvas canvas(kTraceWidth + kDensityWidth,
                         kHeading + kRowHeight * std::max<int>(1, static_cast<int>(rows.size())));
  canvas.title(kPad, kHeading - 10, heading);
  draw_legend(canvas, rows.empty() ? 0 : rows.front().values.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const double top = kHeading + static_cast<double>(r) * kRowHeight;
    canvas.title(kAxisLeft, top + kTitle - 8, rows[r].name + ": trace");
    canvas.title(kTraceWidth + kAxisLeft, top + kTitle - 8, rows[r].name + ": density");
    draw_trace(canvas.cr(), rows[r], top);
    draw_density(canvas.cr(), rows[r], top);
  }
  canvas.write(path);
}

}  // namespace sgmc::app
