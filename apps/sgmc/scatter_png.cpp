#include "scatter_png.hpp"

#include <cairo.h>

#include <cmath>
#include <memory>
#include <numbers>

#include "sgmc/core/error.hpp"

namespace sgmc::app {
namespace {

constexpr int kPanel = 420;   // pixels per panel side
constexpr int kMargin = 30;   // room for the title

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
using Context = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;

void draw_panel(cairo_t* cr, const ScatterPanel& panel, double x_offset, double lo, double hi) {
  const double scale = (kPanel - 2.0 * 10) / (hi - lo);
  auto px = [&](double x) { return x_offset + 10 + (x - lo) * scale; };
  auto py = [&](double y) { return kMargin + 10 + (hi - y) * scale; };

  cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
  cairo_rectangle(cr, px(lo), py(hi), (hi - lo) * scale, (hi - lo) * scale);
  cairo_set_line_width(cr, 1.0);
  cairo_stroke(cr);

  cairo_set_source_rgba(cr, 0.1, 0.3, 0.8, 0.08);
  for (Eigen::Index j = 0; j < panel.draws.cols(); ++j) {
    const double x = panel.draws(0, j), y = panel.draws(1, j);
    if (x < lo || x > hi || y < lo || y > hi) continue;
    cairo_rectangle(cr, px(x) - 1, py(y) - 1, 2, 2);
    cairo_fill(cr);
  }

  cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
  for (Eigen::Index j = 0; j < panel.marks.cols(); ++j) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, px(panel.marks(0, j)), py(panel.marks(1, j)), 4, 0, 2 * std::numbers::pi);
  }
  cairo_stroke(cr);

  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 14);
  cairo_move_to(cr, x_offset + 10, kMargin - 10);
  cairo_show_text(cr, panel.title.c_str());
}

}  // namespace

void write_scatter_png(const std::string& path, const std::vector<ScatterPanel>& panels,
                       double lo, double hi) {
  const int width = kPanel * static_cast<int>(panels.size());
  Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, kPanel + kMargin),
                  &cairo_surface_destroy);
  Context cr(cairo_create(surface.get()), &cairo_destroy);
  cairo_set_source_rgb(cr.get(), 1, 1, 1);
  cairo_paint(cr.get());
  for (std::size_t i = 0; i < panels.size(); ++i) {
    draw_panel(cr.get(), panels[i], static_cast<double>(i) * kPanel, lo, hi);
  }
  if (cairo_surface_write_to_png(surface.get(), path.c_str()) != CAIRO_STATUS_SUCCESS) {
    throw Error(ErrorKind::kIo, "cannot write the picture '" + path + "'");
  }
}

}  // namespace sgmc::app
