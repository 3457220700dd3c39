// sgmc_draws_save_bytes / sgmc_draws_load_bytes: draws as bytes (the
// checkpoint writer's format), so that the blocks of a run over several
// processes can be brought together (libsgmc_mpi).
#include "firewall.hpp"
#include "handles.hpp"

#include <algorithm>
#include <limits>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/record/recorded_chain.hpp"

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
  try {  // the cycle functions rely on a valid schedule
    s.validate();
  } catch (const sgmc::Error& e) {
    in.fail("schedule", e.what());
  }
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
  for (const auto& chain : d.chains) sgmc::save_recorded(out, chain);
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
  const Index n_chains = in.index("number of chains", 0, in.doubles_left());
  for (Index c = 0; c < n_chains; ++c) {
    sgmc::RecordedChain chain = sgmc::load_recorded(in);
    if (!d.chains.empty() && d.chains.front().draws.dim() != chain.draws.dim()) {
      throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                        "argument 'bytes' joins draws of dimension " +
                            sgmc::show(d.chains.front().draws.dim()) + " and " +
                            sgmc::show(chain.draws.dim()));
    }
    if (!d.chains.empty() && chain.mhbt.has_value() != d.chains.front().mhbt.has_value()) {
      throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                        "argument 'bytes' joins the draws of different samplers");
    }
    d.add(std::move(chain));
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
    ByteReader in({bytes, static_cast<std::size_t>(size)}, "draws bytes");
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
