// Scatter pictures of 2-d draws, drawn with cairo.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

namespace sgmc::app {

/// One panel: a title, the draws (2 x n, column per draw) and marked points.
struct ScatterPanel {
  std::string title;
  Eigen::MatrixXd draws;
  Eigen::MatrixXd marks;  ///< 2 x m points drawn as rings (e.g. mode centres)
  /// Optional background, e.g. the target density: values >= 0 on equal
  /// cells of the square, row i the i-th cell of y from below, column j the
  /// j-th of x; shaded from white (0) to orange (the largest value).
  Eigen::MatrixXd background;
};

/// Writes the panels side by side to a PNG file, on the square [lo, hi]^2
/// with axes titled `x_title` (the first coordinate's name) and `y_title`.
/// Throws std::runtime_error when the file cannot be written.
void write_scatter_png(const std::string& path, const std::vector<ScatterPanel>& panels,
                       double lo, double hi, const std::string& x_title,
                       const std::string& y_title);

}  // namespace sgmc::app
