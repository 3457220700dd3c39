#include "scatter_png.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numbers>

#include "axes.hpp"
#include "png_canvas.hpp"

namespace sgmc::app {
namespace {

constexpr int kPanel = 480;   // pixels per panel's width
constexpr int kMargin = 30;   // room for the title
constexpr int kPad = 14;      // right of and below the axes
constexpr double kSide = kPanel - kAxisLeft - kPad;  // the square's side

/// Paints `values` (rows = y cells from below) over the box whose top-left
/// corner is (left, top) and side `side` pixels. A square root eases the
/// shading so that low modes still show beside high ones.
void draw_background(cairo_t* cr, const Eigen::MatrixXd& values, double left, double top,
                     double side) {
  const int rows = static_cast<int>(values.rows()), cols = static_cast<int>(values.cols());
  CairoSurface image(cairo_image_surface_create(CAIRO_FORMAT_RGB24, cols, rows), &cairo_surface_destroy);
  const int stride = cairo_image_surface_get_stride(image.get());
  unsigned char* pixels = cairo_image_surface_get_data(image.get());
  const double top_value = std::max(values.maxCoeff(), 1e-300);
  for (int i = 0; i < rows; ++i) {
    auto* row = reinterpret_cast<std::uint32_t*>(pixels + (rows - 1 - i) * stride);
    for (int j = 0; j < cols; ++j) {
      const double t = std::sqrt(std::max(values(i, j), 0.0) / top_value);
      const auto shade = [&](double full) { return static_cast<std::uint32_t>(255 - t * (255 - full)); };
      row[j] = shade(250) << 16 | shade(150) << 8 | shade(40);  // white to orange
    }
  }
  cairo_surface_mark_dirty(image.get());
  cairo_save(cr);
  cairo_translate(cr, left, top);
  cairo_scale(cr, side / cols, side / rows);
  cairo_set_source_surface(cr, image.get(), 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
  cairo_paint(cr);
  cairo_restore(cr);
}

void draw_panel(const PngCanvas& canvas, const ScatterPanel& panel, double x_offset, double lo,
                double hi, const std::string& x_title, const std::string& y_title) {
  cairo_t* cr = canvas.cr();
  const PlotBox b{x_offset + kAxisLeft, kMargin, kSide, kSide, lo, hi, lo, hi};

  if (panel.background.size() > 0) draw_background(cr, panel.background, b.left, b.top, kSide);

  cairo_set_source_rgba(cr, 0.1, 0.3, 0.8, 0.08);
  for (Eigen::Index j = 0; j < panel.draws.cols(); ++j) {
    const double x = panel.draws(0, j), y = panel.draws(1, j);
    if (x < lo || x > hi || y < lo || y > hi) continue;
    cairo_rectangle(cr, b.px(x) - 1, b.py(y) - 1, 2, 2);
    cairo_fill(cr);
  }

  cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
  cairo_set_line_width(cr, 1.0);
  for (Eigen::Index j = 0; j < panel.marks.cols(); ++j) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, b.px(panel.marks(0, j)), b.py(panel.marks(1, j)), 4, 0, 2 * std::numbers::pi);
  }
  cairo_stroke(cr);

  draw_axes(cr, b, x_title, y_title);
  canvas.title(b.left, kMargin - 10, panel.title);
}

}  // namespace

void write_scatter_png(const std::string& path, const std::vector<ScatterPanel>& panels,
                       double lo, double hi, const std::string& x_title,
                       const std::string& y_title) {
  const int width = kPanel * static_cast<int>(panels.size());
  const PngCanvas canvas(width, static_cast<int>(kMargin + kSide + kAxisBottom + kPad));
  for (std::size_t i = 0; i < panels.size(); ++i) {
    draw_panel(canvas, panels[i], static_cast<double>(i) * kPanel, lo, hi, x_title, y_title);
  }
  canvas.write(path);
}

}  // namespace sgmc::app
