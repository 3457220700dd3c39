// Fuzzes the C API (capi/include/sgmc/sgmc.h) with sequences of calls and
// arbitrary arguments, read from the input by FuzzedDataProvider: options
// (keys of sgmc_option_info() and made-up ones, values including NaN, the
// infinities, negative and huge numbers), models (targets, Gaussians, C
// callbacks that fail or return NaN, data models), data sets, sgmc_sample,
// ask/tell runs (stepped, saved and resumed), every query of draws, and the
// diagnostics on arrays.
//
// Sizes that set how much work a valid call does (n_steps, n_chains, dims,
// data rows, buffer lengths) are drawn small, options start with a short run
// on one thread, and an input starts at most one run, so that an input runs
// in about a millisecond; invalid sizes (0, negative, lengths too short or
// too long for the dims) are drawn as well. Every buffer given to the library
// is at least as long as the length passed with it, as the header requires
// of callers: a length no buffer here could back (2^31, INT64_MAX) is never
// passed with a buffer, since the library may rightly copy that much first.
// Runs checkpoint, if at all, to a file of this process in the temporary
// directory, never where the input says.
//
// Invariants (a broken one aborts: a finding), from the header:
// - every status is a known one and never SGMC_ERROR_INTERNAL;
// - every status other than SGMC_OK comes with a non-empty sgmc_last_error();
// - a failed constructor leaves its out-handle NULL, a successful one sets it;
// - a rejected option value leaves the option as it was; a failed tell or
//   save leaves the run's chains where they were;
// - the model callback gets the model's dim, batches of indices in [0, N)
//   and zeroed gradients; outputs lie in their documented ranges;
// - nothing leaks: every handle is destroyed at the end of the input.
//
// With SGMC_FUZZ_VERBOSE set in the environment, every checked call is
// printed with its status (to see what an input does).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "sgmc/sgmc.h"

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int64_t kMin64 = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax64 = std::numeric_limits<int64_t>::max();

/// Handles of each kind alive at once, at most.
constexpr std::size_t kMaxHandles = 4;

/// Runs (sgmc_sample, ask/tell runs) one input starts, at most. Setting up a chain costs about 0.25 ms in this build (its random
/// streams are placed by some 40 jumps of 256 generator steps, under ASan
/// and coverage), a hundred cheap calls: a second run in an input mostly
/// repeats what the first covered, at that price. With one run an input
/// takes about half the time, and 150 s of fuzzing reached as many edges as
/// with two or with any number.
constexpr int kMaxRuns = 1;

[[noreturn]] void broken(const char* what, const char* call) {
  std::fprintf(stderr, "fuzz_capi: invariant broken in %s: %s (last error: \"%s\")\n", call, what,
               sgmc_last_error());
  std::abort();
}

void check(bool ok, const char* what, const char* call) {
  if (!ok) broken(what, call);
}

/// SGMC_FUZZ_VERBOSE in the environment: print each call and its status.
const bool g_verbose = std::getenv("SGMC_FUZZ_VERBOSE") != nullptr;

/// Checks the status conventions; returns true for SGMC_OK.
bool ok(sgmc_status status, const char* call) {
  if (g_verbose) {
    std::fprintf(stderr, "%s: %s%s%s\n", call, sgmc_status_name(status),
                 status == SGMC_OK ? "" : ": ", status == SGMC_OK ? "" : sgmc_last_error());
  }
  // SGMC_ERROR_FORMAT (-9), added after SGMC_ERROR_INTERNAL (-8), is the lowest.
  check(status >= SGMC_ERROR_FORMAT && status <= SGMC_CANCELLED, "a known status", call);
  check(status != SGMC_ERROR_INTERNAL, "no internal error", call);
  if (status != SGMC_OK) check(sgmc_last_error()[0] != '\0', "a message with the status", call);
  return status == SGMC_OK;
}

/// A creating call: on failure the out-handle is NULL, on success it is set.
template <typename Handle>
bool created(sgmc_status status, Handle* out, const char* call) {
  const bool good = ok(status, call);
  check(good == (out != nullptr), "out set on success and NULL on failure", call);
  return good;
}

/// A value of an enumeration as a C caller may pass it: any int, including
/// values the enumeration does not list (C enums are ints). UBSan's check of
/// enum loads is off here: this is the C caller's side.
template <typename Enum>
__attribute__((no_sanitize("enum"))) Enum as_enum(int value) {
  Enum e;
  static_assert(sizeof e == sizeof value);
  std::memcpy(&e, &value, sizeof e);
  return e;
}

/// A pointer that must be replaced: out-handles start as this.
template <typename Handle>
Handle* poison() {
  return reinterpret_cast<Handle*>(static_cast<std::uintptr_t>(0xdeadbeef));
}

// --- The model callback ---------------------------------------------------

/// What a callback model does, fixed when it is made (so that it is
/// deterministic and may run on several threads).
struct Behaviour {
  int64_t dim = 1;
  int64_t data_size = 0;
  int mode = 0;          ///< 0 fine, 1 error, 2 NaN energy, 3 infinite gradient, 4 always error
  double threshold = 0;  ///< modes 1-3 misbehave where x[0] > threshold
  int code = 1;          ///< returned by modes 1 and 4
};

int energy(const double* x, int64_t dim, const int64_t* batch, int64_t batch_size,
           double* batch_energy, double* batch_grad, double* prior_energy, double* prior_grad,
           void* user) {
  const auto& b = *static_cast<const Behaviour*>(user);
  const char* call = "sgmc_energy_fn";
  check(x != nullptr && batch_energy != nullptr && prior_energy != nullptr, "pointers", call);
  check(dim == b.dim, "the model's dim", call);
  check(batch_size >= 0 && (batch_size == 0 || batch != nullptr), "a batch", call);
  for (int64_t i = 0; i < batch_size; ++i) {
    check(batch[i] >= 0 && batch[i] < b.data_size, "batch indices in [0, N)", call);
  }
  check((batch_grad == nullptr) == (prior_grad == nullptr), "both gradients or neither", call);
  for (int64_t j = 0; batch_grad != nullptr && j < dim; ++j) {
    check(batch_grad[j] == 0 && prior_grad[j] == 0, "zeroed gradients", call);
  }
  const bool odd = b.mode == 4 || (b.mode != 0 && x[0] > b.threshold);
  if (odd && (b.mode == 1 || b.mode == 4)) return b.code;
  // U_i(x) = |x - c_i|^2 / 2 with c_i = (i mod 3) in every coordinate; U0 = |x|^2 / 8.
  double s = 0, u0 = 0;
  for (int64_t i = 0; i < batch_size; ++i) {
    const double c = static_cast<double>(batch[i] % 3);
    for (int64_t j = 0; j < dim; ++j) {
      s += 0.5 * (x[j] - c) * (x[j] - c);
      if (batch_grad != nullptr) batch_grad[j] += x[j] - c;
    }
  }
  for (int64_t j = 0; j < dim; ++j) {
    u0 += x[j] * x[j] / 8;
    if (prior_grad != nullptr) prior_grad[j] = x[j] / 4;
  }
  if (odd && b.mode == 2) s = kNan;
  if (odd && b.mode == 3 && prior_grad != nullptr) prior_grad[0] = kInf;
  *batch_energy = s;
  *prior_energy = u0;
  return 0;
}

struct Progress {
  int64_t stop_at = -1;  ///< stop once steps_done reaches this (-1: never)
};

int progress(int64_t steps_done, int64_t steps_total, void* user) {
  check(steps_done >= 0 && steps_done <= steps_total, "steps_done in [0, steps_total]",
        "sgmc_progress_fn");
  const auto& p = *static_cast<const Progress*>(user);
  return p.stop_at >= 0 && steps_done >= p.stop_at ? 1 : 0;
}

// --- The fuzzer's state ----------------------------------------------------

/// Handles and the memory they may refer to, released at the end of an input.
struct State {
  std::vector<sgmc_options*> options;
  std::vector<sgmc_model*> models;
  std::vector<int64_t> model_dims;  ///< beside models
  std::vector<sgmc_data*> data;
  std::vector<sgmc_run*> runs_alive;
  std::vector<int64_t> run_dims;  ///< beside runs_alive
  std::vector<int64_t> run_data;  ///< N, beside runs_alive
  std::vector<sgmc_draws*> draws;
  int runs = 0;  ///< started, of kMaxRuns
  // Kept until every handle is gone: callback users and borrowed arrays.
  std::deque<Behaviour> behaviours;
  std::deque<std::vector<double>> borrowed;

  ~State() {
    for (auto* d : draws) sgmc_draws_destroy(d);
    for (auto* r : runs_alive) sgmc_run_destroy(r);
    for (auto* m : models) sgmc_model_destroy(m);
    for (auto* d : data) sgmc_data_destroy(d);
    for (auto* o : options) sgmc_options_destroy(o);
  }
};

/// The option keys of sgmc_option_info(), read once.
struct Keys {
  std::vector<std::string> names;
  std::vector<sgmc_option_type> types;
  Keys() {
    const int64_t n = sgmc_option_count();
    check(n > 0, "options exist", "sgmc_option_count");
    for (int64_t i = 0; i < n; ++i) {
      const char* name = nullptr;
      const char* doc = nullptr;
      sgmc_option_type type{};
      check(ok(sgmc_option_info(i, &name, &type, &doc), "sgmc_option_info"), "info", "init");
      check(name != nullptr && doc != nullptr && type >= 1 && type <= 3, "a described option",
            "sgmc_option_info");
      names.emplace_back(name);
      types.push_back(type);
    }
  }
};

const Keys& keys() {
  static const Keys k;
  return k;
}

/// The admissible strings of the string options, and a few others.
const char* const kWords[] = {
    "sgld",        "psgld",  "sghmc",    "cycsgld",    "cycsghmc", "resgld",  "csgld",
    "csghmc",      "pcsgld", "ksgld",    "mhbt",       "icsgld",   "icsghmc", "picsgld",
    "random_walk", "rsgld",  "constant", "polynomial", "cyclical", "running", "fixed",
    "power",       "linear", "backward", "forward",    "decay",    "",        "SGLD"};
const char* const kSamplers[] = {"sgld",   "psgld",  "sghmc",   "cycsgld", "cycsghmc",
                                 "resgld", "csgld",  "csghmc",  "pcsgld",  "ksgld",
                                 "mhbt",   "icsgld", "icsghmc", "picsgld"};
const char* const kProposals[] = {"random_walk", "sgld", "rsgld"};
const char* const kTargets[] = {"mix1d", "nine", "twentyfive", "gauss25", "gaussian", ""};

class Fuzz {
 public:
  Fuzz(const std::uint8_t* data, std::size_t size) : in_(data, size) {}

  void run() {
    for (int steps = 0; steps < 64 && in_.remaining_bytes() > 0; ++steps) step();
  }

 private:
  // --- Values ---------------------------------------------------------------

  template <typename T>
  T pick(const std::vector<T>& v) {
    return v[in_.ConsumeIntegralInRange<std::size_t>(0, v.size() - 1)];
  }
  template <typename T, std::size_t N>
  T pick(T const (&v)[N]) {
    return v[in_.ConsumeIntegralInRange<std::size_t>(0, N - 1)];
  }

  /// True with probability 1/n, and false once the input is used up (the
  /// provider then gives 0s): the rare choices below are rare at the end too.
  bool rarely(int n) { return in_.ConsumeIntegralInRange(0, n - 1) == n - 1; }

  // The generators below give their common case for 0, what the provider
  // gives once the input is used up.

  /// Any integer, with the edges and small values likely.
  int64_t any_int() {
    switch (in_.ConsumeIntegralInRange(0, 9)) {
      case 5: return kMin64;
      case 6: return kMax64;
      case 7: return int64_t{1} << 31;
      case 8: return (int64_t{1} << 32) + 1;
      case 9: return in_.ConsumeIntegral<int64_t>();
      default: return in_.ConsumeIntegralInRange<int64_t>(-3, 12);
    }
  }

  /// A size of a valid call that does work in proportion to it: small, or
  /// invalid (<= 0, the most negative).
  int64_t small(int64_t hi) {
    switch (in_.ConsumeIntegralInRange(0, 7)) {
      case 6: return kMin64;
      case 7: return in_.ConsumeIntegralInRange<int64_t>(-2, 0);
      default: return in_.ConsumeIntegralInRange<int64_t>(1, hi);
    }
  }

  /// Any double, with the special values likely.
  double any_double() {
    switch (in_.ConsumeIntegralInRange(0, 15)) {
      case 5: return kNan;
      case 6: return kInf;
      case 7: return -kInf;
      case 8: return std::numeric_limits<double>::max();
      case 9: return -std::numeric_limits<double>::max();
      case 10: return std::numeric_limits<double>::denorm_min();
      case 11: return 0.0;
      case 12: return -0.0;
      case 13: return 1e300;
      case 14: return in_.ConsumeFloatingPoint<double>();
      case 15: return in_.ConsumeFloatingPointInRange(-1e3, 1e3);
      default: return in_.ConsumeFloatingPointInRange(-0.5, 1.5);
    }
  }

  /// A double in [lo, hi] mostly, any double sometimes.
  double nice(double lo, double hi) {
    return rarely(4) ? any_double() : in_.ConsumeFloatingPointInRange(lo, hi);
  }

  std::vector<double> doubles(int64_t n, double lo, double hi) {
    std::vector<double> v(static_cast<std::size_t>(std::max<int64_t>(n, 0)));
    const bool wild = rarely(4);
    for (auto& x : v) x = wild ? nice(lo, hi) : in_.ConsumeFloatingPointInRange(lo, hi);
    return v;
  }

  /// An enumeration value: in [lo, hi] mostly, any of -2..5 sometimes.
  int enum_value(int lo, int hi) {
    return rarely(8) ? in_.ConsumeIntegralInRange(-2, 5) : in_.ConsumeIntegralInRange(lo, hi);
  }

  /// A buffer length near `needed` (often exact, sometimes short), >= 0.
  int64_t length(int64_t needed) {
    switch (in_.ConsumeIntegralInRange(0, 5)) {
      case 3: return 0;
      case 4: return std::max<int64_t>(needed - 1, 0);
      case 5: return in_.ConsumeIntegralInRange<int64_t>(0, 16);
      default: return std::clamp<int64_t>(needed, 0, 1 << 16);
    }
  }

  /// A length to pass with a buffer of `length(needed)`: that length, or
  /// sometimes a negative one (with the same, harmless buffer).
  int64_t passed(int64_t len) { return rarely(10) ? -1 : len; }

  std::string text() { return in_.ConsumeRandomLengthString(24); }

  /// An option key: a real one mostly, "theta0" or made-up ones otherwise.
  std::string key() {
    switch (in_.ConsumeIntegralInRange(0, 9)) {
      case 8: return text();
      case 9: return "theta0";
      default: return pick(keys().names);
    }
  }

  /// The key, or NULL one time in 16.
  const char* maybe(const std::string& s) { return rarely(16) ? nullptr : s.c_str(); }

  int64_t option_int(const std::string& k) {
    // The sizes of a run: small, so that a sample takes about a millisecond.
    if (k == "n_steps") return small(64);
    if (k == "n_chains") return small(4);
    if (k == "contour_pilot_steps") return std::max<int64_t>(small(51), kMin64 + 1) - 1;
    if (k == "contour_m") return small(64);
    // 0 (every core) and 2 keep the parallel passes fuzzed; options start at 1.
    if (k == "threads") return std::max<int64_t>(small(3), kMin64 + 1) - 1;
    if (k == "burn_in" || k == "progress_every" || k == "cycles" || k == "swap_every" ||
        k == "theta_thin" || k == "contour_vr_period" || k == "thin") {
      return in_.ConsumeBool() ? small(40) : any_int();
    }
    return any_int();
  }

  template <typename Handle>
  Handle* choose(const std::vector<Handle*>& v) {
    if (v.empty() || rarely(16)) return nullptr;
    return pick(v);
  }
  template <typename Handle>
  std::size_t index_of(const std::vector<Handle*>& v) {
    return in_.ConsumeIntegralInRange<std::size_t>(0, v.size() - 1);
  }

  // --- Options --------------------------------------------------------------

  void options_create() {
    if (s_.options.size() >= kMaxHandles) return;
    sgmc_options* o = poison<sgmc_options>();
    if (rarely(16)) {
      check(!ok(sgmc_options_create(nullptr), "sgmc_options_create"), "NULL out fails",
            "sgmc_options_create");
      return;
    }
    const auto* from = choose(s_.options);
    const bool clone = in_.ConsumeBool();
    const sgmc_status st = clone ? sgmc_options_clone(&o, from) : sgmc_options_create(&o);
    if (created(st, o, clone ? "sgmc_options_clone" : "sgmc_options_create")) {
      s_.options.push_back(o);
      if (!clone) {
        // A short run on the calling thread unless the input sets otherwise
        // (below, or through options_set). With the defaults, n_steps = 1000
        // (a quarter of the options kept it) and threads = 0 (a task arena of
        // every core), sgmc_sample took 90% of this file's time and the
        // fuzzer ran about 300 inputs/s. 40 is the shortest run whose contour
        // samplers can choose their partition ("auto": the pilot takes
        // n_steps / 2 >= 20). Set without reading the input, so that inputs
        // keep their meaning.
        sgmc_options_set_int(o, "n_steps", 40);
        sgmc_options_set_int(o, "threads", 1);
      }
      // Most runs want a chosen sampler, set up so that it can run, and a
      // short run: valid values that random keys and values rarely hit.
      if (in_.ConsumeBool()) recipe(o, pick(kSamplers));
      if (in_.ConsumeBool()) sgmc_options_set_int(o, "n_steps", in_.ConsumeIntegralInRange(1, 100));
    }
  }

  /// Sets the sampler and, each with probability 1/2, settings it needs.
  void recipe(sgmc_options* o, const std::string& sampler) {
    const auto set_int = [&](const char* k, int64_t lo, int64_t hi) {
      if (in_.ConsumeBool()) sgmc_options_set_int(o, k, in_.ConsumeIntegralInRange(lo, hi));
    };
    const auto set_double = [&](const char* k, double lo, double hi) {
      if (in_.ConsumeBool()) sgmc_options_set_double(o, k, in_.ConsumeFloatingPointInRange(lo, hi));
    };
    sgmc_options_set_string(o, "sampler", sampler.c_str());
    set_int("n_steps", 1, 60);
    set_int("burn_in", 0, 10);
    set_int("thin", 1, 3);
    set_double("step_size", 1e-4, 0.1);
    if (sampler == "resgld") {
      set_double("temperature_max", 1.5, 5);
      set_int("n_chains", 2, 4);
      set_int("swap_every", 1, 5);
    } else if (sampler.starts_with("cyc")) {
      set_int("cycles", 1, 6);
    } else if (sampler == "mhbt") {
      set_int("batch_size", 1, 4);
      if (in_.ConsumeBool()) sgmc_options_set_string(o, "proposal", pick(kProposals));
      set_int("rsgld_adaptive_beta", 0, 1);
    } else if (sampler != "sgld" && sampler != "psgld" && sampler != "sghmc") {  // contour
      set_int("contour_m", 2, 8);
      set_double("contour_u1", -2, 5);
      set_double("contour_du", 0.1, 5);
      set_int("theta_thin", 0, 5);
      set_int("contour_vr_period", 0, 3);
      set_int("batch_size", 0, 4);
      if (sampler.starts_with("i") || sampler.starts_with("pi")) {
        set_int("n_chains", 1, 4);
        set_int("contour_pilot_steps", 0, 10);
      }
    }
  }

  void options_destroy() {
    if (s_.options.empty()) return;
    const auto i = index_of(s_.options);
    sgmc_options_destroy(s_.options[i]);
    s_.options.erase(s_.options.begin() + static_cast<std::ptrdiff_t>(i));
  }

  /// Sets an option; a rejected value must leave the option as it was.
  void options_set() {
    sgmc_options* o = choose(s_.options);
    const std::string k = key();
    const char* kp = maybe(k);
    sgmc_option_type type{};
    const bool known = sgmc_option_type_of(k.c_str(), &type) == SGMC_OK;
    const int which = known && in_.ConsumeIntegralInRange(0, 4) != 0
                          ? static_cast<int>(type)
                          : in_.ConsumeIntegralInRange(1, 3);
    std::string before = o != nullptr && known ? shown(o, k, type) : "";
    sgmc_status st;
    const char* call;
    if (which == SGMC_OPTION_INT) {
      call = "sgmc_options_set_int";
      st = sgmc_options_set_int(o, kp, option_int(k));
    } else if (which == SGMC_OPTION_DOUBLE) {
      call = "sgmc_options_set_double";
      st = sgmc_options_set_double(o, kp, any_double());
    } else {
      call = "sgmc_options_set_string";
      std::string v =
          in_.ConsumeBool() ? (k == "sampler" ? pick(kSamplers) : pick(kWords)) : text();
      if (k == "checkpoint_file") v = checkpoint_file(v);
      st = sgmc_options_set_string(o, kp, maybe(v));
    }
    if (!ok(st, call) && o != nullptr && known) {
      check(shown(o, k, type) == before, "a rejected value changes nothing", call);
    }
    if (g_verbose && o != nullptr && known) std::fprintf(stderr, "  %s = %s\n", k.c_str(), shown(o, k, type).c_str());
  }

  /// Where a run may checkpoint itself: never where the input says. Fuzzed
  /// names ("power", bytes) made every run write a checkpoint file of that
  /// name into the working directory (the repository, when the fuzzer is
  /// started from there) or, with a '/', anywhere. Instead, by the drawn
  /// name's length: no checkpoints, a file of this process in the temporary
  /// directory, or a directory that does not exist (the write fails).
  static std::string checkpoint_file(const std::string& drawn) {
    static const std::string scratch =
        (std::filesystem::temp_directory_path() /
         ("sgmc-fuzz-capi-" + std::to_string(::getpid()) + ".ckpt"))
            .string();
    switch (drawn.size() % 3) {
      case 1: return scratch;
      case 2: return "/nonexistent/sgmc-fuzz-capi.ckpt";
      default: return "";
    }
  }

  /// The value of a known option as text, read back through the getters.
  std::string shown(const sgmc_options* o, const std::string& k, sgmc_option_type type) {
    char buffer[64];
    if (type == SGMC_OPTION_INT) {
      int64_t v = 0;
      check(ok(sgmc_options_get_int(o, k.c_str(), &v), "sgmc_options_get_int"), "get", "get_int");
      std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(v));
      return buffer;
    }
    if (type == SGMC_OPTION_DOUBLE) {
      double v = 0;
      check(ok(sgmc_options_get_double(o, k.c_str(), &v), "sgmc_options_get_double"), "get",
            "get_double");
      std::snprintf(buffer, sizeof buffer, "%.17g", v);
      return buffer;
    }
    const char* v = nullptr;
    check(ok(sgmc_options_get_string(o, k.c_str(), &v), "sgmc_options_get_string") && v != nullptr,
          "get", "get_string");
    return v;
  }

  void options_get() {
    const sgmc_options* o = choose(s_.options);
    const std::string k = key();
    const char* kp = maybe(k);
    const bool null_out = rarely(16);
    switch (in_.ConsumeIntegralInRange(0, 4)) {
      case 0: {
        int64_t v;
        ok(sgmc_options_get_int(o, kp, null_out ? nullptr : &v), "sgmc_options_get_int");
        break;
      }
      case 1: {
        double v;
        ok(sgmc_options_get_double(o, kp, null_out ? nullptr : &v), "sgmc_options_get_double");
        break;
      }
      case 2: {
        const char* v = nullptr;
        if (ok(sgmc_options_get_string(o, kp, null_out ? nullptr : &v),
               "sgmc_options_get_string")) {
          check(v != nullptr && std::strlen(v) < 1000, "a string", "sgmc_options_get_string");
        }
        break;
      }
      case 3: {
        sgmc_option_type t{};
        if (ok(sgmc_option_type_of(kp, null_out ? nullptr : &t), "sgmc_option_type_of")) {
          check(t >= 1 && t <= 3, "a type", "sgmc_option_type_of");
        }
        break;
      }
      default: {
        const char* name = nullptr;
        const char* doc = nullptr;
        sgmc_option_type t{};
        const int64_t i =
            in_.ConsumeBool() ? any_int() : in_.ConsumeIntegralInRange<int64_t>(-1, 80);
        if (ok(sgmc_option_info(i, in_.ConsumeBool() ? &name : nullptr, &t,
                                in_.ConsumeBool() ? &doc : nullptr),
               "sgmc_option_info")) {
          check(i >= 0 && i < sgmc_option_count(), "an index in range", "sgmc_option_info");
        }
      }
    }
  }

  void options_theta0() {
    sgmc_options* o = choose(s_.options);
    int64_t m = in_.ConsumeIntegralInRange<int64_t>(0, 8);
    if (o != nullptr && in_.ConsumeBool()) {
      int64_t cm = 0;
      if (sgmc_options_get_int(o, "contour_m", &cm) == SGMC_OK && cm <= 64) m = cm;
    }
    std::vector<double> theta = doubles(m, 0.01, 1.0);
    if (in_.ConsumeBool()) {  // normalised, as a valid theta0 is
      double sum = 0;
      for (double t : theta) sum += t;
      for (double& t : theta) t /= sum;
    }
    const bool null = rarely(8);
    ok(sgmc_options_set_theta0(o, null ? nullptr : theta.data(), passed(m)),
       "sgmc_options_set_theta0");
  }

  // --- Models and data --------------------------------------------------------

  void add_model(sgmc_status st, sgmc_model* m, const char* call) {
    if (!created(st, m, call)) return;
    int64_t dim = 0, n = -1;
    check(ok(sgmc_model_shape(m, &dim, &n), "sgmc_model_shape") && dim >= 1 && n >= 0,
          "a model shape", call);
    s_.models.push_back(m);
    s_.model_dims.push_back(dim);
  }

  void model_target() {
    if (s_.models.size() >= kMaxHandles) return;
    sgmc_model* m = poison<sgmc_model>();
    const std::string name = rarely(6) ? text() : pick(kTargets);
    const double e = nice(0, 2), g = nice(0, 2);
    if (rarely(16)) {
      check(!ok(sgmc_model_target(nullptr, name.c_str(), e, g), "sgmc_model_target"),
            "NULL out fails", "sgmc_model_target");
      return;
    }
    add_model(sgmc_model_target(&m, maybe(name), e, g), m, "sgmc_model_target");
  }

  void model_gaussian() {
    if (s_.models.size() >= kMaxHandles) return;
    sgmc_model* m = poison<sgmc_model>();
    const int64_t dim = rarely(10) ? any_int() : small(4);
    const int64_t d = std::clamp<int64_t>(dim, 0, 4);  // the buffers hold d values
    std::vector<double> mean = doubles(d, -3, 3);
    std::vector<double> cov(static_cast<std::size_t>(d * d), 0.0);
    if (in_.ConsumeBool()) {
      cov = doubles(d * d, -2, 2);
    } else {  // symmetric, diagonally dominant: positive definite
      for (int64_t i = 0; i < d; ++i) {
        for (int64_t j = 0; j < i; ++j) {
          cov[static_cast<std::size_t>(i * d + j)] = cov[static_cast<std::size_t>(j * d + i)] =
              in_.ConsumeFloatingPointInRange(-0.2, 0.2);
        }
        cov[static_cast<std::size_t>(i * d + i)] = in_.ConsumeFloatingPointInRange(1.0, 4.0);
      }
    }
    if (dim > d) return;  // the buffers hold d values
    const double e = nice(0, 1), g = nice(0, 1);
    const bool null_mean = rarely(16);
    const bool null_cov = rarely(16);
    sgmc_status st = sgmc_model_gaussian(&m, dim, null_mean ? nullptr : mean.data(),
                                         null_cov ? nullptr : cov.data(), e, g);
    add_model(st, m, "sgmc_model_gaussian");
  }

  void model_callback() {
    if (s_.models.size() >= kMaxHandles) return;
    Behaviour b;
    b.dim = small(4);
    b.data_size = in_.ConsumeBool() ? in_.ConsumeIntegralInRange<int64_t>(0, 8) : small(8);
    b.mode = in_.ConsumeIntegralInRange(0, 4);
    b.threshold = nice(-2, 4);
    b.code = in_.ConsumeIntegral<int>();
    if (b.code == 0) b.code = -1;
    s_.behaviours.push_back(b);
    const uint32_t flags =
        rarely(8) ? in_.ConsumeIntegral<uint32_t>() : in_.ConsumeIntegralInRange(0u, 1u);
    sgmc_model* m = poison<sgmc_model>();
    const bool null_fn = rarely(16);
    add_model(sgmc_model_from_callback(&m, b.dim, b.data_size, null_fn ? nullptr : energy, flags,
                                       &s_.behaviours.back()),
              m, "sgmc_model_from_callback");
  }

  void model_destroy() {
    if (s_.models.empty()) return;
    const auto i = index_of(s_.models);
    sgmc_model_destroy(s_.models[i]);
    s_.models.erase(s_.models.begin() + static_cast<std::ptrdiff_t>(i));
    s_.model_dims.erase(s_.model_dims.begin() + static_cast<std::ptrdiff_t>(i));
  }

  void data_create() {
    if (s_.data.size() >= kMaxHandles) return;
    const int64_t rows = rarely(10) ? any_int() : small(8);
    const int64_t cols = rarely(10) ? any_int() : small(3);
    // The buffers hold what rows and cols say when both are small; larger
    // sizes must be rejected, or are too large to fuzz: skip those.
    if (rows > 8 || cols > 3) return;
    const int64_t n = std::max<int64_t>(rows, 0), p = std::max<int64_t>(cols, 0);
    auto& features = s_.borrowed.emplace_back(doubles(n * p, -3, 3));
    auto& targets = s_.borrowed.emplace_back();
    switch (in_.ConsumeIntegralInRange(0, 2)) {
      case 0:  // labels 0/1 or classes 0..3
        for (int64_t i = 0; i < n; ++i) targets.push_back(in_.ConsumeIntegralInRange(0, 3));
        break;
      case 1:
        for (int64_t i = 0; i < n; ++i) targets.push_back(in_.ConsumeIntegralInRange(0, 1));
        break;
      default: targets = doubles(n, -3, 3);
    }
    const uint32_t flags =
        rarely(8) ? in_.ConsumeIntegral<uint32_t>() : in_.ConsumeIntegralInRange(0u, 1u);
    sgmc_data* d = poison<sgmc_data>();
    const bool null_f = rarely(16);
    const bool null_t = rarely(16);
    const sgmc_status st = sgmc_data_create(&d, rows, cols, null_f ? nullptr : features.data(),
                                            null_t ? nullptr : targets.data(), flags);
    if (created(st, d, "sgmc_data_create")) {
      int64_t r = 0, c = 0;
      check(ok(sgmc_data_shape(d, &r, &c), "sgmc_data_shape") && r == rows && c == cols,
            "the shape made", "sgmc_data_shape");
      s_.data.push_back(d);
    }
  }

  void data_misc() {
    switch (in_.ConsumeIntegralInRange(0, 3)) {
      case 0: {  // files are fuzz_csv's: here only the failures
        sgmc_data* d = poison<sgmc_data>();
        const std::string path = in_.ConsumeBool() ? "/nonexistent/sgmc-fuzz.csv" : text();
        const std::string column = text();
        const sgmc_status st =
            sgmc_data_read_csv(&d, in_.ConsumeBool() ? nullptr : path.c_str(), maybe(column));
        if (created(st, d, "sgmc_data_read_csv")) sgmc_data_destroy(d);  // unlikely
        break;
      }
      case 1: {
        if (s_.data.empty()) return;
        const auto i = index_of(s_.data);
        sgmc_data_destroy(s_.data[i]);
        s_.data.erase(s_.data.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
      case 2: {
        int64_t r, c;
        ok(sgmc_data_shape(choose(s_.data), in_.ConsumeBool() ? &r : nullptr,
                           in_.ConsumeBool() ? &c : nullptr),
           "sgmc_data_shape");
        break;
      }
      default: {
        const char* name = nullptr;
        if (ok(sgmc_data_feature_name(
                   choose(s_.data),
                   in_.ConsumeBool() ? any_int() : in_.ConsumeIntegralInRange<int64_t>(-1, 4),
                   rarely(16) ? nullptr : &name),
               "sgmc_data_feature_name")) {
          check(name != nullptr && std::strlen(name) == 0, "no names for arrays",
                "sgmc_data_feature_name");
        }
      }
    }
  }

  /// An sgmc_prior as an int, out of range now and then (pass it through
  /// as_enum).
  int any_prior() {
    return rarely(8) ? static_cast<int>(any_int()) : in_.ConsumeIntegralInRange(0, 5);
  }

  void model_data() {
    if (s_.models.size() >= kMaxHandles) return;
    const sgmc_data* d = choose(s_.data);
    sgmc_model* m = poison<sgmc_model>();
    const double prior = nice(0.1, 3);
    switch (in_.ConsumeIntegralInRange(0, 5)) {
      case 0: add_model(sgmc_model_logistic(&m, d, prior), m, "sgmc_model_logistic"); break;
      case 4: {
        // Any int as the enums and the flag, rarely: bad values must be named.
        const int intercept = rarely(8) ? static_cast<int>(any_int()) : in_.ConsumeBool();
        const int coef = any_prior(), sigma = any_prior();
        add_model(sgmc_model_linear_priors(&m, d, intercept, as_enum<sgmc_prior>(coef), prior,
                                           as_enum<sgmc_prior>(sigma), nice(0.1, 3)),
                  m, "sgmc_model_linear_priors");
        break;
      }
      case 5: {
        const int intercept = rarely(8) ? static_cast<int>(any_int()) : in_.ConsumeBool();
        const int coef = any_prior();
        add_model(sgmc_model_logistic_priors(&m, d, intercept, as_enum<sgmc_prior>(coef), prior), m,
                  "sgmc_model_logistic_priors");
        break;
      }
      case 1: {
        const double noise = in_.ConsumeBool() ? 0.0 : nice(0.1, 3);
        add_model(sgmc_model_linear(&m, d, prior, noise, nice(0.1, 3)), m, "sgmc_model_linear");
        break;
      }
      case 2: {
        const int64_t hidden = rarely(8) ? any_int() : small(3);
        const int64_t classes = rarely(8) ? any_int() : small(5);
        if (hidden > 3 || classes > 5) return;  // large valid networks: too slow to fuzz
        add_model(sgmc_model_mlp_classifier(&m, d, hidden, classes, prior), m,
                  "sgmc_model_mlp_classifier");
        break;
      }
      default: {
        const int64_t hidden = rarely(8) ? any_int() : small(3);
        if (hidden > 3) return;
        add_model(sgmc_model_mlp_regression(&m, d, hidden, prior, nice(0.1, 3)), m,
                  "sgmc_model_mlp_regression");
      }
    }
  }

  void model_shape() {
    int64_t dim, n;
    sgmc_model* m = choose(s_.models);
    ok(sgmc_model_shape(m, in_.ConsumeBool() ? &dim : nullptr, in_.ConsumeBool() ? &n : nullptr),
       "sgmc_model_shape");
    model_names(m);
  }

  /// Reads a parameter's name (any index), or sets the names: d of them
  /// mostly, now and then a wrong count or an empty, repeated or NULL name.
  /// A refused set leaves the names as they were.
  void model_names(sgmc_model* m) {
    const char* name = nullptr;
    if (in_.ConsumeBool()) {
      const int64_t index = in_.ConsumeBool() ? any_int() : in_.ConsumeIntegralInRange<int64_t>(0, 3);
      if (ok(sgmc_model_parameter_name(m, index, rarely(16) ? nullptr : &name),
             "sgmc_model_parameter_name")) {
        check(name != nullptr && name[0] != '\0', "a name", "sgmc_model_parameter_name");
      }
      return;
    }
    int64_t dim = 0;
    if (m != nullptr && (!ok(sgmc_model_shape(m, &dim, nullptr), "sgmc_model_shape") || dim > 64)) {
      return;
    }
    const int64_t count = rarely(8) ? in_.ConsumeIntegralInRange<int64_t>(-1, 4) : dim;
    std::vector<std::string> names;
    for (int64_t i = 0; i < std::max<int64_t>(count, 0); ++i) {
      names.push_back(rarely(16) ? "" : rarely(16) ? "p" : "p" + std::to_string(i));
    }
    std::vector<const char*> pointers;
    for (const auto& n : names) pointers.push_back(rarely(32) ? nullptr : n.c_str());
    const char* before = nullptr;
    const bool had = m != nullptr && dim > 0 && sgmc_model_parameter_name(m, 0, &before) == SGMC_OK;
    const std::string kept = had ? before : "";
    const bool set = ok(sgmc_model_set_parameter_names(m, rarely(16) ? nullptr : pointers.data(), count),
                        "sgmc_model_set_parameter_names");
    if (had && ok(sgmc_model_parameter_name(m, 0, &name), "sgmc_model_parameter_name")) {
      check(set ? name == names[0] : name == kept, "the names set, or the old ones after a refusal",
            "sgmc_model_set_parameter_names");
    }
  }

  // --- Running ----------------------------------------------------------------

  /// A dimension for calls on something of dimension `dim`: mostly right.
  int64_t dim_like(int64_t dim) { return rarely(8) ? small(5) : dim; }

  /// Whether this input may start another run (kMaxRuns).
  bool another_run() { return s_.runs++ < kMaxRuns; }

  void sample() {
    if (s_.draws.size() >= kMaxHandles || !another_run()) return;
    // A run needs a model and options: make them when there are none, mostly.
    if (s_.models.empty() && !rarely(4)) model_target();
    if (s_.options.empty() && !rarely(4)) options_create();
    const std::size_t mi = s_.models.empty() ? 0 : index_of(s_.models);
    const sgmc_model* m = s_.models.empty() || rarely(16) ? nullptr : s_.models[mi];
    const sgmc_options* o = choose(s_.options);
    int64_t chains = 1;
    if (o != nullptr) sgmc_options_get_int(o, "n_chains", &chains);
    const int64_t dim = m != nullptr ? s_.model_dims[mi] : 2;
    int64_t len = in_.ConsumeBool() ? dim : chains * dim;
    if (rarely(8)) len = in_.ConsumeIntegralInRange<int64_t>(-1, 9);
    // At least one value: a length <= 0 meets the length check, not the NULL check.
    std::vector<double> x0 = doubles(std::clamp<int64_t>(len, 1, 64), -2, 2);
    if (len > 64) return;  // x0 holds len values
    Progress p;
    p.stop_at = in_.ConsumeBool() ? -1 : in_.ConsumeIntegralInRange<int64_t>(0, 300);
    const bool with_progress = in_.ConsumeBool();
    sgmc_draws* d = poison<sgmc_draws>();
    const bool null_x0 = rarely(16);
    const sgmc_status st = sgmc_sample(&d, m, o, null_x0 ? nullptr : x0.data(), len,
                                       with_progress ? progress : nullptr, &p);
    const char* call = "sgmc_sample";
    ok(st, call);
    // sgmc.h: draws come back on success and cancel, and after a fault of
    // the model (a callback error or a non-finite term: the draws so far);
    // every other failure leaves the out-handle NULL.
    const bool fault = st == SGMC_ERROR_CALLBACK || st == SGMC_ERROR_NONFINITE;
    if (st == SGMC_OK || st == SGMC_CANCELLED) {
      check(d != nullptr, "draws on success or cancel", call);
    } else if (!fault) {
      check(d == nullptr, "no draws on a failure other than a fault of the model", call);
    }
    if (d == nullptr) return;
    s_.draws.push_back(d);
    int64_t c = 0, n = 0, dd = 0;
    check(ok(sgmc_draws_shape(d, &c, &n, &dd), "sgmc_draws_shape") && c >= 1 && n >= 0 && dd == dim,
          "the draws' shape", call);
  }

  // --- Ask/tell runs --------------------------------------------------------

  /// A run of fuzzed options, kept for the steps and queries that follow.
  void run_create() {
    if (s_.runs_alive.size() >= kMaxHandles || !another_run()) return;
    const sgmc_options* o = choose(s_.options);
    const int64_t dim = rarely(10) ? any_int() : small(4);
    if (dim > 4) return;
    // x0 holds x0_len values: dim (one start for every chain) or n_chains *
    // dim, or now and then any length, which the library must refuse unless
    // it is one of those two; at least one value, so that a length <= 0
    // meets the length check rather than the NULL check. Lengths longer than
    // the buffers fuzzed here are not passed: the library may copy x0_len
    // values before it compares them with n_chains * dim (InteractingContour
    // does), so x0_len = 12 with 4 values overflowed the buffer and x0_len =
    // 2^31 asked for 16 GB.
    int64_t chains = 1;
    if (o != nullptr) sgmc_options_get_int(o, "n_chains", &chains);
    const int64_t one = std::max<int64_t>(dim, 0);  // <= 4
    int64_t x0_len = in_.ConsumeBool() || chains < 1 || chains > 16 ? dim : chains * one;
    if (rarely(8)) x0_len = any_int();
    const std::vector<double> x0 = doubles(std::clamp<int64_t>(x0_len, 1, 64), -2, 2);
    if (x0_len > 64) return;
    const int64_t n_data = in_.ConsumeBool() ? in_.ConsumeIntegralInRange<int64_t>(0, 8) : small(8);
    sgmc_run* run = poison<sgmc_run>();
    if (created(sgmc_run_create(&run, o, dim, n_data, rarely(16) ? nullptr : x0.data(), x0_len),
                run, "sgmc_run_create")) {
      s_.runs_alive.push_back(run);
      s_.run_dims.push_back(dim);
      s_.run_data.push_back(n_data);
    }
  }

  void run_destroy() {
    if (s_.runs_alive.empty()) return;
    const auto i = index_of(s_.runs_alive);
    sgmc_run_destroy(s_.runs_alive[i]);
    s_.runs_alive.erase(s_.runs_alive.begin() + static_cast<std::ptrdiff_t>(i));
    s_.run_dims.erase(s_.run_dims.begin() + static_cast<std::ptrdiff_t>(i));
    s_.run_data.erase(s_.run_data.begin() + static_cast<std::ptrdiff_t>(i));
  }

  /// Position and iteration count of a run's first chain, to check that a
  /// failed tell changes nothing.
  struct Snapshot {
    std::vector<double> x;
    int64_t steps = -1;
    bool operator==(const Snapshot&) const = default;
  };
  Snapshot snapshot(const sgmc_run* r, int64_t dim) {
    Snapshot s;
    s.x.resize(static_cast<std::size_t>(dim));
    check(ok(sgmc_run_position(r, 0, s.x.data(), dim), "sgmc_run_position") &&
              ok(sgmc_run_steps_done(r, 0, &s.steps), "sgmc_run_steps_done"),
          "a readable run", "snapshot");
    for (auto& v : s.x) {
      if (std::isnan(v)) v = 0;  // NaN != NaN; the position must not change anyway
    }
    return s;
  }

  /// Saves run i to the scratch file and, now and then, carries on with the
  /// run resumed from it.
  void save_and_resume(std::size_t i) {
    sgmc_run*& run = s_.runs_alive[i];
    const int64_t dim = s_.run_dims[i];
    const std::string path = checkpoint_file("x");
    // A save may take the told results first, as the next ask would: a
    // failed one may have moved the chains, so there is nothing to compare.
    if (!ok(sgmc_run_save(run, path.c_str()), "sgmc_run_save") || in_.ConsumeBool()) return;
    sgmc_run* resumed = poison<sgmc_run>();
    if (created(sgmc_run_resume(&resumed, path.c_str(), nullptr, rarely(16) ? dim + 1 : dim,
                                rarely(16) ? small(8) : s_.run_data[i]),
                resumed, "sgmc_run_resume")) {
      sgmc_run_destroy(run);
      run = resumed;
    }
  }

  /// Answers a kept run: sane or fuzzed results, failures told, evaluations
  /// left untold or told twice, bad indices, saves between asks.
  void run_steps() {
    if (s_.runs_alive.empty()) return;
    const auto ri = index_of(s_.runs_alive);
    const int64_t dim = s_.run_dims[ri];
    const int64_t n_data = s_.run_data[ri];
    // One value more than dim: a tell that claims dim + 1 (refused) still
    // hands over buffers that long.
    std::vector<double> gb(static_cast<std::size_t>(dim) + 1), gp(gb.size());
    const int k = in_.ConsumeIntegralInRange(1, 30);
    for (int a = 0; a < k && in_.remaining_bytes() > 0; ++a) {
      sgmc_run* run = s_.runs_alive[ri];
      int64_t n = -1;
      const sgmc_status st = sgmc_run_ask(run, &n);
      ok(st, "sgmc_run_ask");
      check(st == SGMC_OK || n == 0 || st == SGMC_ERROR_STATE, "no evaluations after an end", "sgmc_run_ask");
      if (st != SGMC_OK && st != SGMC_ERROR_STATE) break;
      for (int64_t i = 0; i < n + (rarely(8) ? 1 : 0); ++i) {
        sgmc_evaluation e{};
        if (!ok(sgmc_run_evaluation(run, i, &e), "sgmc_run_evaluation")) continue;
        check(e.x != nullptr && e.batch_size >= 0 && e.batch_size <= n_data && e.chain >= 0 &&
                  (e.gradient == 0 || e.gradient == 1),
              "an evaluation in range", "sgmc_run_evaluation");
        for (int64_t b = 0; b < e.batch_size; ++b) {
          check(e.batch[b] >= 0 && e.batch[b] < n_data, "a batch index in [0, N)", "sgmc_run_evaluation");
        }
        if (rarely(16)) continue;  // left untold: the next ask refuses
        if (rarely(10)) {
          ok(sgmc_run_tell_fault(run, i, rarely(4) ? nullptr : "fuzzed failure"), "sgmc_run_tell_fault");
          continue;
        }
        for (std::size_t j = 0; j < static_cast<std::size_t>(dim); ++j) {
          gb[j] = nice(-3, 3);
          gp[j] = e.x[j];
        }
        const Snapshot before = snapshot(run, dim);
        if (!ok(sgmc_run_tell(run, i, nice(-5, 5), rarely(8) ? nullptr : gb.data(), nice(-5, 5),
                              gp.data(), rarely(16) ? dim + 1 : dim),
                "sgmc_run_tell")) {
          check(snapshot(run, dim) == before, "a failed tell changes nothing", "sgmc_run_tell");
        }
        if (rarely(16)) ok(sgmc_run_tell(run, i, 0, nullptr, 0, nullptr, dim), "sgmc_run_tell");
      }
      if (rarely(6)) save_and_resume(ri);
    }
  }

  /// Queries of a kept run (or NULL), with arguments good and bad.
  void run_query() {
    sgmc_run* r = choose(s_.runs_alive);
    int64_t dim = 2;
    for (std::size_t i = 0; i < s_.runs_alive.size(); ++i) {
      if (s_.runs_alive[i] == r) dim = s_.run_dims[i];
    }
    const int64_t d = dim_like(dim);
    if (d > 8) return;  // buffers hold d values
    std::vector<double> x(static_cast<std::size_t>(std::clamp<int64_t>(d, 0, 8)) + 1);
    const int64_t chain = in_.ConsumeBool() ? 0 : any_int();
    switch (in_.ConsumeIntegralInRange(0, 3)) {
      case 0: {
        int64_t done = -1, total = -1;
        const bool progress =
            ok(sgmc_run_progress(r, &done, rarely(16) ? nullptr : &total), "sgmc_run_progress");
        if (progress) check(done >= 0 && done <= total, "progress in range", "sgmc_run_progress");
        int64_t steps = -1;
        if (ok(sgmc_run_steps_done(r, chain, rarely(16) ? nullptr : &steps), "sgmc_run_steps_done")) {
          check(steps >= 0 && (!progress || steps <= total), "iterations in range",
                "sgmc_run_steps_done");
        }
        break;
      }
      case 1:
        ok(sgmc_run_position(r, chain, rarely(16) ? nullptr : x.data(), d), "sgmc_run_position");
        break;
      case 2:
        ok(sgmc_run_save(r, rarely(8) ? nullptr : checkpoint_file(in_.ConsumeBool() ? "xx" : "x").c_str()),
           "sgmc_run_save");
        break;
      default: {
        if (s_.draws.size() >= kMaxHandles) return;
        sgmc_draws* out = poison<sgmc_draws>();
        if (!created(sgmc_run_draws(&out, r), out, "sgmc_run_draws")) return;
        int64_t size = 0;
        if (ok(sgmc_draws_save_bytes(out, nullptr, 0, &size), "sgmc_draws_save_bytes")) {
          std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
          sgmc_draws* back = poison<sgmc_draws>();
          check(ok(sgmc_draws_save_bytes(out, bytes.data(), size, &size), "sgmc_draws_save_bytes") &&
                    created(sgmc_draws_load_bytes(&back, bytes.data(), size), back,
                            "sgmc_draws_load_bytes"),
                "draws read back from their bytes", "sgmc_draws_load_bytes");
          sgmc_draws_destroy(back);
        }
        s_.draws.push_back(out);
      }
    }
  }

  // --- Draws --------------------------------------------------------------------

  void draws_destroy() {
    if (s_.draws.empty()) return;
    const auto i = index_of(s_.draws);
    sgmc_draws_destroy(s_.draws[i]);
    s_.draws.erase(s_.draws.begin() + static_cast<std::ptrdiff_t>(i));
  }

  void draws_query() {
    const sgmc_draws* d = choose(s_.draws);
    int64_t n_chains = 1, n_draws = 0, dim = 1;
    if (d != nullptr) {
      check(ok(sgmc_draws_shape(d, &n_chains, &n_draws, &dim), "sgmc_draws_shape"), "a shape",
            "sgmc_draws_shape");
      check(n_chains >= 1 && n_draws >= 0 && dim >= 1, "a valid shape", "sgmc_draws_shape");
    }
    const int64_t chain =
        rarely(6) ? any_int() : in_.ConsumeIntegralInRange<int64_t>(0, n_chains - 1);
    const bool mine = d != nullptr && chain >= 0 && chain < n_chains;
    // The draws of this chain: n_draws is the largest count, and after a
    // fault of the model a chain may hold fewer (sgmc.h, sgmc_draws_shape).
    int64_t count = n_draws;
    if (mine) {
      check(ok(sgmc_draws_count(d, chain, &count), "sgmc_draws_count") && count >= 0 &&
                count <= n_draws,
            "a chain's count within n_draws", "sgmc_draws_count");
    }
    // Enum arguments are kept as ints and made at each call: storing one in
    // a variable of the enum type and reading it back is the UB as_enum avoids.
    const int kind_raw = enum_value(0, 1);
    const int when_raw = enum_value(0, 1);
    const auto kind = [&] { return as_enum<sgmc_weight_kind>(kind_raw); };
    const auto when = [&] { return as_enum<sgmc_weight_theta>(when_raw); };
    switch (in_.ConsumeIntegralInRange(0, 9)) {
      case 0: {
        const int64_t len = length(n_draws * dim);
        std::vector<double> out(static_cast<std::size_t>(len) + 1);
        if (ok(sgmc_draws_copy(d, chain, out.data(), passed(len)), "sgmc_draws_copy")) {
          check(mine && len >= count * dim, "a valid copy", "sgmc_draws_copy");
        }
        break;
      }
      case 1:
        record_part(d, chain, count, false);
        break;
      case 2:
        record_part(d, chain, count, true);
        break;
      case 3: {
        const int stat = in_.ConsumeIntegralInRange(-1, 7);
        const int64_t len = length(dim);
        std::vector<double> out(static_cast<std::size_t>(len) + 1);
        ok(sgmc_draws_convergence(d, as_enum<sgmc_convergence_stat>(stat), out.data(), passed(len)),
           "sgmc_draws_convergence");
        break;
      }
      case 4:
      case 5: {
        int64_t m = 4;
        if (d != nullptr) sgmc_draws_copy_stat_int(d, 0, "cycles", &m, 1);
        const int weighting = enum_value(0, 1);
        const sgmc_model* model = choose(s_.models);
        const bool weights = in_.ConsumeBool();
        const int64_t len = length(weights ? std::min<int64_t>(m, 1 << 12) : dim);
        std::vector<double> out(static_cast<std::size_t>(len) + 1);
        if (weights) {
          if (ok(sgmc_draws_cycle_weights(d, chain, model, as_enum<sgmc_cycle_weighting>(weighting),
                                          out.data(), passed(len)),
                 "sgmc_draws_cycle_weights")) {
            double sum = 0;
            for (int64_t i = 0; i < m; ++i) sum += out[static_cast<std::size_t>(i)];
            check(std::abs(sum - 1) < 1e-6 || count == 0, "weights sum to 1",
                  "sgmc_draws_cycle_weights");
          }
        } else {
          ok(sgmc_draws_cycle_mean(d, chain, model, as_enum<sgmc_cycle_weighting>(weighting),
                                   out.data(), passed(len)),
             "sgmc_draws_cycle_mean");
        }
        break;
      }
      case 6: {
        const int64_t dd = dim_like(dim);
        if (dd > 8) return;
        std::vector<double> mean(static_cast<std::size_t>(std::max<int64_t>(dd, 0)) + 1),
            var(mean.size());
        double ess = 0;
        const bool pooled = in_.ConsumeBool();
        const sgmc_status st = sgmc_draws_weighted_moments(
            d, pooled ? -1 : chain, kind(), when(), in_.ConsumeBool() ? mean.data() : nullptr,
            in_.ConsumeBool() ? var.data() : nullptr, dd, &ess);
        if (ok(st, "sgmc_draws_weighted_moments")) {
          const double total =
              pooled ? static_cast<double>(n_draws * n_chains) : static_cast<double>(n_draws);
          check(ess >= 1 - 1e-9 && ess <= total * (1 + 1e-9), "Kish ESS in [1, n_draws]",
                "sgmc_draws_weighted_moments");
        }
        break;
      }
      case 7: {
        const int64_t n_probs = small(4);
        std::vector<double> probs =
            doubles(std::min<int64_t>(std::max<int64_t>(n_probs, 0), 4), 0, 1);
        if (n_probs > 4) return;
        const int64_t len = length(std::max<int64_t>(n_probs, 0) * dim);
        std::vector<double> out(static_cast<std::size_t>(len) + 1);
        const bool pooled = in_.ConsumeBool();
        const double* pp = rarely(16) ? nullptr : probs.data();
        ok(sgmc_draws_weighted_quantiles(d, pooled ? -1 : chain, kind(), when(), pp, n_probs,
                                         out.data(), passed(len)),
           "sgmc_draws_weighted_quantiles");
        break;
      }
      case 8: {
        const int64_t n_out = small(16);
        if (n_out > 16) return;
        std::vector<int64_t> out(static_cast<std::size_t>(std::max<int64_t>(n_out, 0)) + 1);
        const bool pooled = in_.ConsumeBool();
        const auto seed = in_.ConsumeIntegral<uint64_t>();
        if (ok(sgmc_draws_resample(d, pooled ? -1 : chain, kind(), when(), n_out, seed, out.data()),
               "sgmc_draws_resample")) {
          const int64_t total = pooled ? n_draws * n_chains : n_draws;
          for (int64_t i = 0; i < n_out; ++i) {
            const int64_t k = out[static_cast<std::size_t>(i)];
            check(0 <= k && k < total && (i == 0 || k >= out[static_cast<std::size_t>(i - 1)]),
                  "increasing indices of draws", "sgmc_draws_resample");
          }
        }
        break;
      }
      default: {
        // The record's checks: every contour chain has them, and the verdict is 0 or 1.
        int64_t verdict = -1;
        if (ok(sgmc_draws_copy_stat_int(d, chain, "contour_converged", &verdict, 1),
               "sgmc_draws_copy_stat_int")) {
          check(verdict == 0 || verdict == 1, "a verdict of 0 or 1", "sgmc_draws_copy_stat_int");
        }
      }
    }
  }

  /// A column (one row per draw) or a statistic of the draws, by one of
  /// their names or (rarely) any string, copied as either type.
  void record_part(const sgmc_draws* d, int64_t chain, int64_t count, bool statistic) {
    int64_t n = 0;
    const char* name = nullptr;
    std::string any;
    if (d != nullptr && !rarely(8) &&
        ok(statistic ? sgmc_draws_stat_count(d, &n) : sgmc_draws_column_count(d, &n),
           "sgmc_draws_*_count") &&
        n > 0) {
      const int64_t index = rarely(16) ? any_int() : in_.ConsumeIntegralInRange<int64_t>(0, n - 1);
      const char** out = rarely(16) ? nullptr : &name;
      const sgmc_status named = statistic ? sgmc_draws_stat_name(d, index, out)
                                          : sgmc_draws_column_name(d, index, out);
      if (!ok(named, "sgmc_draws_*_name")) {
        name = nullptr;
      }
    }
    if (name == nullptr && !rarely(16)) {
      any = text();
      name = any.c_str();
    }
    sgmc_value_type type = SGMC_VALUE_DOUBLE;
    int64_t rows = -1, cols = -1;
    const bool shaped =
        ok(statistic ? sgmc_draws_stat_shape(d, chain, name, &type, &rows, &cols)
                     : sgmc_draws_column_shape(d, chain, name, &type, &rows, &cols),
           "sgmc_draws_*_shape");
    if (shaped) {
      check(rows >= 0 && cols >= 0 && (statistic || rows == count), "a shape of the chain's draws",
            "sgmc_draws_*_shape");
    }
    const int64_t len = length(shaped ? std::min<int64_t>(rows * cols, 1 << 16) : count);
    if (in_.ConsumeBool()) {
      std::vector<int64_t> out(static_cast<std::size_t>(len) + 1);
      ok(statistic ? sgmc_draws_copy_stat_int(d, chain, name, out.data(), passed(len))
                   : sgmc_draws_copy_column_int(d, chain, name, out.data(), passed(len)),
         "sgmc_draws_copy_*_int");
    } else {
      std::vector<double> out(static_cast<std::size_t>(len) + 1);
      ok(statistic ? sgmc_draws_copy_stat(d, chain, name, out.data(), passed(len))
                   : sgmc_draws_copy_column(d, chain, name, out.data(), passed(len)),
         "sgmc_draws_copy_*");
    }
  }

  // --- Diagnostics on arrays -------------------------------------------------------

  void diagnostics() {
    const int64_t dim = rarely(10) ? any_int() : small(3);
    const int64_t n = rarely(10) ? any_int() : small(12);
    const int64_t m = rarely(10) ? any_int() : small(6);
    // Buffers hold what the sizes say; larger valid sizes are not fuzzed.
    if (dim > 3 || n > 12 || m > 6) return;
    const int64_t d = std::max<int64_t>(dim, 0);
    const auto pts = [&](int64_t count) { return doubles(std::max<int64_t>(count, 0) * d, -3, 3); };
    const auto lw = [&](int64_t count) {
      return in_.ConsumeBool() ? std::vector<double>()
                               : doubles(std::max<int64_t>(count, 0), -5, 1);
    };
    const auto ptr = [&](std::vector<double>& v) -> const double* {
      return v.empty() || rarely(16) ? nullptr : v.data();
    };
    switch (in_.ConsumeIntegralInRange(0, 5)) {
      case 0: {
        const int64_t chains = rarely(10) ? any_int() : small(3);
        if (chains > 3) return;
        std::vector<double> draws =
            doubles(std::max<int64_t>(n, 0) * std::max<int64_t>(chains, 0), -3, 3);
        double out;
        const int stat = in_.ConsumeIntegralInRange(-1, 7);
        if (ok(sgmc_convergence(ptr(draws), n, chains, as_enum<sgmc_convergence_stat>(stat), &out),
               "sgmc_convergence")) {
          check(std::isnan(out) || out >= 0, "a statistic >= 0 or NaN", "sgmc_convergence");
        }
        break;
      }
      case 1: {
        std::vector<double> sample = pts(m), reference = pts(n);
        double kl;
        int64_t distinct = -1;
        if (ok(sgmc_kl_nearest_neighbour(ptr(sample), m, ptr(reference), n, dim, &kl,
                                         in_.ConsumeBool() ? &distinct : nullptr),
               "sgmc_kl_nearest_neighbour")) {
          check(distinct == -1 || (distinct >= 1 && distinct <= m), "distinct points",
                "sgmc_kl_nearest_neighbour");
        }
        break;
      }
      case 2: {
        std::vector<double> points = pts(n), w = lw(n);
        std::vector<double> lower = doubles(d, -3, 0), upper = doubles(d, 0, 3);
        std::vector<int64_t> bins(static_cast<std::size_t>(d));
        int64_t cells = 1;
        for (auto& b : bins) {
          b = rarely(8) ? any_int() : in_.ConsumeIntegralInRange<int64_t>(0, 4);
          if (b >= 1 && b <= 4) cells *= b;
        }
        const int64_t density_len = in_.ConsumeBool() ? cells : length(cells);
        std::vector<double> density = doubles(std::min<int64_t>(density_len, 64), 0, 2);
        if (density_len > 64) return;
        double kl, outside = -1;
        if (ok(sgmc_kl_histogram(ptr(points), n, dim, ptr(w), ptr(lower), ptr(upper),
                                 bins.empty() ? nullptr : bins.data(), ptr(density), density_len,
                                 &kl, in_.ConsumeBool() ? &outside : nullptr),
               "sgmc_kl_histogram")) {
          check(kl >= -1e-9 && (outside == -1 || (outside >= 0 && outside < 1)),
                "kl >= 0, outside in [0, 1)", "sgmc_kl_histogram");
        }
        break;
      }
      case 3: {
        std::vector<double> a = pts(n), b = pts(m), wa = lw(n), wb = lw(m);
        std::vector<double> lower = doubles(d, -3, 0), upper = doubles(d, 0, 3);
        std::vector<int64_t> bins(static_cast<std::size_t>(d));
        for (auto& x : bins) {
          x = rarely(8) ? any_int() : in_.ConsumeIntegralInRange<int64_t>(0, 4);
        }
        double tv;
        if (ok(sgmc_total_variation(ptr(a), n, ptr(wa), ptr(b), m, ptr(wb), dim, ptr(lower),
                                    ptr(upper), bins.empty() ? nullptr : bins.data(), &tv),
               "sgmc_total_variation")) {
          check(tv >= -1e-12 && tv <= 1 + 1e-12, "tv in [0, 1]", "sgmc_total_variation");
        }
        break;
      }
      case 4: {
        std::vector<double> points = pts(n), w = lw(n), centres = pts(m);
        std::vector<double> truth = doubles(std::max<int64_t>(m, 0), 0, 1.0 / 6);
        std::vector<double> masses(static_cast<std::size_t>(std::max<int64_t>(m, 0)) + 1);
        double outside = -1, tv = -1;
        if (ok(sgmc_mode_masses(ptr(points), n, dim, ptr(w), ptr(centres), m, ptr(truth),
                                in_.ConsumeBool() ? 0.0 : nice(0, 3),
                                in_.ConsumeBool() ? masses.data() : nullptr,
                                in_.ConsumeBool() ? &outside : nullptr, &tv),
               "sgmc_mode_masses")) {
          check(tv >= -1e-12 && tv <= 1 + 1e-12, "tv in [0, 1]", "sgmc_mode_masses");
        }
        break;
      }
      default: {
        std::vector<double> draws = pts(n), centres = pts(m);
        std::vector<int64_t> counts(static_cast<std::size_t>(std::max<int64_t>(m, 0)) + 1);
        int64_t covered = -1;
        if (ok(sgmc_mode_coverage(ptr(draws), n, dim, ptr(centres), m, nice(0, 3),
                                  in_.ConsumeBool() ? any_int() : in_.ConsumeIntegralInRange(0, 3),
                                  &covered, in_.ConsumeBool() ? counts.data() : nullptr),
               "sgmc_mode_coverage")) {
          check(covered >= 0 && covered <= m, "covered modes in [0, n_modes]",
                "sgmc_mode_coverage");
        }
      }
    }
  }

  void misc() {
    check(sgmc_version() != nullptr && sgmc_version_number() == SGMC_VERSION_NUMBER, "a version",
          "sgmc_version");
    const char* name = sgmc_status_name(as_enum<sgmc_status>(in_.ConsumeIntegralInRange(-10, 3)));
    check(name != nullptr && name[0] != '\0', "a status name", "sgmc_status_name");
  }

  void step() {
    switch (in_.ConsumeIntegralInRange(0, 24)) {
      case 0: options_create(); break;
      case 1: options_destroy(); break;
      case 2:
      case 3:
      case 4: options_set(); break;
      case 5: options_get(); break;
      case 6: options_theta0(); break;
      case 7: model_target(); break;
      case 8: model_gaussian(); break;
      case 9: model_callback(); break;
      case 10: model_destroy(); break;
      case 11: data_create(); break;
      case 12: data_misc(); break;
      case 13: model_data(); break;
      case 14: model_shape(); break;
      case 15:
      case 16: sample(); break;
      case 17: run_create(); break;
      case 18:
      case 23: run_steps(); break;
      case 19:
        run_query();
        if (rarely(8)) run_destroy();
        break;
      case 20: draws_query(); break;
      case 21: draws_destroy(); break;
      case 22: diagnostics(); break;
      default: misc();
    }
  }

  FuzzedDataProvider in_;
  State s_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Fuzz(data, size).run();
  return 0;
}
