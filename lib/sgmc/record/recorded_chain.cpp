#include "sgmc/record/recorded_chain.hpp"

#include <algorithm>
#include <limits>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

namespace sgmc {

RecordedChain recorded(const Chain& chain) {
  const SamplerConfig& config = chain.config();
  RecordedChain out{chain.draws().trimmed(), config.temperature, chain.steps_done(), chain.faults(),
                    config.schedule.step_size,
                    dynamics(config.kind) == SamplerKind::kSghmc ? config.sghmc.friction : 0.0,
                    config.kind == SamplerKind::kMhbt && config.mhbt.proposal == MhbtProposal::kRandomWalk
                        ? config.mhbt.rw_scale
                        : 0.0,
                    dynamics(config.kind) == SamplerKind::kPsgld ? config.psgld.rms_decay
                                                                : std::numeric_limits<double>::quiet_NaN(),
                    std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  if (const SteinMoments* stein = chain.stein()) out.stein = stein->ratios(config.temperature);
  if (const WarmUpStage* warm_up = chain.warm_up()) out.warm_up = warm_up->report();
  if (const auto* mhbt = dynamic_cast<const Mhbt*>(&chain.kernel())) out.mhbt = mhbt->stats();
  if (const Contour* contour = chain.contour()) out.contour = contour->snapshot();
  return out;
}

void save_recorded(ByteWriter& out, const RecordedChain& d) {
  out.section("CDRW");
  out.i64(d.draws.dim());
  out.i64(d.draws.size());
  d.draws.save(out);
  out.f64(d.temperature);
  out.i64(d.steps_done);
  out.i64(d.faults);
  out.f64(d.step_size);
  out.f64(d.friction);
  out.f64(d.rw_scale);
  out.f64(d.rms_decay);
  out.flag(d.warm_up.has_value());
  if (d.warm_up) {
    const WarmUpReport& w = *d.warm_up;
    out.indices(std::vector<Index>{w.search_steps, w.search_converged ? 1 : 0, w.windows});
    out.values(std::vector<double>{w.choice.step_size, w.choice.friction, w.choice.curvature,
                                   w.choice.noise, w.acceptance});
  }
  out.flag(d.mhbt.has_value());
  if (d.mhbt) {
    out.indices(std::vector<Index>{d.mhbt->proposed, d.mhbt->accepted, d.mhbt->forward_proposed,
                                   d.mhbt->forward_accepted});
    out.f64(d.mhbt->beta);
  }
  out.flag(d.stein.has_value());
  if (d.stein) {
    out.values(d.stein->ratio);  // NaN before two blocks: kept as written
    out.values(d.stein->se);
    out.values(d.stein->shift);
    out.values(d.stein->shift_se);
  }
  out.flag(d.contour.has_value());
  if (!d.contour) return;
  const auto& contour = *d.contour;
  out.i64(contour.trace.theta_trace().rows());
  out.i64(contour.trace.theta_trace().cols());
  contour.trace.save(out);
  contour.theta.save_described(out);
  out.i64(contour.theta_blocks.cols());
  out.values({contour.theta_blocks.data(), static_cast<std::size_t>(contour.theta_blocks.size())});
  out.flag(contour.automatic);
  out.i64(contour.pilot_steps);
  out.flag(contour.configured);
}

RecordedChain load_recorded(ByteReader& in) {
  constexpr Index kMax = std::numeric_limits<Index>::max();
  in.section("CDRW");
  const Index dim = in.index("dimension", 1, std::max<Index>(1, in.doubles_left()));
  const Index n = in.index("number of draws", 0, in.doubles_left() / (dim + 2));
  DrawStore store(dim, n);
  store.load(in, n, kMax);
  RecordedChain d{std::move(store), in.f64("temperature"), in.index("iterations", 0, kMax),
               in.index("faults", 0, kMax), in.f64("step size"), in.f64("friction"),
               in.f64("random-walk scale"), in.f64("rms decay"), std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  if (in.flag("warm-up")) {
    std::vector<Index> counts(3);
    in.indices("warm-up counts", counts, 0, kMax);
    std::vector<double> choice(5);
    in.values("warm-up choice", choice);
    d.warm_up = WarmUpReport{counts[0], counts[1] == 1, counts[2],
                             StepChoice{choice[0], choice[1], choice[2], choice[3]}, choice[4]};
  }
  if (in.flag("mhbt")) {
    std::vector<Index> counts(4);
    in.indices("mhbt counts", counts, 0, kMax);
    d.mhbt = MhbtStats{counts[0], counts[1], counts[2], counts[3], in.f64("mhbt beta")};
  }
  if (in.flag("stein")) {
    SteinRatios stein{Vec(dim), Vec(dim), Vec(dim), Vec(dim)};
    in.doubles("stein ratios", stein.ratio);
    in.doubles("stein standard errors", stein.se);
    in.doubles("stein shifts", stein.shift);
    in.doubles("stein shift errors", stein.shift_se);
    d.stein = std::move(stein);
  }
  if (!in.flag("contour")) return d;
  const Index m = in.index("contour m", 2, std::max<Index>(2, in.doubles_left()));
  const Index thetas = in.index("theta trace length", 0, in.doubles_left() / m);
  ContourTrace trace(m, n, thetas);
  trace.load(in, n, thetas);
  Theta theta = Theta::loaded(in);
  Eigen::MatrixXd block_means(m, in.index("theta blocks", 0, kThetaBlocks));
  in.doubles("theta block means", {block_means.data(), static_cast<std::size_t>(block_means.size())});
  const bool automatic = in.flag("automatic partition");
  const Index pilot = in.index("pilot steps", 0, kMax);
  const bool configured = in.flag("configured");
  d.contour = ContourDraws{std::move(trace), std::move(theta),
                           std::move(block_means), automatic, pilot,
                           configured};
  return d;
}

}  // namespace sgmc
