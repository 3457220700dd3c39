// sgmc_mpi_*: the interacting contour samplers across MPI processes
// (SPEC §5, ICSGLD supplement B.1.2); built with SGMC_MPI only.
#include <mpi.h>

#include <optional>
#include <vector>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/drivers/interacting_contour.hpp"
#include "sgmc/drivers/mpi_exchange.hpp"
#include "sgmc/sgmc_mpi.h"

using sgmc::capi::create_into;
using sgmc::capi::guarded;
using sgmc::capi::require_non_null;
using sgmc::MpiExchange;
using sgmc::Rank;
using sgmc::rank_of;

namespace {

/// Per chain: n, the fault count, then each draw's x (d values), U_hat,
/// step, J, the index energy, the two running log-weights and the multiplier.
std::vector<double> pack(const sgmc_draws& draws) {
  std::vector<double> out;
  for (std::size_t c = 0; c < draws.chains.size(); ++c) {
    const auto& store = draws.chains[c];
    const auto& trace = draws.contour[c]->trace;
    out.push_back(static_cast<double>(store.size()));
    out.push_back(static_cast<double>(draws.faults[c]));
    for (sgmc::Index i = 0; i < store.size(); ++i) {
      const auto x = store.draws().col(i);
      out.insert(out.end(), x.data(), x.data() + x.size());
      const auto j = static_cast<std::size_t>(i);
      out.insert(out.end(), {store.energies()[i], static_cast<double>(store.steps()[j]),
                             static_cast<double>(trace.indices()[j]), trace.energies()[i],
                             trace.log_weights(sgmc::WeightKind::kInterpolated)[i],
                             trace.log_weights(sgmc::WeightKind::kBin)[i],
                             trace.multipliers()[i]});
    }
  }
  return out;
}

/// Appends to `all` the chains packed in [at, end), with the shared theta
/// and trajectory of `model`.
void unpack(const double* at, const double* end, const sgmc_draws& model, sgmc_draws& all) {
  const auto dim = model.chains.front().dim();
  const auto& contour = *model.contour.front();
  const auto thetas = contour.trace.theta_trace();
  while (at < end) {
    const auto n = static_cast<sgmc::Index>(*at++);
    const auto faults = static_cast<sgmc::Index>(*at++);
    sgmc::DrawStore store(dim, n);
    sgmc::ContourTrace trace(thetas.rows(), n, thetas.cols());
    for (sgmc::Index i = 0; i < n; ++i, at += dim + 7) {
      const double* v = at + dim;
      store.push(Eigen::Map<const Eigen::VectorXd>(at, dim), v[0], static_cast<sgmc::Index>(v[1]));
      trace.push(static_cast<sgmc::Index>(v[2]), v[3], v[4], v[5], v[6]);
    }
    for (sgmc::Index t = 0; t < thetas.cols(); ++t) trace.push_theta(thetas.col(t));
    all.chains.push_back(std::move(store));
    all.temperatures.push_back(model.temperatures.front());
    all.contour.push_back(sgmc::ContourDraws{std::move(trace), contour.theta, contour.theta_late,
                                             contour.automatic, contour.pilot_steps,
                                             contour.configured});
    all.faults.push_back(faults);
  }
}

}  // namespace

extern "C" {

sgmc_status sgmc_mpi_sample(sgmc_draws** out, const sgmc_model* model, const sgmc_options* options,
                            const double* x0, int64_t x0_len, MPI_Comm comm) {
  std::optional<sgmc::ModelFault> fault;
  const sgmc_status status = create_into(out, [&] {
    const Rank rank = rank_of(comm);
    require_non_null(model, "model");
    require_non_null(options, "options");
    require_non_null(x0, "x0");
    sgmc::require(x0_len >= 0, "x0_len", x0_len, "must be >= 0");
    const auto sampler = sgmc::sampler_config(options->options);
    sgmc::require(sgmc::is_interacting(sampler.kind), "sampler", sgmc::sampler_name(sampler.kind),
                  "must be icsgld, icsghmc or picsgld for sgmc_mpi_sample");
    const auto run = sgmc::run_config(options->options);
    sgmc::require(run.n_chains >= rank.size, "n_chains", run.n_chains,
                  ("must be >= the number of processes, " + sgmc::show(rank.size)).c_str());
    if (!sgmc::checkpointing(options->options).path.empty()) {
      throw sgmc::Error(sgmc::ErrorKind::kUnsupported,
                        "option 'checkpoint_file' = \"" + options->options.get_string("checkpoint_file") +
                            "\": sgmc_mpi_sample does not write checkpoints; run with sgmc_sample "
                            "on threads to checkpoint");
    }
    MpiExchange exchange(comm, rank, run.n_chains);
    auto result = sgmc::sample_interacting_contour(
        *model->model, sampler, sgmc::record_policy(options->options), run,
        Eigen::Map<const Eigen::VectorXd>(x0, x0_len), {}, exchange);
    fault = std::move(result.outcome.fault);
    return sgmc_draws::of(result.chains);
  });
  // A fault of the model: the draws so far are in *out all the same.
  if (status == SGMC_OK && fault) return sgmc::capi::fail_with(*fault);
  return status;
}

sgmc_status sgmc_mpi_gather_draws(sgmc_draws** out, const sgmc_draws* local, int root,
                                  MPI_Comm comm) {
  if (out != nullptr) *out = nullptr;
  return guarded([&] {
    require_non_null(out, "out");
    const Rank rank = rank_of(comm);
    require_non_null(local, "local");
    sgmc::require(root >= 0 && root < rank.size, "root", root,
                  ("must be in [0, size) with size = " + sgmc::show(rank.size)).c_str());
    sgmc::require(local->shared_theta && !local->chains.empty(), "local",
                  "draws not from sgmc_mpi_sample", "must be the draws of sgmc_mpi_sample");
    const auto packed = pack(*local);
    const int length = static_cast<int>(packed.size());
    std::vector<int> lengths(static_cast<std::size_t>(rank.size));
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, root, comm);
    std::vector<int> offsets(lengths.size(), 0);
    for (std::size_t r = 1; r < lengths.size(); ++r) offsets[r] = offsets[r - 1] + lengths[r - 1];
    std::vector<double> all(rank.rank == root ? static_cast<std::size_t>(offsets.back() + lengths.back()) : 0);
    MPI_Gatherv(packed.data(), length, MPI_DOUBLE, all.data(), lengths.data(), offsets.data(),
                MPI_DOUBLE, root, comm);
    if (rank.rank != root) return SGMC_OK;
    auto draws = std::make_unique<sgmc_draws>();
    draws->shared_theta = true;
    unpack(all.data(), all.data() + all.size(), *local, *draws);
    *out = draws.release();
    return SGMC_OK;
  });
}

}  // extern "C"
