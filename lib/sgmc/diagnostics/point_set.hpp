// Sample sets for the distance diagnostics: n points of dimension d, one
// point per column (the layout of DrawStore::draws()), with optional
// per-draw log-weights such as the importance weights of the contour
// samplers (SPEC §4.1).
#pragma once

#include <optional>
#include <string>

#include "sgmc/core/types.hpp"

namespace sgmc {

/// d x n: column i is point i.
using ConstPointsRef = Eigen::Ref<const Eigen::MatrixXd>;

/// Unnormalised log-weights of the n draws, or none for equal weights.
using LogWeights = std::optional<Eigen::Ref<const Vec>>;

/// "name[i]", naming one element of an array argument in an error.
std::string element_name(const std::string& name, Index i);

/// Checks that the n `values` are finite, naming `argument`[i] otherwise.
void require_finite(const double* values, Index n, const char* argument);

/// Checks that `points` has at least `min_points` points of dimension >= 1,
/// all finite; errors name `argument` (or `argument`[i] for a value).
void require_points(ConstPointsRef points, Index min_points, const char* argument);

/// The weights w_i = exp(l_i) / sum_j exp(l_j), formed in log space (the
/// largest l_i is subtracted first) so that log-weights of any size work;
/// 1/n each without log-weights. l_i = -inf gives weight 0; NaN, +inf, a
/// length other than n or all -inf are rejected, naming `argument`.
Vec self_normalised_weights(Index n, const LogWeights& log_weights, const char* argument);

}  // namespace sgmc
