#include "sgmc/config/options.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMaxInt = 9.3e18;  // above every int64_t: no upper bound

OptionSpec int_option(std::string_view name, SamplerSet read_by, std::string_view doc,
                      std::int64_t fallback, double lo, double hi = kMaxInt) {
  return {name, OptionType::kInt, doc, fallback, lo, hi, false, false, {}, read_by};
}
OptionSpec double_option(std::string_view name, SamplerSet read_by, std::string_view doc,
                         double fallback, double lo, double hi, bool lo_open, bool hi_open) {
  return {name, OptionType::kDouble, doc, fallback, lo, hi, lo_open, hi_open, {}, read_by};
}
OptionSpec string_option(std::string_view name, SamplerSet read_by, std::string_view doc,
                         const char* fallback, std::string_view choices) {
  return {name, OptionType::kString, doc, std::string(fallback), 0, 0, false, false, choices, read_by};
}
/// A row whose option a resumed run may change: where and how it runs, not what.
OptionSpec resumable(OptionSpec spec) {
  spec.resumable = true;
  return spec;
}

/// The "sampler" option's choices: every sampler's name, in the order of
/// the enumeration.
std::string sampler_choices() {
  std::string choices;
  for (const SamplerKind kind : kAllSamplers) {
    if (!choices.empty()) choices += '|';
    choices += sampler_name(kind);
  }
  return choices;
}

// Which samplers read each option (docs/options.md's "read by" column).
const SamplerSet kEvery = SamplerSet::all();
const SamplerSet kNotMhbt = kEvery.without(SamplerKind::kMhbt);
const SamplerSet kPsgldKernel =
    SamplerSet::where([](SamplerKind kind) { return dynamics(kind) == SamplerKind::kPsgld; });
const SamplerSet kSghmcKernel =
    SamplerSet::where([](SamplerKind kind) { return dynamics(kind) == SamplerKind::kSghmc; });
/// The samplers that may run the polynomial schedule: the cyclical ones run
/// their own and MHBT the constant one.
const SamplerSet kPolynomial = SamplerSet::where(
    [](SamplerKind kind) { return !is_cyclical(kind) && kind != SamplerKind::kMhbt; });
const SamplerSet kMhbt = family_samplers(SamplerFamily::kMhbt);
const SamplerSet kCyclical = family_samplers(SamplerFamily::kCyclical);
const SamplerSet kReplicaExchange = family_samplers(SamplerFamily::kReplicaExchange);
const SamplerSet kContour = family_samplers(SamplerFamily::kContour);
/// The samplers whose chains run on their own, not coupled by swaps or a shared theta.
const SamplerSet kOwnChains = SamplerSet::where(
    [](SamplerKind kind) { return kind != SamplerKind::kResgld && !is_interacting(kind); });
const std::string kSamplerChoices = sampler_choices();

const std::array kSpecs = {
    // The sampler (SPEC §2).
    string_option("sampler", kEvery,
        "`sgld`, `psgld` or `sghmc` (SPEC §2); `cycsgld`, `cycsghmc` (SPEC §3, "
        "[cyclical.md](cyclical.md)); `resgld` (SPEC §6, "
        "[replica_exchange.md](replica_exchange.md)); contour samplers `csgld`, `csghmc`, "
        "`pcsgld`, `ksgld` (SPEC §4, [contour.md](contour.md)); interacting contour "
        "samplers `icsgld`, `icsghmc`, `picsgld` (SPEC §5, "
        "[interacting_contour.md](interacting_contour.md)); `mhbt` (SPEC §7, "
        "[mhbt.md](mhbt.md))",
        "sgld", kSamplerChoices),
    double_option("temperature", kNotMhbt,
        "tau ≥ 0 of pi ∝ exp(-U/tau); 0 makes the sampler its optimizer (SGD, "
        "RMSprop-SGD, momentum SGD); `resgld`: tau_1 > 0 of the lowest replica; ignored "
        "by `mhbt` (its temperature is N / c_n)",
        1.0, 0, kInf, false, true),
    int_option("batch_size", kEvery,
        "mini-batch size n ≤ N; 0 = the full data set",
        0, 0),
    double_option("rms_decay", kPsgldKernel,
        "pSGLD: RMSprop decay a ∈ [0, 1); unset with step_size unset: 0.999 "
        "(docs/warm_up.md, \"pSGLD's metric\")",
        0.99, 0, 1, false, true),
    double_option("rms_epsilon", kPsgldKernel,
        "pSGLD: regulariser lambda > 0",
        1e-5, 0, kInf, true, true),
    double_option("friction", kSghmcKernel,
        "SGHMC: friction eta ∈ (0, 1]; momentum coefficient 1 − eta; not set with an "
        "automatic step: chosen with it",
        0.1, 0, 1, true, false),
    double_option("noise_estimate", kSghmcKernel,
        "SGHMC: gradient-noise estimate gamma_hat ∈ [0, friction)",
        0.0, 0, 1, false, true),
    // MHBT (SPEC §7).
    string_option("proposal", kMhbt,
        "MHBT: `random_walk`, `sgld` (MHBT eq. 5) or `rsgld` (eq. 6/7); `step_size` is "
        "the learning rate eps (constant schedule only); not set with `step_size` unset: "
        "`random_walk` ([warm_up.md](warm_up.md#mhbt))",
        "rsgld", "random_walk|sgld|rsgld"),
    double_option("c_n", kMhbt,
        "MHBT: batch-tempering constant c_n > 0; the x-marginal has temperature N / c_n; "
        "not set with `step_size` unset and the full batch: N (exact MH on the posterior)",
        20.0, 0, kInf, true, true),
    double_option("rw_scale", kMhbt,
        "MHBT random walk: step delta > 0; set, `mhbt` runs without a warm-up as with "
        "`step_size`; not set with `step_size` unset: chosen by the warm-up for an acceptance "
        "of 0.234",
        0.1, 0, kInf, true, true),
    double_option("rsgld_beta", kMhbt,
        "MHBT RSGLD: backward noise scale beta ≥ 1",
        1.0, 1, kInf, false, true),
    double_option("rsgld_forward_prob", kMhbt,
        "MHBT RSGLD: forward probability p_f ∈ (0, 1)",
        0.5, 0, 1, true, true),
    int_option("rsgld_adaptive_beta", kMhbt,
        "MHBT RSGLD: 1 adapts beta once per epoch (MHBT §3.2)",
        0, 0, 1),
    double_option("rsgld_beta_start", kMhbt,
        "MHBT RSGLD: the adaptive beta's start, ≥ 1",
        1000.0, 1, kInf, false, true),
    // Step sizes (SPEC §1).
    string_option("schedule", kEvery,
        "step sizes: `constant` eps; `polynomial` a (b + k)^(−gamma); `cyclical` eps0/2 "
        "(cos(pi r(k)) + 1)",
        "constant", "constant|polynomial|cyclical"),
    double_option("step_size", kEvery,
        "eps, a, or eps0; not set: chosen by the warm-up ([warm_up.md](warm_up.md)), for `mhbt` "
        "unless `rw_scale` is set",
        1e-3, 0, kInf, true, true),
    double_option("step_bias", kEvery,
        "the automatic step's bias target delta ∈ (0, 0.5]: the largest relative error of "
        "a variance the step may cause ([warm_up.md](warm_up.md))",
        kDefaultStepBias, 0, 0.5, true, false),
    double_option("step_offset", kPolynomial,
        "polynomial: b ≥ 0",
        0.0, 0, kInf, false, true),
    double_option("step_power", kPolynomial,
        "polynomial: gamma ∈ (0.5, 1]",
        0.55, 0.5, 1, true, false),
    int_option("cycles", kNotMhbt,
        "cyclical: number of cycles M ≤ n_steps; when not set, 4 for `cycsgld` and "
        "`cycsghmc` (an explicit value, even 1, is kept)",
        1, 1),
    // Recording and running.
    int_option("n_steps", kEvery,
        "iterations K per chain",
        1000, 1),
    int_option("burn_in", kEvery,
        "iterations discarded before recording, < n_steps; not set: `n_steps`/2 when the "
        "step size is automatic (a contour sampler's pilot with an automatic partition), "
        "else 0",
        0, 0),
    int_option("thin", kEvery,
        "record every thin-th iteration after burn-in",
        1, 1),
    int_option("n_chains", kEvery,
        "independent chains (`sgmc_sample`); the replicas of `resgld`; the P chains "
        "sharing theta of `icsgld`, `icsghmc`, `picsgld`. 4, as Stan runs: the verdict's "
        "`rhat` sees chains stuck in different modes only across chains "
        "([verdict.md](verdict.md))",
        4, 1),
    resumable(int_option("threads", kEvery,
        "worker threads; 0 = all cores",
        0, 0)),
    int_option("seed", kEvery,
        "with the chain index, keys every random stream (R's `sgmc_sample()` without a "
        "seed draws one from R's RNG: [getting-started-r.md](getting-started-r.md#seeds))",
        1, -kMaxInt),
    int_option("first_chain", kOwnChains,
        "the run's chains are chains first_chain, first_chain + 1, ... of a larger run "
        "(their random streams keyed by that index): chain c of a run equals the one "
        "chain of a run with `first_chain` = c, e.g. a host stepping one chain with "
        "`sgmc_run_*`; samplers whose chains are coupled need 0",
        0, 0),
    resumable(int_option("progress_every", kEvery,
        "iterations between progress callbacks",
        1000, 1)),
    // Checkpoints (lib/sgmc/checkpoint): written atomically, read by sgmc_resume.
    resumable(string_option("checkpoint_file", kEvery,
        "file the run saves itself to, atomically, for `sgmc_resume` "
        "([checkpoints.md](checkpoints.md)); empty = none",
        "", "")),
    resumable(int_option("checkpoint_every", kEvery,
        "iterations between checkpoints; 0 = only when the run stops (finished or "
        "cancelled)",
        0, 0)),
    // Faults of the model: an error, NaN or infinity from an evaluation (docs/faults.md).
    string_option("on_fault", kEvery,
        "a fault of the model (an error, NaN or infinity from an evaluation): `error` "
        "stops the run, which returns the fault and the draws so far; `reject` discards "
        "the evaluation, counts it and retries the iteration at the same state with a "
        "fresh batch ([faults.md](faults.md))",
        "error", "error|reject"),
    int_option("max_consecutive_faults", kEvery,
        "`reject`: this many faults of one chain in a row stop the run as under `error` "
        "(≥ 1)",
        10, 1),
    // Cyclical samplers (SPEC §3); "cycles" defaults to 4 for them when unset.
    double_option("exploration", kCyclical,
        "`cycsgld`, `cycsghmc`: exploration fraction beta ∈ [0, 1) of each cycle; "
        "iterations with r(k) < beta move with tau = 0 and are not recorded",
        kCyclicalSamplerExploration, 0, 1, false, true),
    // Replica exchange (SPEC §6): a geometric ladder of n_chains replicas.
    double_option("temperature_max", kReplicaExchange,
        "`resgld`: temperature of the hottest replica, > `temperature`; not set: chosen by "
        "the warm-up so that neighbouring replicas swap at a rate of 0.23, at most 100 "
        "`temperature` ([warm_up.md](warm_up.md#the-resgld-ladder)); needs `step_size` unset "
        "too (with `step_size` set it must be set)",
        0.0, 0, kInf, false, true),
    double_option("step_size_max", kReplicaExchange,
        "`resgld`: step size of the hottest replica; 0 = `step_size` for every replica; "
        "needs `step_size` (without it every replica's step is the warm-up's)",
        0.0, 0, kInf, false, true),
    int_option("swap_every", kReplicaExchange,
        "`resgld`: swaps are tried at iterations k divisible by s",
        1, 1),
    double_option("swap_correction", kReplicaExchange,
        "`resgld`: correction factor F ≥ 1 of the swap rule",
        1.0, 1, kInf, false, true),
    string_option("swap_variance_estimate", kReplicaExchange,
        "`resgld`: sigma2 of the swap rule: `running` (estimated from the lowest replica, "
        "see replica_exchange.md) or `fixed` (`swap_variance`)",
        "running", "running|fixed"),
    double_option("swap_variance", kReplicaExchange,
        "`resgld`: the fixed sigma2 ≥ 0",
        0.0, 0, kInf, false, true),
    // Contour samplers (SPEC §4); theta_0 is an array: sgmc_options_set_theta0.
    string_option("contour_partition", kContour,
        "contour: `auto` chooses u1, du, m, zeta and theta_0 from a pilot inside the run "
        "(contour.md \"Automatic partition\"); `fixed` uses the options as set. Unset, it "
        "is `auto` unless `contour_u1`, `contour_du` or theta_0 is set, or the sampler is "
        "`ksgld`",
        "auto", "auto|fixed"),
    int_option("contour_m", kContour,
        "contour: number of energy subregions m ≥ 2 (with `auto`: chosen unless set)",
        100, 2),
    double_option("contour_u1", kContour,
        "contour: lowest boundary u1; setting it fixes the partition (contour.md "
        "\"Choosing a fixed partition\")",
        0.0, -kInf, kInf, true, true),
    double_option("contour_du", kContour,
        "contour: bandwidth du > 0; boundaries u1 + (i − 1) du, i = 1..m − 1; setting it "
        "fixes the partition",
        1.0, 0, kInf, true, true),
    double_option("contour_zeta", kContour,
        "contour: flattening exponent zeta > 0; the dynamics targets pi / Psi^zeta (with "
        "`auto`: chosen unless set)",
        0.75, 0, kInf, true, true),
    string_option("contour_field", kContour,
        "contour: SA field `power` theta(J)^zeta (1{i=J} − theta(i)) (CSGLD) or `linear` "
        "theta(J) (1{i=J} − theta(i)) (ICSGLD); `icsgld`, `icsghmc` and `picsgld` run "
        "`linear` unless the option is set",
        "power", "power|linear"),
    string_option("contour_stencil", kContour,
        "contour: gradient multiplier from log theta(J) − log theta(J−1) (`backward`, "
        "CSGLD eq. 8) or log theta(J+1) − log theta(J) (`forward`, CSGLD D.1)",
        "backward", "backward|forward"),
    double_option("contour_rho", kContour,
        "contour: high-order bias term rho of the SA update",
        0.0, 0, kMaxContourRho, false, false),
    double_option("contour_clip_lo", kContour,
        "contour: lower clip g_lo of the gradient multiplier (≤ `contour_clip_hi`)",
        -kInf, -kInf, kInf, false, false),
    double_option("contour_clip_hi", kContour,
        "contour: upper clip g_hi of the gradient multiplier",
        kInf, -kInf, kInf, false, false),
    int_option("theta_thin", kContour,
        "contour: keep theta after every theta_thin-th iteration "
        "(the statistic `theta_trace`); 0 = only the final theta",
        0, 0),
    int_option("contour_vr_period", kContour,
        "contour: refresh period q of the variance-reduced energy of the index (SPEC "
        "§4.3, needs data N > 0; an ask/tell run asks for the energies at the control "
        "point itself); 0 = off",
        0, 0),
    int_option("contour_pilot_steps", kContour,
        "with `contour_partition = auto`: K_pilot ≥ 20, < n_steps (unset: max(n_steps/5, "
        "min(2000, n_steps/2)); n_steps/2 for `pcsgld` and `picsgld` without a step_size, "
        "whose pilot holds pSGLD's warm-up): the first K_pilot iterations of every chain (part of "
        "n_steps and of the burn-in), which choose the partition in two stages. With a "
        "fixed partition, `icsgld`, `icsghmc`, `picsgld` only: K_pilot ≥ 0 extra steps of "
        "plain SGLD per chain whose subregion-index histogram (+1e-4 per bin, normalised) "
        "is theta_0 (SPEC §5); 0 = no pilot (theta_0 from `sgmc_options_set_theta0` or "
        "uniform); other samplers require 0",
        0, 0),
    // Stochastic-approximation steps omega_k (SPEC §1).
    string_option("sa_schedule", kContour,
        "contour: SA steps `decay` omega_k = min(omega_max, A / (k^alpha + B)) or "
        "`constant` omega",
        "decay", "decay|constant"),
    double_option("sa_omega", kContour,
        "contour: the constant omega ∈ (0, 1]",
        0.01, 0, 1, true, false),
    double_option("sa_omega_max", kContour,
        "contour: cap omega_max ∈ (0, 1] of the decaying form",
        1.0, 0, 1, true, false),
    double_option("sa_scale", kContour,
        "contour: A > 0",
        1.0, 0, kInf, true, true),
    double_option("sa_power", kContour,
        "contour: alpha > 0",
        0.6, 0, kInf, true, true),
    double_option("sa_offset", kContour,
        "contour: B ≥ 0",
        100.0, 0, kInf, false, true),
    // A fixed preconditioner estimated during warm-up (docs/preconditioning.md).
    string_option("precondition", kEvery,
        "every sampler: `diag` or `dense` moves the chain in coordinates y with x = L y, "
        "L estimated from the warm-up's positions in doubling windows and scaled so that "
        "`step_size` keeps its meaning for the stiffest direction "
        "([preconditioning.md](preconditioning.md)); `none` runs as without it; not set: "
        "with an automatic step size (but for `resgld`) `dense` up to dimension 50 and `diag` "
        "above, else `none`",
        "none", "none|diag|dense"),
    int_option("precondition_steps", kEvery,
        "the warm-up W ≥ 20, ≤ `burn_in`, whose positions estimate L (0 = `burn_in`); "
        "`burn_in` must be > 0 with a preconditioner",
        0, 0),
    // The optional domain box [lo, hi]^d (SPEC §4.2).
    double_option("domain_lo", kNotMhbt,
        "lower bound of the domain box [lo, hi]^d (SPEC §4.2); a move that "
        "leaves the box is discarded and the chain stays",
        -kInf, -kInf, kInf, false, false),
    double_option("domain_hi", kNotMhbt,
        "upper bound of the domain box, > `domain_lo`",
        kInf, -kInf, kInf, false, false),
};

bool in_range(const OptionSpec& spec, double x) {
  const bool above = spec.lo_open ? x > spec.lo : x >= spec.lo;
  const bool below = spec.hi_open ? x < spec.hi : x <= spec.hi;
  return above && below;
}

std::string range_text(const OptionSpec& spec) {
  auto bound = [](double b) { return std::isinf(b) ? std::string(b > 0 ? "inf" : "-inf") : show(b); };
  return std::string("must be in ") + (spec.lo_open ? "(" : "[") + bound(spec.lo) + ", " +
         bound(spec.hi) + (spec.hi_open ? ")" : "]");
}

std::string quoted(const OptionValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>) {
          return "\"" + v + "\"";
        } else {
          return show(v);
        }
      },
      value);
}

/// The position of `s` among the '|'-separated `choices` (their count when
/// it is not one of them).
std::size_t choice_index(std::string_view choices, std::string_view s) {
  std::size_t index = 0;
  while (!choices.empty()) {
    const auto bar = choices.find('|');
    if (choices.substr(0, bar) == s) return index;
    ++index;
    if (bar == std::string_view::npos) break;
    choices.remove_prefix(bar + 1);
  }
  return index;
}

std::size_t choice_count(std::string_view choices) {
  return choices.empty() ? 0 : 1 + static_cast<std::size_t>(std::count(choices.begin(), choices.end(), '|'));
}

/// String option `key` as what its value means: `meanings` stand in the
/// order of the option's choices, so the table alone spells them.
template <typename T, std::size_t N>
T chosen(const Options& options, std::string_view key, const std::array<T, N>& meanings) {
  const auto& choices = option_spec(key).choices;
  if (choice_count(choices) != N) {
    throw Error(ErrorKind::kUnsupported, "option '" + std::string(key) + "' has " +
                                             show(choice_count(choices)) + " choices, not " + show(N));
  }
  return meanings[choice_index(choices, options.get_string(key))];
}

/// pSGLD's RMSprop decay when the run chooses its step (docs/warm_up.md,
/// "pSGLD's metric"): the metric G averages the last 1/(1 - a) squared
/// gradients, so with a = 0.99 it follows the chain about the posterior,
/// and the Gamma term pSGLD omits (SPEC §2) biases the draws: on eight
/// schools (noncentered) and mesquite at zero knobs, means were off by
/// 0.18 and 0.12 sd and sds by up to 15%, worse with a smaller step (the
/// chain moves less per memory of G: not the discretisation). With 0.999
/// the errors were 0.07 sd and 4%.
constexpr double kAutomaticRmsDecay = 0.999;

/// MHBT without a step size (docs/warm_up.md, "MHBT"): an unset proposal is
/// the random walk, since the gradient proposals' noise sqrt(2 eps) / N
/// (SPEC §7) moves about 1/N of the target's sd a step at any eps; an unset
/// c_n is N with the full batch (exact MH on pi, SPEC §7). The warm-up's
/// search moves the kernel as SGD.
void apply_automatic_mhbt(const Options& options, SamplerConfig& config) {
  if (!options.is_set("proposal")) config.mhbt.proposal = MhbtProposal::kRandomWalk;
  config.mhbt.c_n_full_data = !options.is_set("c_n");
  config.mhbt.search = true;
}

/// A contour sampler with an automatic partition warms up in its pilot's
/// first stage, which moves with the plain step (SPEC §4.4): its burn-in is
/// its pilot, as without the warm-up.
bool warms_up_in_pilot(const Options& options) {
  return is_contour(sampler_kind(options.get_string("sampler"))) &&
         contour_settings(options).auto_partition;
}

/// K_pilot of an automatic partition when unset (docs/contour.md): a fifth
/// of the run, at least min(2000, n_steps / 2). Half the run for pcsgld and
/// picsgld with an automatic step, the burn-in psgld's warm-up gets: the
/// pilot's first stage holds the warm-up, and pSGLD's metric needs that
/// length to settle. With a pilot of a fifth (a warm-up of a tenth), pCSGLD
/// chose a step 6-14 times smaller than pSGLD's on sblri-blr, its chains
/// were still descending when the pilot chose a partition above their
/// energies, theta collapsed onto one subregion, and pCSGLD was wrong in 10
/// of its 27 posteriordb runs (bench/verdict_calibration; 2 with half).
Index default_pilot_steps(SamplerKind kind, bool step_automatic, Index n_steps) {
  const bool metric_warm_up = step_automatic && dynamics(kind) == SamplerKind::kPsgld;
  return metric_warm_up ? n_steps / 2 : std::max(n_steps / 5, std::min<Index>(2000, n_steps / 2));
}

/// cycsgld and cycsghmc always run the cyclical schedule (SPEC §3): a
/// "schedule" set to anything else is an error, and "cycles" left unset
/// means M = 4 rather than the plain cyclical schedule's 1.
void apply_cyclical_sampler(const Options& options, SamplerConfig& config) {
  if (options.is_set("schedule") && config.schedule.kind != ScheduleKind::kCyclical) {
    throw Error(ErrorKind::kInvalidArgument,
                "option 'schedule' = \"" + options.get_string("schedule") + "\": sampler \"" +
                    std::string(sampler_name(config.kind)) + "\" runs the cyclical schedule");
  }
  config.schedule.kind = ScheduleKind::kCyclical;
  if (!options.is_set("cycles")) config.schedule.cycles = kCyclicalSamplerCycles;
  config.schedule.exploration = options.get_double("exploration");
}

}  // namespace

std::string_view option_type_name(OptionType type) {
  switch (type) {
    case OptionType::kInt: return "int";
    case OptionType::kDouble: return "double";
    case OptionType::kString: return "string";
  }
  return "unknown";
}

void OptionSpec::check(const OptionValue& value) const {
  const auto fail = [&](const std::string& expected) {
    throw Error(ErrorKind::kInvalidArgument,
                "option '" + std::string(name) + "' = " + quoted(value) + ": " + expected);
  };
  if (static_cast<std::size_t>(type) - 1 != value.index()) {
    fail("has type " + std::string(option_type_name(type)));
  }
  if (type == OptionType::kString) {
    if (!choices.empty() &&
        choice_index(choices, std::get<std::string>(value)) == choice_count(choices)) {
      fail("must be one of " + std::string(choices));
    }
    return;
  }
  const double x = type == OptionType::kInt ? static_cast<double>(std::get<std::int64_t>(value))
                                            : std::get<double>(value);
  if (std::isnan(x) || !in_range(*this, x)) fail(range_text(*this));
}

std::span<const OptionSpec> option_specs() { return kSpecs; }

const OptionSpec& option_spec(std::string_view name) {
  for (const auto& spec : kSpecs) {
    if (spec.name == name) return spec;
  }
  throw Error(ErrorKind::kInvalidArgument,
              "option '" + std::string(name) + "' is unknown (see sgmc_option_info for the list)");
}

std::string resumable_options_text() {
  std::vector<std::string_view> names;
  for (const auto& spec : kSpecs) {
    if (spec.resumable) names.push_back(spec.name);
  }
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

void Options::set(std::string_view key, OptionValue value) {
  option_spec(key).check(value);
  values_.insert_or_assign(std::string(key), std::move(value));
}

const OptionValue& Options::get(std::string_view key) const {
  const auto it = values_.find(key);
  return it != values_.end() ? it->second : option_spec(key).default_value;
}

std::int64_t Options::get_int(std::string_view key) const { return std::get<std::int64_t>(get(key)); }
bool Options::is_set(std::string_view key) const { return values_.contains(key); }
double Options::get_double(std::string_view key) const { return std::get<double>(get(key)); }
const std::string& Options::get_string(std::string_view key) const {
  return std::get<std::string>(get(key));
}

void Options::set_theta0(std::span<const double> theta0) {
  if (!theta0.empty()) validate_theta0(theta0);
  theta0_.assign(theta0.begin(), theta0.end());
}

ContourSettings contour_settings(const Options& options) {
  ContourSettings c;
  c.partition = {options.get_int("contour_m"), options.get_double("contour_u1"),
                 options.get_double("contour_du")};
  c.zeta = options.get_double("contour_zeta");
  c.field = chosen(options, "contour_field", std::array{RandomField::kPower, RandomField::kLinear});
  c.stencil = chosen(options, "contour_stencil", std::array{Stencil::kBackward, Stencil::kForward});
  c.rho = options.get_double("contour_rho");
  c.clip_lo = options.get_double("contour_clip_lo");
  c.clip_hi = options.get_double("contour_clip_hi");
  c.theta0 = options.theta0();
  c.sa = {chosen(options, "sa_schedule", std::array{false, true}), options.get_double("sa_omega"),
          options.get_double("sa_omega_max"), options.get_double("sa_scale"),
          options.get_double("sa_power"), options.get_double("sa_offset")};
  c.theta_thin = options.get_int("theta_thin");
  c.vr_period = options.get_int("contour_vr_period");
  c.pilot_steps = options.get_int("contour_pilot_steps");
  // SPEC §4.4: the partition is chosen by a pilot unless the user fixed it.
  const bool fixed_given = options.is_set("contour_u1") || options.is_set("contour_du") ||
                           !options.theta0().empty();
  const SamplerKind kind = sampler_kind(options.get_string("sampler"));
  if (!is_contour(kind)) return c;
  if (options.is_set("contour_partition")) {
    c.auto_partition = chosen(options, "contour_partition", std::array{true, false});
    require(!(c.auto_partition && fixed_given), "contour_partition", "\"auto\"",
            "chooses u1, du and theta_0 itself: unset contour_u1, contour_du and theta_0, or use "
            "\"fixed\"");
  } else {
    c.auto_partition = !fixed_given && kind != SamplerKind::kKsgld;
  }
  c.auto_m = !options.is_set("contour_m");
  c.auto_zeta = !options.is_set("contour_zeta");
  if (c.auto_partition && !options.is_set("contour_pilot_steps")) {
    const Index n_steps = options.get_int("n_steps");
    c.pilot_steps = default_pilot_steps(kind, automatic_step(options), n_steps);
    require(c.pilot_steps >= kMinAutoPilot, "n_steps", n_steps,
            ("is too short for contour_partition = \"auto\", whose pilot needs " +
             show(kMinAutoPilot) + " of the iterations (n_steps >= " + show(2 * kMinAutoPilot) +
             "); set contour_u1 and contour_du for a fixed partition")
                .c_str());
  }
  return c;
}

SamplerConfig sampler_config(const Options& options) {
  SamplerConfig config;
  const auto& sampler = options.get_string("sampler");
  config.kind = sampler_kind(sampler);
  config.temperature = options.get_double("temperature");
  config.batch_size = options.get_int("batch_size");
  config.psgld = {options.get_double("rms_decay"), options.get_double("rms_epsilon")};
  config.sghmc = {options.get_double("friction"), options.get_double("noise_estimate")};
  config.mhbt = {chosen(options, "proposal",
                        std::array{MhbtProposal::kRandomWalk, MhbtProposal::kSgld,
                                   MhbtProposal::kRsgld}),
                 options.get_double("c_n"),
                 options.get_double("rw_scale"),
                 options.get_double("rsgld_beta"),
                 options.get_double("rsgld_forward_prob"),
                 options.get_int("rsgld_adaptive_beta") == 1,
                 options.get_double("rsgld_beta_start")};
  config.schedule.kind =
      chosen(options, "schedule",
             std::array{ScheduleKind::kConstant, ScheduleKind::kPolynomial, ScheduleKind::kCyclical});
  config.schedule.step_size = options.get_double("step_size");
  config.schedule.offset = options.get_double("step_offset");
  config.schedule.power = options.get_double("step_power");
  config.schedule.total = options.get_int("n_steps");
  config.schedule.cycles = options.get_int("cycles");
  if (is_cyclical(config.kind)) apply_cyclical_sampler(options, config);
  config.resgld = {options.get_double("temperature_max"),
                   options.get_double("step_size_max"),
                   options.get_int("swap_every"),
                   options.get_double("swap_correction"),
                   chosen(options, "swap_variance_estimate",
                          std::array{SwapVariance::kRunning, SwapVariance::kFixed}),
                   options.get_double("swap_variance")};
  config.contour = contour_settings(options);
  // SPEC §5: the interacting samplers default to the linear field.
  if (is_interacting(config.kind) && !options.is_set("contour_field")) {
    config.contour.field = RandomField::kLinear;
  }
  config.domain = {options.get_double("domain_lo"), options.get_double("domain_hi")};
  config.precondition = {
      chosen(options, "precondition",
             std::array{PreconditionKind::kNone, PreconditionKind::kDiag, PreconditionKind::kDense}),
      options.get_int("precondition_steps")};
  config.faults = {chosen(options, "on_fault", std::array{false, true}),
                   options.get_int("max_consecutive_faults")};
  if (automatic_step(options)) {
    // Each replica chooses its own step for its temperature: a step for the
    // hottest one would be silently ignored.
    require(!options.is_set("step_size_max"), "step_size_max", options.get_double("step_size_max"),
            "needs step_size: without it the warm-up chooses every replica's step (unset "
            "step_size_max, or set step_size)");
    config.warm_up = {true, !options.is_set("friction"), options.get_double("step_bias")};
    if (config.kind == SamplerKind::kMhbt) apply_automatic_mhbt(options, config);
    if (!options.is_set("rms_decay")) config.psgld.rms_decay = kAutomaticRmsDecay;
    // The ladder's top, not set, is chosen from the warm-up's energies
    // (swap_ladder.hpp).
    config.resgld.auto_temperature =
        config.kind == SamplerKind::kResgld && !options.is_set("temperature_max");
    // A metric pays whenever the coordinates' scales or correlations differ
    // (the chain chooses dense or diag by the dimension); replica exchange
    // swaps states between chains whose windows differ, so its chains keep
    // the coordinates they were given.
    if (!options.is_set("precondition") && config.kind != SamplerKind::kResgld) {
      config.precondition.kind = PreconditionKind::kDiag;
      config.precondition.by_dimension = true;
    }
  }
  config.validate();
  return config;
}

bool automatic_step(const Options& options) {
  // MHBT's random walk is scaled by rw_scale: set, the run is as before too.
  const bool scaled = sampler_kind(options.get_string("sampler")) == SamplerKind::kMhbt &&
                      options.is_set("rw_scale");
  return !options.is_set("step_size") && !scaled;
}

RecordPolicy record_policy(const Options& options) {
  const Index n_steps = options.get_int("n_steps");
  // An automatic warm-up is the burn-in: half the run unless set, as Stan's.
  const bool automatic = automatic_step(options) && !warms_up_in_pilot(options);
  const Index burn_in =
      options.is_set("burn_in") || !automatic ? options.get_int("burn_in") : n_steps / 2;
  if (automatic && !options.is_set("burn_in")) {
    require(burn_in >= kMinAutoWarmUp, "n_steps", n_steps,
            ("is too short for the automatic warm-up, which takes half the run and needs " +
             show(kMinAutoWarmUp) + " iterations (n_steps >= " + show(2 * kMinAutoWarmUp) +
             "); set step_size to run without it")
                .c_str());
  } else if (automatic) {
    check_warm_up_burn_in(burn_in);
  }
  RecordPolicy policy{n_steps, burn_in, options.get_int("thin")};
  policy.validate();
  return policy;
}

RunConfig run_config(const Options& options) {
  RunConfig config{options.get_int("n_chains"), options.get_int("threads"),
                   options.get_int("progress_every"),
                   static_cast<std::uint64_t>(options.get_int("seed")),
                   options.get_int("first_chain")};
  config.validate();
  return config;
}

void Options::save(ByteWriter& out) const {
  out.section("OPTS");
  out.i64(static_cast<Index>(values_.size()));
  for (const auto& [key, value] : values_) {
    out.text(key);
    out.i64(static_cast<std::int64_t>(value.index()));
    if (const auto* i = std::get_if<std::int64_t>(&value)) out.i64(*i);
    if (const auto* d = std::get_if<double>(&value)) out.f64(*d);
    if (const auto* t = std::get_if<std::string>(&value)) out.text(*t);
  }
  out.values(std::span<const double>(theta0_));
}

Options Options::load(ByteReader& in) {
  in.section("OPTS");
  Options options;
  const Index count = in.index("number of options", 0, static_cast<Index>(kSpecs.size()));
  for (Index i = 0; i < count; ++i) {
    const std::string key = in.text("option name", 64);
    const Index type = in.index("option type", 0, 2);
    OptionValue value;
    if (type == 0) value = in.i64("option value");
    if (type == 1) value = in.f64("option value");
    if (type == 2) value = in.text("option value");
    try {
      options.set(key, std::move(value));
    } catch (const Error& e) {
      in.fail("options", e.what());
    }
  }
  const auto theta0 = in.double_array("theta0", Index{1} << 24);
  try {
    options.set_theta0(theta0);
  } catch (const Error& e) {
    in.fail("theta0", e.what());
  }
  return options;
}

Checkpointing checkpointing(const Options& options) {
  Checkpointing c;
  c.path = options.get_string("checkpoint_file");
  c.every = options.get_int("checkpoint_every");
  return c;
}

}  // namespace sgmc
