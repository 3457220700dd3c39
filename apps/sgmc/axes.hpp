// Axes of the program's pictures (cairo): a frame, tick marks at "nice"
// numbers (1, 2 or 5 times a power of ten) with their labels, and a title
// along each axis.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

namespace sgmc::app {

/// A panel's pixel box (cairo coordinates, y down) and the data ranges it
/// shows: x_lo at the left edge, y_lo at the bottom.
struct PlotBox {
  double left, top, width, height;
  double x_lo, x_hi, y_lo, y_hi;
  double px(double x) const { return left + (x - x_lo) / (x_hi - x_lo) * width; }
  double py(double y) const { return top + height - (y - y_lo) / (y_hi - y_lo) * height; }
};

/// Room around a PlotBox for its tick labels and axis titles, in pixels.
inline constexpr double kAxisLeft = 70;    ///< left of the box: y labels and title
inline constexpr double kAxisBottom = 38;  ///< below the box: x labels and title

/// Ticks at multiples of 1, 2 or 5 times a power of ten, about `target` of
/// them (at least 2 when lo < hi), all within [lo, hi].
std::vector<double> nice_ticks(double lo, double hi, int target);

/// A tick's label: as few decimals as the ticks' spacing `step` needs.
std::string tick_label(double value, double step);

/// The frame of `box`, ticks and labels on its bottom (x) and left (y)
/// edges, `x_title` centred below and `y_title` upright along the left.
void draw_axes(cairo_t* cr, const PlotBox& box, const std::string& x_title,
               const std::string& y_title);

}  // namespace sgmc::app
