// sgmc_run_*: a whole run driven by its caller (ask/tell), behind it the
// engine's Run and drivers that sgmc_sample answers on worker threads.
#include "firewall.hpp"
#include "handles.hpp"

#include <span>
#include <string>

using sgmc::capi::create_into;
using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

namespace {

/// Validates `run` (not NULL) and its dimension argument.
template <typename Handle>
Handle& checked(Handle* run, int64_t dim) {
  require_non_null(run, "run");
  if (dim != run->run.dim()) {  // formatted only on failure: this runs every evaluation
    sgmc::reject("dim", dim,
                  ("must equal the run's dimension " + sgmc::show(run->run.dim())).c_str());
  }
  return *run;
}

/// A gradient argument: dim values, or none (zeros) for NULL.
std::span<const double> gradient(const double* values, int64_t dim) {
  return values == nullptr ? std::span<const double>()
                           : std::span<const double>(values, static_cast<std::size_t>(dim));
}

/// Chain `chain` of the run, checked.
const sgmc::Chain& run_chain(const sgmc_run& run, int64_t chain) {
  const auto& chains = run.run.chains();
  sgmc::capi::require_chain(chain, std::ssize(chains));
  return *chains[static_cast<std::size_t>(chain)];
}

std::unique_ptr<sgmc_run> hosted(std::unique_ptr<sgmc::Run> run) {
  return std::make_unique<sgmc_run>(sgmc_run{sgmc::HostedRun(std::move(run)), std::nullopt});
}

}  // namespace

extern "C" {

sgmc_status sgmc_run_create(sgmc_run** out, const sgmc_options* options, int64_t dim,
                            int64_t data_size, const double* x0, int64_t x0_len) {
  return create_into(out, [&] {
    require_non_null(options, "options");
    require_non_null(x0, "x0");
    sgmc::require(dim >= 1, "dim", dim, "must be >= 1");
    sgmc::require(data_size >= 0, "data_size", data_size, "must be >= 0");
    sgmc::require(x0_len >= 0, "x0_len", x0_len, "must be >= 0");
    return hosted(sgmc::start_run(options->options, {dim, data_size},
                                  Eigen::Map<const Eigen::VectorXd>(x0, x0_len)));
  });
}

sgmc_status sgmc_run_resume(sgmc_run** out, const char* path, const sgmc_options* overrides,
                            int64_t dim, int64_t data_size) {
  return create_into(out, [&] {
    require_non_null(path, "path");
    sgmc::require(dim >= 1, "dim", dim, "must be >= 1");
    sgmc::require(data_size >= 0, "data_size", data_size, "must be >= 0");
    try {
      return hosted(
          sgmc::restart(path, overrides ? &overrides->options : nullptr, {dim, data_size}).run);
    } catch (const sgmc::Error& e) {
      // The shape is given as dim and data_size here, not as a model.
      std::string message = e.what();
      if (message.rfind("argument 'model' has", 0) == 0) {
        message.replace(0, 20, "arguments 'dim' and 'data_size' give");
        throw sgmc::Error(e.kind(), message);
      }
      if (e.kind() == sgmc::ErrorKind::kInvalidArgument && message.rfind("option ", 0) == 0) {
        throw sgmc::Error(e.kind(), "argument 'overrides': " + message);
      }
      throw;
    }
  });
}

void sgmc_run_destroy(sgmc_run* run) { delete run; }

sgmc_status sgmc_run_ask(sgmc_run* run, int64_t* n_evaluations) {
  return guarded([&] {
    require_non_null(run, "run");
    require_non_null(n_evaluations, "n_evaluations");
    *n_evaluations = 0;
    if (!run->fault) {
      *n_evaluations = static_cast<int64_t>(run->run.ask().size());
      run->fault = run->run.outcome().fault;
    }
    return run->fault ? sgmc::capi::fail_with(*run->fault) : SGMC_OK;
  });
}

sgmc_status sgmc_run_evaluation(const sgmc_run* run, int64_t i, sgmc_evaluation* out) {
  return guarded([&] {
    require_non_null(run, "run");
    require_non_null(out, "out");
    const auto evaluations = run->run.evaluations();
    const auto n = static_cast<int64_t>(evaluations.size());
    if (i < 0 || i >= n) {
      sgmc::reject("i", i,
                    ("must be in [0, " + sgmc::show(n) + "): the evaluations of the last ask").c_str());
    }
    const auto& e = evaluations[static_cast<std::size_t>(i)];
    *out = sgmc_evaluation{e.chain, e.gradient ? 1 : 0, e.x, e.batch.data(),
                           static_cast<int64_t>(e.batch.size())};
    return SGMC_OK;
  });
}

sgmc_status sgmc_run_tell(sgmc_run* run, int64_t i, double batch_energy, const double* batch_grad,
                          double prior_energy, const double* prior_grad, int64_t dim) {
  return guarded([&] {
    auto& handle = checked(run, dim);
    handle.run.tell(i, batch_energy, gradient(batch_grad, dim), prior_energy,
                    gradient(prior_grad, dim));
    return SGMC_OK;
  });
}

sgmc_status sgmc_run_tell_fault(sgmc_run* run, int64_t i, const char* cause) {
  return guarded([&] {
    require_non_null(run, "run");
    require_non_null(cause, "cause");
    run->run.tell_fault(i, cause);
    return SGMC_OK;
  });
}

sgmc_status sgmc_run_progress(const sgmc_run* run, int64_t* steps_done, int64_t* n_steps) {
  return guarded([&] {
    require_non_null(run, "run");
    require_non_null(steps_done, "steps_done");
    require_non_null(n_steps, "n_steps");
    *steps_done = run->run.outcome().steps_done;
    *n_steps = run->run.run().n_steps();
    return SGMC_OK;
  });
}

sgmc_status sgmc_run_steps_done(const sgmc_run* run, int64_t chain, int64_t* out) {
  return guarded([&] {
    require_non_null(run, "run");
    require_non_null(out, "out");
    *out = run_chain(*run, chain).steps_done();
    return SGMC_OK;
  });
}

sgmc_status sgmc_run_position(const sgmc_run* run, int64_t chain, double* x, int64_t dim) {
  return guarded([&] {
    const auto& handle = checked(run, dim);
    require_non_null(x, "x");
    Eigen::Map<Eigen::VectorXd>(x, dim) = run_chain(handle, chain).position();
    return SGMC_OK;
  });
}

sgmc_status sgmc_run_save(sgmc_run* run, const char* path) {
  return guarded([&] {
    require_non_null(run, "run");
    require_non_null(path, "path");
    run->run.save(path);
    return SGMC_OK;
  });
}

sgmc_status sgmc_run_draws(sgmc_draws** out, const sgmc_run* run) {
  return create_into(out, [&] {
    require_non_null(run, "run");
    return sgmc_draws::of(run->run.chains(), run->run.run().driver().swaps());
  });
}

}
