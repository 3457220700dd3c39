#include "sgmc/diagnostics/point_set.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "sgmc/core/error.hpp"

namespace sgmc {

std::string element_name(const std::string& name, Index i) {
  std::ostringstream out;
  out << name << '[' << i << ']';
  return out.str();
}

void require_finite(const double* values, Index n, const char* argument) {
  for (Index i = 0; i < n; ++i) {
    if (!std::isfinite(values[i])) {
      require(false, element_name(argument, i).c_str(), values[i], "must be finite");
    }
  }
}

void require_points(ConstPointsRef points, Index min_points, const char* argument) {
  const std::string name(argument);
  require(points.rows() >= 1, (name + " dim").c_str(), points.rows(), "must be at least 1");
  require(points.cols() >= min_points, (name + " size").c_str(), points.cols(),
          ("must be at least " + show(min_points)).c_str());
  require_finite(points.data(), points.size(), argument);
}

Vec self_normalised_weights(Index n, const LogWeights& log_weights, const char* argument) {
  if (!log_weights) return Vec::Constant(n, 1.0 / static_cast<double>(n));
  const auto& l = *log_weights;
  require(l.size() == n, argument, l.size(), ("length must equal the number of draws, " + show(n)).c_str());
  for (Index i = 0; i < n; ++i) {
    if (std::isnan(l[i]) || l[i] == std::numeric_limits<double>::infinity()) {
      require(false, element_name(argument, i).c_str(), l[i], "must be a number below +inf");
    }
  }
  const double top = l.maxCoeff();
  require(std::isfinite(top), argument, top, "needs at least one finite log-weight");
  const Vec w = (l.array() - top).exp().matrix();
  return w / w.sum();
}

}  // namespace sgmc
