#include "sgmc/diagnostics/total_variation.hpp"

namespace sgmc {

double total_variation(ConstPointsRef points_a, const LogWeights& log_weights_a,
                       ConstPointsRef points_b, const LogWeights& log_weights_b, const Grid& grid) {
  require_points(points_a, 1, "points_a");
  require_points(points_b, 1, "points_b");
  const Vec p = grid.histogram(points_a, self_normalised_weights(points_a.cols(), log_weights_a, "log_weights_a"));
  const Vec q = grid.histogram(points_b, self_normalised_weights(points_b.cols(), log_weights_b, "log_weights_b"));
  return 0.5 * (p - q).cwiseAbs().sum();
}

}  // namespace sgmc
