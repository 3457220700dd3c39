// A white cairo image that is written to a PNG file: what every picture of
// the program starts and ends with.
#pragma once

#include <cairo.h>

#include <memory>
#include <string>

namespace sgmc::app {

using CairoSurface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

class PngCanvas {
 public:
  PngCanvas(int width, int height);

  cairo_t* cr() const { return cr_.get(); }
  /// Writes `text` in the title font with its baseline at (x, y).
  void title(double x, double y, const std::string& text) const;
  /// Throws std::runtime_error naming `path` when it cannot be written.
  void write(const std::string& path) const;

 private:
  CairoSurface surface_;
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr_;
};

}  // namespace sgmc::app
