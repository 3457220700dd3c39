// Basic types shared by every layer of the engine.
#pragma once

#include <Eigen/Core>
#include <cstdint>

namespace sgmc {

/// Sizes and indices: fixed 64-bit width, as in the C API.
using Index = std::int64_t;

using Vec = Eigen::VectorXd;
using VecRef = Eigen::Ref<Eigen::VectorXd>;
using ConstVecRef = Eigen::Ref<const Eigen::VectorXd>;

}  // namespace sgmc
