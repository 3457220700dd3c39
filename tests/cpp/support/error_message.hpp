// The message of the sgmc::Error a call throws, for tests of argument checks.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc::testing {

/// Runs make(), expects it to throw sgmc::Error of `kind`, returns what().
std::string message_of(auto&& make, ErrorKind kind = ErrorKind::kInvalidArgument) {
  try {
    make();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no sgmc::Error thrown";
  return {};
}

}  // namespace sgmc::testing
