// sgmc_draws_save_bytes / sgmc_draws_load_bytes: draws as bytes (the
// checkpoint writer's format), so that the blocks of a run over several
// processes can be brought together (libsgmc_mpi).
#include "firewall.hpp"
#include "handles.hpp"

#include <algorithm>
#include <limits>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/samplers/mhbt.hpp"

using sgmc::capi::create_into;
using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

namespace {

using sgmc::ByteReader;
using sgmc::ByteWriter;
using sgmc::Index;

constexpr Index kMax = std::numeric_limits<Index>::max();

void save_schedule(ByteWriter& out, const sgmc::StepSchedule& s) {
  out.i64(static_cast<Index>(s.kind));
  out.f64(s.step_size);
  out.f64(s.offset);
  out.f64(s.power);
  out.i64(s.total);
  out.i64(s.cycles);
  out.f64(s.exploration);
}

sgmc::StepSchedule load_schedule(ByteReader& in) {
  sgmc::StepSchedule s;
  s.kind = static_cast<sgmc::ScheduleKind>(in.index("schedule kind", 0, 2));
  s.step_size = in.f64("step size");
  s.offset = in.f64("step offset");
  s.power = in.f64("step power");
  s.total = in.index("schedule length", 1, kMax);
  s.cycles = in.index("cycles", 1, kMax);
  s.exploration = in.f64("exploration");
  return s;
}

void save_draws(ByteWriter& out, const sgmc_draws& d) {
  out.section("DRWS");
  out.flag(d.shared_theta);
  out.i64(static_cast<Index>(d.swaps.attempts.size()));
  out.indices(d.swaps.attempts);
  out.indices(d.swaps.accepts);
  out.flag(d.cyclical.has_value());
  if (d.cyclical) save_schedule(out, *d.cyclical);
  out.i64(static_cast<Index>(d.chains.size()));
  for (std::size_t c = 0; c < d.chains.size(); ++c) {
    const auto& store = d.chains[c];
    out.i64(store.dim());
    out.i64(store.size());
    store.save(out);
    out.f64(d.temperatures[c]);
    out.i64(d.faults[c]);
    out.flag(!d.mhbt.empty());
    if (!d.mhbt.empty()) {
      const auto& m = d.mhbt[c];
      out.indices(std::vector<Index>{m.proposed, m.accepted, m.forward_proposed, m.forward_accepted});
      out.f64(m.beta);
    }
    out.flag(d.contour[c].has_value());
    if (!d.contour[c]) continue;
    const auto& contour = *d.contour[c];
    out.i64(contour.trace.theta_trace().rows());
    out.i64(contour.trace.theta_trace().cols());
    contour.trace.save(out);
    contour.theta.save_described(out);
    out.values(contour.theta_late);
    out.flag(contour.automatic);
    out.i64(contour.pilot_steps);
    out.flag(contour.configured);
  }
}

/// Appends the chains of one saved draws object to `d`; the first one also
/// gives what all chains share.
void load_draws(ByteReader& in, sgmc_draws& d, bool first) {
  in.section("DRWS");
  const bool shared = in.flag("shared theta");
  sgmc::SwapStats swaps;
  swaps.attempts.resize(static_cast<std::size_t>(in.index("swap pairs", 0, in.doubles_left())));
  in.indices("swap attempts", swaps.attempts, 0, kMax);
  swaps.accepts.resize(swaps.attempts.size());
  in.indices("swap acceptances", swaps.accepts, 0, kMax);
  std::optional<sgmc::StepSchedule> cyclical;
  if (in.flag("cyclical")) cyclical = load_schedule(in);
  if (first) {
    d.shared_theta = shared;
    d.swaps = std::move(swaps);
    d.cyclical = cyclical;
  } else if (shared != d.shared_theta || cyclical.has_value() != d.cyclical.has_value()) {
    throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                      "argument 'bytes' joins the draws of different runs");
  }
  const Index n_chains = in.index("number of chains", 0, kMax);
  for (Index c = 0; c < n_chains; ++c) {
    // Every count is bounded by the bytes left before memory is set aside
    // for it: damaged bytes fail, they do not allocate.
    const Index dim = in.index("dimension", 1, std::max<Index>(1, in.doubles_left()));
    const Index n = in.index("number of draws", 0, in.doubles_left() / (dim + 2));
    if (!d.chains.empty() && d.chains.front().dim() != dim) {
      throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                        "argument 'bytes' joins draws of dimension " +
                            sgmc::show(d.chains.front().dim()) + " and " + sgmc::show(dim));
    }
    sgmc::DrawStore store(dim, n);
    store.load(in, n, kMax);
    d.chains.push_back(std::move(store));
    d.temperatures.push_back(in.f64("temperature"));
    d.faults.push_back(in.index("faults", 0, kMax));
    if (in.flag("mhbt")) {
      std::vector<Index> counts(4);
      in.indices("mhbt counts", counts, 0, kMax);
      d.mhbt.push_back({counts[0], counts[1], counts[2], counts[3], in.f64("mhbt beta")});
    }
    if (!in.flag("contour")) {
      d.contour.emplace_back();
      continue;
    }
    const Index m = in.index("contour m", 2, std::max<Index>(2, in.doubles_left()));
    const Index thetas = in.index("theta trace length", 0, in.doubles_left() / m);
    sgmc::ContourTrace trace(m, n, thetas);
    trace.load(in, n, thetas);
    sgmc::Theta theta = sgmc::Theta::loaded(in);
    sgmc::Vec late(0);
    const auto late_values = in.double_array("late theta", m);
    late = Eigen::Map<const sgmc::Vec>(late_values.data(), static_cast<Index>(late_values.size()));
    const bool automatic = in.flag("automatic partition");
    const Index pilot = in.index("pilot steps", 0, kMax);
    const bool configured = in.flag("configured");
    d.contour.emplace_back(sgmc::ContourDraws{std::move(trace), std::move(theta), std::move(late),
                                              automatic, pilot, configured});
  }
}

}  // namespace

extern "C" {

sgmc_status sgmc_draws_save_bytes(const sgmc_draws* draws, uint8_t* out, int64_t capacity,
                                  int64_t* size) {
  return guarded([&] {
    require_non_null(draws, "draws");
    require_non_null(size, "size");
    ByteWriter writer;
    save_draws(writer, *draws);
    const auto n = static_cast<int64_t>(writer.bytes().size());
    *size = n;
    if (capacity == 0) return SGMC_OK;
    require_non_null(out, "out");
    sgmc::require(capacity >= n, "capacity", capacity,
                  ("must be 0 or at least size = " + sgmc::show(n)).c_str());
    std::copy(writer.bytes().begin(), writer.bytes().end(), out);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_load_bytes(sgmc_draws** out, const uint8_t* bytes, int64_t size) {
  return create_into(out, [&] {
    require_non_null(bytes, "bytes");
    sgmc::require(size > 0, "size", size, "must be > 0");
    ByteReader in({bytes, static_cast<std::size_t>(size)});
    auto draws = std::make_unique<sgmc_draws>();
    bool first = true;
    while (!in.at_end()) {
      load_draws(in, *draws, first);
      first = false;
    }
    return draws;
  });
}

}
