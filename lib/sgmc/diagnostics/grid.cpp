#include "sgmc/diagnostics/grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {

Grid::Grid(Vec lower, Vec upper, std::vector<Index> bins)
    : lower_(std::move(lower)), upper_(std::move(upper)), bins_(std::move(bins)) {
  require(lower_.size() >= 1, "grid dim", lower_.size(), "must be at least 1");
  require(upper_.size() == lower_.size() && static_cast<Index>(bins_.size()) == lower_.size(),
          "grid dim", lower_.size(), "lower, upper and bins must have the same length");
  for (Index j = 0; j < dim(); ++j) {
    const std::string lower_j = element_name("lower", j), bins_j = element_name("bins", j);
    require(std::isfinite(lower_[j]), lower_j.c_str(), lower_[j], "must be finite");
    require(std::isfinite(upper_[j]) && upper_[j] > lower_[j], element_name("upper", j).c_str(),
            upper_[j], ("must be finite and above " + lower_j + " = " + show(lower_[j])).c_str());
    const Index b = bins_[static_cast<std::size_t>(j)];
    require(b >= 1, bins_j.c_str(), b, "must be at least 1");
    require(n_cells_ <= std::numeric_limits<Index>::max() / b / 2, bins_j.c_str(), b,
            "makes too many cells");
    n_cells_ *= b;
  }
}

std::optional<Index> Grid::cell_of(ConstVecRef x) const {
  Index cell = 0;
  for (Index j = 0; j < dim(); ++j) {
    if (!(x[j] >= lower_[j] && x[j] <= upper_[j])) return std::nullopt;
    const Index b = bins_[static_cast<std::size_t>(j)];
    const auto i = static_cast<Index>((x[j] - lower_[j]) / (upper_[j] - lower_[j]) * static_cast<double>(b));
    cell = cell * b + std::min(i, b - 1);
  }
  return cell;
}

Vec Grid::histogram(ConstPointsRef points, const Vec& weights) const {
  require(points.rows() == dim(), "points dim", points.rows(),
          ("must equal the grid's dimension, " + show(dim())).c_str());
  Vec mass = Vec::Zero(n_cells_ + 1);
  for (Index i = 0; i < points.cols(); ++i) mass[cell_of(points.col(i)).value_or(n_cells_)] += weights[i];
  return mass;
}

}  // namespace sgmc
