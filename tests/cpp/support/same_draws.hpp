// Bitwise comparison of recorded draws, for determinism tests (DESIGN.md
// "Testing policy": same seed, same draws, for 1 and several threads).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "sgmc/storage/draw_store.hpp"

namespace sgmc::testing {

/// Expects the draws and energies of `a` and `b` to be bitwise equal.
inline void expect_same_draws(const DrawStore& a, const DrawStore& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  EXPECT_EQ(0, std::memcmp(a.draws().data(), b.draws().data(),
                           sizeof(double) * static_cast<std::size_t>(a.size() * a.dim())))
      << what;
  EXPECT_EQ(a.energies(), b.energies()) << what;
}

}  // namespace sgmc::testing
