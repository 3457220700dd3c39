#include "sgmc/config/options.hpp"

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

OptionSpec int_option(std::string_view name, std::string_view doc, std::int64_t fallback,
                      double lo, double hi = kMaxInt) {
  return {name, OptionType::kInt, doc, fallback, lo, hi, false, false, {}};
}
OptionSpec double_option(std::string_view name, std::string_view doc, double fallback, double lo,
                         double hi, bool lo_open, bool hi_open) {
  return {name, OptionType::kDouble, doc, fallback, lo, hi, lo_open, hi_open, {}};
}
OptionSpec string_option(std::string_view name, std::string_view doc, const char* fallback,
                         std::string_view choices) {
  return {name, OptionType::kString, doc, std::string(fallback), 0, 0, false, false, choices};
}

const std::array kSpecs = {
    // The sampler (SPEC §2).
    string_option("sampler", "sampler family", "sgld",
                  "sgld|psgld|sghmc|cycsgld|cycsghmc|resgld|csgld|csghmc|pcsgld|ksgld|mhbt|icsgld|"
                  "icsghmc|picsgld"),
    double_option("temperature", "tau >= 0 of pi ∝ exp(-U/tau); 0 turns a sampler into its optimizer",
                  1.0, 0, kInf, false, true),
    int_option("batch_size", "mini-batch size n; 0 = the full data set", 0, 0),
    double_option("rms_decay", "pSGLD: RMSprop decay a", 0.99, 0, 1, false, true),
    double_option("rms_epsilon", "pSGLD: RMSprop regulariser lambda", 1e-5, 0, kInf, true, true),
    double_option("friction", "SGHMC: friction eta (momentum coefficient 1 - eta)", 0.1, 0, 1, true,
                  false),
    double_option("noise_estimate", "SGHMC: gradient-noise estimate gamma_hat, < friction", 0.0, 0,
                  1, false, true),
    // MHBT (SPEC §7).
    string_option("proposal", "MHBT: proposal (step_size is the learning rate eps)", "rsgld",
                  "random_walk|sgld|rsgld"),
    double_option("c_n", "MHBT: batch-tempering constant c_n; temperature N / c_n", 20.0, 0, kInf,
                  true, true),
    double_option("rw_scale", "MHBT: random-walk step delta", 0.1, 0, kInf, true, true),
    double_option("rsgld_beta", "MHBT: RSGLD backward noise scale beta", 1.0, 1, kInf, false, true),
    double_option("rsgld_forward_prob", "MHBT: RSGLD forward probability p_f", 0.5, 0, 1, true,
                  true),
    int_option("rsgld_adaptive_beta", "MHBT: 1 adapts beta per epoch from rsgld_beta_start", 0, 0,
               1),
    double_option("rsgld_beta_start", "MHBT: start of the adaptive beta", 1000.0, 1, kInf, false,
                  true),
    // Step sizes (SPEC §1).
    string_option("schedule", "step-size schedule", "constant", "constant|polynomial|cyclical"),
    double_option("step_size", "eps (constant), a (polynomial) or eps0 (cyclical)", 1e-3, 0, kInf,
                  true, true),
    double_option("step_offset", "polynomial: b of a (b + k)^(-gamma)", 0.0, 0, kInf, false, true),
    double_option("step_power", "polynomial: gamma of a (b + k)^(-gamma)", 0.55, 0.5, 1, true,
                  false),
    int_option("cycles", "cyclical: number of cycles M", 1, 1),
    // Recording and running.
    int_option("n_steps", "iterations K per chain", 1000, 1),
    int_option("burn_in", "iterations discarded before recording", 0, 0),
    int_option("thin", "record every thin-th iteration after burn-in", 1, 1),
    int_option("n_chains", "independent chains", 1, 1),
    int_option("threads", "worker threads; 0 = all cores", 0, 0),
    int_option("seed", "random seed; with the chain index it keys every random stream", 1,
               -kMaxInt),
    int_option("progress_every", "iterations between progress reports", 1000, 1),
    // Checkpoints (lib/sgmc/checkpoint): written atomically, read by sgmc_resume.
    string_option("checkpoint_file", "file the run saves itself to, to be resumed; empty = none", "",
                  ""),
    int_option("checkpoint_every",
               "iterations between checkpoints; 0 = only when the run stops (finished or cancelled)",
               0, 0),
    // Faults of the model: an error, NaN or infinity from an evaluation (docs/faults.md).
    string_option("on_fault",
                  "a failed evaluation of the model stops the run (error) or is rejected, counted "
                  "and retried with a fresh batch (reject)",
                  "error", "error|reject"),
    int_option("max_consecutive_faults",
               "reject: this many faults of one chain in a row stop the run as under error", 10, 1),
    // Cyclical samplers (SPEC §3); "cycles" defaults to 4 for them when unset.
    double_option("exploration", "cycsgld/cycsghmc: exploration fraction beta of each cycle",
                  kCyclicalSamplerExploration, 0, 1, false, true),
    // Replica exchange (SPEC §6): a geometric ladder of n_chains replicas.
    double_option("temperature_max", "resgld: temperature of the hottest replica, > temperature",
                  0.0, 0, kInf, false, true),
    double_option("step_size_max", "resgld: step size of the hottest replica; 0 = step_size", 0.0,
                  0, kInf, false, true),
    int_option("swap_every", "resgld: swaps are tried every swap_every iterations", 1, 1),
    double_option("swap_correction", "resgld: correction factor F >= 1 of the swap rule", 1.0, 1,
                  kInf, false, true),
    string_option("swap_variance_estimate",
                  "resgld: sigma2 of the swap rule: running estimate or the fixed swap_variance",
                  "running", "running|fixed"),
    double_option("swap_variance", "resgld: fixed sigma2 >= 0 of the swap rule", 0.0, 0, kInf,
                  false, true),
    // Contour samplers (SPEC §4); theta_0 is an array: sgmc_options_set_theta0.
    string_option("contour_partition",
                  "contour: auto = u1, du, m, zeta and theta_0 from a pilot (SPEC §4.4; the default "
                  "unless contour_u1, contour_du or theta_0 is set, or ksgld), fixed = as set",
                  "auto", "auto|fixed"),
    int_option("contour_m", "contour: number of energy subregions m (auto: chosen unless set)", 100, 2),
    double_option("contour_u1", "contour: lowest partition boundary u1 (setting it fixes the partition)",
                  0.0, -kInf, kInf, true, true),
    double_option("contour_du",
                  "contour: energy bandwidth du of the partition (setting it fixes the partition)",
                  1.0, 0, kInf, true, true),
    double_option("contour_zeta", "contour: flattening exponent zeta (auto: chosen unless set)", 0.75,
                  0, kInf, true, true),
    string_option("contour_field",
                  "contour: SA random field (CSGLD power, ICSGLD linear); icsgld/icsghmc/picsgld "
                  "default to linear",
                  "power", "power|linear"),
    string_option("contour_stencil", "contour: multiplier stencil (CSGLD eq. 8 or D.1)",
                  "backward", "backward|forward"),
    double_option("contour_rho", "contour: high-order bias term rho of the SA update", 0.0, 0, kMaxContourRho,
                  false, false),
    double_option("contour_clip_lo", "contour: lower clip g_lo of the gradient multiplier",
                  -kInf, -kInf, kInf, false, false),
    double_option("contour_clip_hi", "contour: upper clip g_hi of the gradient multiplier", kInf,
                  -kInf, kInf, false, false),
    int_option("theta_thin", "contour: record theta every theta_thin iterations; 0 = never", 0, 0),
    int_option("contour_vr_period", "contour: refresh period q of the variance-reduced energy; 0 = off",
               0, 0),
    int_option("contour_pilot_steps",
               "contour: K_pilot; auto partition: the first K_pilot iterations choose it in two "
               "stages (default max(n_steps/5, min(2000, n_steps/2))); fixed: icsgld/icsghmc/"
               "picsgld's SGLD pilot steps per chain whose index histogram sets theta_0, 0 = none",
               0, 0),
    // Stochastic-approximation steps omega_k (SPEC §1).
    string_option("sa_schedule", "contour: SA steps, decay min(omega_max, A/(k^alpha+B)) or constant",
                  "decay", "decay|constant"),
    double_option("sa_omega", "contour: the constant SA step omega", 0.01, 0, 1, true, false),
    double_option("sa_omega_max", "contour: cap omega_max of the decaying SA step", 1.0, 0, 1, true,
                  false),
    double_option("sa_scale", "contour: A of the decaying SA step", 1.0, 0, kInf, true, true),
    double_option("sa_power", "contour: alpha of the decaying SA step", 0.6, 0, kInf, true, true),
    double_option("sa_offset", "contour: B of the decaying SA step", 100.0, 0, kInf, false, true),
    // A fixed preconditioner estimated during warm-up (docs/preconditioning.md).
    string_option("precondition",
                  "change of coordinates x = L y estimated in windows of the warm-up: none, diag "
                  "(a scale per coordinate) or dense (scales and correlations)",
                  "none", "none|diag|dense"),
    int_option("precondition_steps",
               "warm-up iterations W <= burn_in whose positions estimate L; 0 = burn_in", 0, 0),
    // The optional domain box [lo, hi]^d (SPEC §4.2).
    double_option("domain_lo", "lower bound of the domain box [lo, hi]^d; moves leaving it are discarded",
                  -kInf, -kInf, kInf, false, false),
    double_option("domain_hi", "upper bound of the domain box [lo, hi]^d", kInf, -kInf, kInf, false,
                  false),
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

bool is_choice(std::string_view choices, std::string_view s) {
  while (!choices.empty()) {
    const auto bar = choices.find('|');
    if (choices.substr(0, bar) == s) return true;
    if (bar == std::string_view::npos) break;
    choices.remove_prefix(bar + 1);
  }
  return false;
}

/// cycsgld and cycsghmc always run the cyclical schedule (SPEC §3): a
/// "schedule" set to anything else is an error, and "cycles" left unset
/// means M = 4 rather than the plain cyclical schedule's 1.
void apply_cyclical_sampler(const Options& options, SamplerConfig& config) {
  const auto& schedule = options.get_string("schedule");
  if (options.is_set("schedule") && schedule != "cyclical") {
    throw Error(ErrorKind::kInvalidArgument,
                "option 'schedule' = \"" + schedule + "\": sampler \"" +
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
    if (!choices.empty() && !is_choice(choices, std::get<std::string>(value))) {
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
  c.field = options.get_string("contour_field") == "linear" ? RandomField::kLinear
                                                             : RandomField::kPower;
  c.stencil = options.get_string("contour_stencil") == "forward" ? Stencil::kForward
                                                                  : Stencil::kBackward;
  c.rho = options.get_double("contour_rho");
  c.clip_lo = options.get_double("contour_clip_lo");
  c.clip_hi = options.get_double("contour_clip_hi");
  c.theta0 = options.theta0();
  c.sa = {options.get_string("sa_schedule") == "constant", options.get_double("sa_omega"),
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
    c.auto_partition = options.get_string("contour_partition") == "auto";
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
    c.pilot_steps = std::max(n_steps / 5, std::min<Index>(2000, n_steps / 2));
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
  const auto& proposal = options.get_string("proposal");
  config.mhbt = {proposal == "random_walk" ? MhbtProposal::kRandomWalk
                 : proposal == "sgld"      ? MhbtProposal::kSgld
                                           : MhbtProposal::kRsgld,
                 options.get_double("c_n"),
                 options.get_double("rw_scale"),
                 options.get_double("rsgld_beta"),
                 options.get_double("rsgld_forward_prob"),
                 options.get_int("rsgld_adaptive_beta") == 1,
                 options.get_double("rsgld_beta_start")};
  const auto& schedule = options.get_string("schedule");
  config.schedule.kind = schedule == "polynomial" ? ScheduleKind::kPolynomial
                         : schedule == "cyclical" ? ScheduleKind::kCyclical
                                                  : ScheduleKind::kConstant;
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
                   options.get_string("swap_variance_estimate") == "fixed" ? SwapVariance::kFixed
                                                                           : SwapVariance::kRunning,
                   options.get_double("swap_variance")};
  config.contour = contour_settings(options);
  // SPEC §5: the interacting samplers default to the linear field.
  if (is_interacting(config.kind) && !options.is_set("contour_field")) {
    config.contour.field = RandomField::kLinear;
  }
  config.domain = {options.get_double("domain_lo"), options.get_double("domain_hi")};
  const auto& precondition = options.get_string("precondition");
  config.precondition = {precondition == "dense"  ? PreconditionKind::kDense
                         : precondition == "diag" ? PreconditionKind::kDiag
                                                  : PreconditionKind::kNone,
                         options.get_int("precondition_steps")};
  config.faults = {options.get_string("on_fault") == "reject",
                   options.get_int("max_consecutive_faults")};
  config.validate();
  return config;
}

RecordPolicy record_policy(const Options& options) {
  RecordPolicy policy{options.get_int("n_steps"), options.get_int("burn_in"),
                      options.get_int("thin")};
  policy.validate();
  return policy;
}

RunConfig run_config(const Options& options) {
  RunConfig config{options.get_int("n_chains"), options.get_int("threads"),
                   options.get_int("progress_every"),
                   static_cast<std::uint64_t>(options.get_int("seed"))};
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
