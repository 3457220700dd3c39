// Names of a model's parameters (docs/models.md, "Parameter names"): what the
// draws' columns, summaries and pictures are labelled with.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "sgmc/core/types.hpp"
#include "sgmc/data/dataset.hpp"

namespace sgmc {

/// "prefix[1]", ..., "prefix[n]".
std::vector<std::string> indexed_names(const std::string& prefix, Index n);

/// The coefficients of a regression on `data`: its feature names (x[j] for
/// a data set without names), then "(Intercept)" when `intercept`.
std::vector<std::string> coefficient_names(const Dataset& data, bool intercept);

/// Checks names given for the `dim` coordinates of a model: `dim` of them,
/// none empty, no two alike. Throws Error(kInvalidArgument) naming
/// `argument` and the offending value.
void check_parameter_names(std::span<const std::string> names, Index dim, const char* argument);

}  // namespace sgmc
