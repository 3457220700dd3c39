#include "axes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace sgmc::app {
namespace {

constexpr double kTick = 5;         // tick length, outside the frame
constexpr double kLabelSize = 11;   // tick labels
constexpr double kTitleSize = 12;   // axis titles

/// The spacing of the ticks: 1, 2 or 5 times a power of ten, the one whose
/// count over [lo, hi] is nearest `target`.
double tick_step(double lo, double hi, int target) {
  const double raw = (hi - lo) / std::max(target, 1);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double best = power;
  for (const double m : {1.0, 2.0, 5.0, 10.0}) {
    if (std::abs(raw - m * power) < std::abs(raw - best)) best = m * power;
  }
  return best;
}

/// Writes `text` with its anchor at (x, y): `ax`, `ay` in [0, 1] place the
/// anchor along the text's width (0 left) and height (0 top).
void text(cairo_t* cr, const std::string& s, double x, double y, double ax, double ay) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  cairo_move_to(cr, x - e.x_bearing - ax * e.width, y - e.y_bearing - ay * e.height);
  cairo_show_text(cr, s.c_str());
}

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int target) {
  // A range too narrow for its magnitude (a constant parameter) has no
  // steps a double can tell apart: one tick.
  if (!(hi - lo > 1e-9 * std::max(std::abs(lo), std::abs(hi))) || !std::isfinite(hi - lo)) {
    return {lo};
  }
  const double step = tick_step(lo, hi, target);
  const double first = std::ceil(lo / step - 1e-9);
  std::vector<double> ticks;
  for (int i = 0; i <= 2 * target + 2; ++i) {  // at most about twice `target` fit
    const double tick = (first + i) * step;
    if (tick > hi + 1e-9 * step) break;
    ticks.push_back(tick == 0 ? 0.0 : tick);  // no "-0"
  }
  return ticks;
}

std::string tick_label(double value, double step) {
  char out[32];
  const double magnitude = std::max(std::abs(value), std::abs(step));
  if (magnitude >= 1e6 || magnitude < 1e-4) {
    std::snprintf(out, sizeof out, "%.3g", value);
  } else {
    const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
    std::snprintf(out, sizeof out, "%.*f", decimals, value);
  }
  return out;
}

void draw_axes(cairo_t* cr, const PlotBox& b, const std::string& x_title,
               const std::string& y_title) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
  cairo_set_line_width(cr, 1.0);
  cairo_rectangle(cr, b.left, b.top, b.width, b.height);
  cairo_stroke(cr);
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, kLabelSize);
  const double bottom = b.top + b.height;

  const auto xs = nice_ticks(b.x_lo, b.x_hi, std::max(2, static_cast<int>(b.width / 90)));
  const double x_step = xs.size() > 1 ? xs[1] - xs[0] : 1.0;
  for (const double x : xs) {
    const double at = b.px(x);
    cairo_move_to(cr, at, bottom);
    cairo_line_to(cr, at, bottom + kTick);
    cairo_stroke(cr);
    text(cr, tick_label(x, x_step), at, bottom + kTick + 3, 0.5, 0.0);
  }
  const auto ys = nice_ticks(b.y_lo, b.y_hi, std::max(2, static_cast<int>(b.height / 40)));
  const double y_step = ys.size() > 1 ? ys[1] - ys[0] : 1.0;
  for (const double y : ys) {
    const double at = b.py(y);
    cairo_move_to(cr, b.left - kTick, at);
    cairo_line_to(cr, b.left, at);
    cairo_stroke(cr);
    text(cr, tick_label(y, y_step), b.left - kTick - 3, at, 1.0, 0.5);
  }

  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_font_size(cr, kTitleSize);
  text(cr, x_title, b.left + b.width / 2, bottom + kAxisBottom, 0.5, 1.0);
  cairo_translate(cr, b.left - kAxisLeft, b.top + b.height / 2);
  cairo_rotate(cr, -std::numbers::pi / 2);
  text(cr, y_title, 0, 0, 0.5, 0.0);
  cairo_restore(cr);
}

}  // namespace sgmc::app
