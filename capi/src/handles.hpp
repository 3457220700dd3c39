// The C handles are thin owners of engine objects.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/data/dataset.hpp"
#include "sgmc/drivers/hosted_run.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/models/model.hpp"
#include "sgmc/record/recorded_run.hpp"
#include "sgmc/sgmc.h"
#include "sgmc/storage/draw_store.hpp"
#include "sgmc/verdict/run_verdict.hpp"

struct sgmc_options {
  sgmc::Options options;
};

struct sgmc_model {
  std::unique_ptr<sgmc::Model> model;
  /// The parameters' names (sgmc_model_parameter_name points into them).
  std::vector<std::string> names;

  /// A handle of `model`, named as the model names its parameters.
  static std::unique_ptr<sgmc_model> of(std::unique_ptr<sgmc::Model> model) {
    auto handle = std::make_unique<sgmc_model>();
    handle->names = model->parameter_names();
    handle->model = std::move(model);
    return handle;
  }
};

/// What a run recorded (lib/sgmc/record/recorded_run.hpp), its parts read by
/// name (sgmc_draws_column_*, sgmc_draws_stat_*).
struct sgmc_draws : sgmc::RecordedRun {
  /// Copies of what `chains` have recorded so far, with a run's swap statistics.
  static std::unique_ptr<sgmc_draws> of(const sgmc::ChainList& chains, sgmc::SwapStats swaps = {}) {
    auto draws = std::make_unique<sgmc_draws>();
    static_cast<sgmc::RecordedRun&>(*draws) = sgmc::recorded_run(chains, std::move(swaps));
    return draws;
  }

  /// The run's verdict (docs/verdict.md), computed at the first call (it
  /// sorts every checked coordinate's draws) and kept: the strings of
  /// sgmc_draws_check() point into it. Safe from several threads.
  const sgmc::Verdict& verdict() const {
    std::call_once(verdict_once_, [this] { verdict_ = sgmc::run_verdict(*this); });
    return verdict_;
  }

 private:
  mutable std::once_flag verdict_once_;
  mutable sgmc::Verdict verdict_;
};

/// A run its caller answers (sgmc_run_*), with the fault that ended it.
struct sgmc_run {
  sgmc::HostedRun run;
  std::optional<sgmc::ModelFault> fault;
};

struct sgmc_data {
  std::shared_ptr<const sgmc::Dataset> data;
};

namespace sgmc::capi {

/// Validates draws, chain and out (not NULL), and returns the chain's store.
const DrawStore& chain_store(const sgmc_draws* draws, int64_t chain, const void* out);

/// Whether a contour function takes chain = -1 for all chains: never, for
/// any run, or for chains that share one theta (kState for others).
enum class Pooled { kNo, kAny, kSharedTheta };
/// Validates draws and chain (in [0, n_chains), or -1 as `pooled` allows);
/// throws kState when the draws are not a contour sampler's.
void require_contour(const sgmc_draws* draws, int64_t chain, Pooled pooled);

}  // namespace sgmc::capi
