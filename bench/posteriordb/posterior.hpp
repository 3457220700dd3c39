// One posteriordb posterior as the harness runs it: the sgmc model on its
// unconstrained scale, the map to the reference draws' parameters (and
// back, to start chains at reference draws), and whether its data are
// exchangeable (mini-batches stand for the full data).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../common/posteriordb.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc::bench {

struct Posterior {
  std::string name;                   ///< the posteriordb folder, e.g. "arK-arK"
  std::shared_ptr<const Model> model;
  std::vector<std::string> names;     ///< reference parameters, constrained order
  std::function<Vec(ConstVecRef)> constrained;    ///< model coordinates -> names
  std::function<Vec(ConstVecRef)> unconstrained;  ///< names -> model coordinates
  bool exchangeable = true;           ///< false: one parameter per datum, full batch only
  /// The exact moments of `names`, where they are known (the regressions:
  /// exact_regression.hpp); the benches measure against them, not the
  /// NUTS reference draws, whose own error would shift every run's error.
  std::optional<ReferenceMoments> exact;
};

/// The nine posteriors of ../shared/posteriordb, in the order of its README.
const std::vector<std::string>& posterior_names();

/// The six Gaussian linear regressions and arK, all LinearRegression models.
bool is_regression(const std::string& name);

/// Posterior `name` with its data read from `dir`/`name`/data.json. Throws
/// std::runtime_error for an unknown name or an unreadable file.
Posterior load_posterior(const std::string& dir, const std::string& name);

/// A regression posterior (is_regression(name)).
Posterior load_regression(const std::string& dir, const std::string& name);

}  // namespace sgmc::bench
