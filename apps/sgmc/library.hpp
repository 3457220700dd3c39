// The program's hold on libsgmc, whose C API (sgmc/sgmc.h) is all it knows
// of the engine: owners of the library's handles, its failures as
// exceptions, and the few types the program computes with.
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sgmc/sgmc.h"

namespace sgmc::app {

using Index = std::int64_t;
using Vec = Eigen::VectorXd;

/// A failure of the library (its status and sgmc_last_error()) or of the
/// program's own checks; main() prints "sgmc: " and the message.
class Failure : public std::runtime_error {
 public:
  explicit Failure(const std::string& message, sgmc_status status = SGMC_ERROR_INVALID_ARGUMENT)
      : std::runtime_error(message), status_(status) {}
  sgmc_status status() const noexcept { return status_; }

 private:
  sgmc_status status_;
};

/// Throws Failure with sgmc_last_error() unless `status` is SGMC_OK.
void check(sgmc_status status);

/// A C function's argument and the config key the program names it by.
struct Renamed {
  std::string_view argument;
  std::string_view key;
};

/// check(), with the library's "argument 'names..." in its message read as
/// "argument 'model.names...": the program names its config's keys, not the
/// C function's arguments ("argument 'names[2]'" becomes "argument
/// 'model.names[2]'").
void check_as(sgmc_status status, std::initializer_list<Renamed> renames);

template <typename T, void (*destroy)(T*)>
struct Destroyer {
  void operator()(T* handle) const { destroy(handle); }
};
using ModelHandle = std::unique_ptr<sgmc_model, Destroyer<sgmc_model, sgmc_model_destroy>>;
using DataHandle = std::unique_ptr<sgmc_data, Destroyer<sgmc_data, sgmc_data_destroy>>;
using DrawsHandle = std::unique_ptr<sgmc_draws, Destroyer<sgmc_draws, sgmc_draws_destroy>>;
using OptionsHandle = std::unique_ptr<sgmc_options, Destroyer<sgmc_options, sgmc_options_destroy>>;

/// Whether `sampler` (a value of option "sampler") is of `family`.
bool in_family(const std::string& sampler, sgmc_sampler_family family);

}  // namespace sgmc::app
