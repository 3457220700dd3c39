#include "png_canvas.hpp"

#include <stdexcept>

namespace sgmc::app {

PngCanvas::PngCanvas(int width, int height)
    : surface_(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
               &cairo_surface_destroy),
      cr_(cairo_create(surface_.get()), &cairo_destroy) {
  cairo_set_source_rgb(cr(), 1, 1, 1);
  cairo_paint(cr());
}

void PngCanvas::title(double x, double y, const std::string& text) const {
  cairo_set_source_rgb(cr(), 0, 0, 0);
  cairo_select_font_face(cr(), "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr(), 14);
  cairo_move_to(cr(), x, y);
  cairo_show_text(cr(), text.c_str());
}

void PngCanvas::write(const std::string& path) const {
  if (cairo_surface_write_to_png(surface_.get(), path.c_str()) != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error("cannot write the picture '" + path + "'");
  }
}

}  // namespace sgmc::app
