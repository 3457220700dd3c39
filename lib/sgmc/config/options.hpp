// The one options scheme (DESIGN.md "C API conventions"): string keys with
// typed values, each validated against its declared range when set. Shared
// by the C API, the bindings and the command-line program. Constraints that
// tie two options together (burn_in < n_steps, noise_estimate < friction,
// batch_size <= N) are checked when a chain is built from the options.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sgmc/chain/sampler_config.hpp"
#include "sgmc/checkpoint/run_checkpoint.hpp"
#include "sgmc/config/run_config.hpp"
#include "sgmc/config/sampler_set.hpp"
#include "sgmc/storage/draw_store.hpp"

namespace sgmc {

enum class OptionType { kInt = 1, kDouble = 2, kString = 3 };

std::string_view option_type_name(OptionType type);

using OptionValue = std::variant<std::int64_t, double, std::string>;

/// One option: every fact about it, said once (docs/options.md's table is
/// printed from these rows by `sgmc options --markdown`).
struct OptionSpec {
  std::string_view name;
  OptionType type;
  std::string_view doc;
  OptionValue default_value;
  double lo = 0;           ///< numeric range [lo, hi] (or open at an end)
  double hi = 0;
  bool lo_open = false;
  bool hi_open = false;
  std::string_view choices;  ///< admissible strings, separated by '|'
  SamplerSet read_by;        ///< the samplers whose runs the option changes
  bool resumable = false;    ///< a resumed run may change it (where and how it runs)

  /// Throws Error(kInvalidArgument) naming the option and the value unless
  /// the value has this option's type and lies in its range.
  void check(const OptionValue& value) const;
};

/// Every option, in a fixed order.
std::span<const OptionSpec> option_specs();
/// The spec of `name`; throws Error naming the unknown key.
const OptionSpec& option_spec(std::string_view name);
/// The options a resumed run may change, as a sentence's list: "threads,
/// progress_every, checkpoint_file and checkpoint_every".
std::string resumable_options_text();

class Options {
 public:
  /// Validates and stores; on error nothing changes.
  void set(std::string_view key, OptionValue value);
  /// The value set, or the default.
  const OptionValue& get(std::string_view key) const;
  std::int64_t get_int(std::string_view key) const;
  /// True once `key` has been set (even to its default value).
  bool is_set(std::string_view key) const;
  double get_double(std::string_view key) const;
  const std::string& get_string(std::string_view key) const;

  /// The contour samplers' theta_0 (SPEC §4): m values, each finite and
  /// > 0, summing to 1 (within 1e-9), checked now; its length is checked
  /// against "contour_m" when a chain is made. Empty restores the uniform
  /// default. On error nothing changes.
  void set_theta0(std::span<const double> theta0);
  const std::vector<double>& theta0() const { return theta0_; }

  /// Checkpoints: the options set and theta_0. load() validates each as
  /// set() does; a bad one throws Error(kFormat) naming it.
  void save(ByteWriter& out) const;
  static Options load(ByteReader& in);

 private:
  std::map<std::string, OptionValue, std::less<>> values_;
  std::vector<double> theta0_;
};

SamplerConfig sampler_config(const Options& options);
/// The contour settings of SPEC §4 (validated with the sampler).
ContourSettings contour_settings(const Options& options);
RecordPolicy record_policy(const Options& options);
/// True when the warm-up chooses the step size (docs/warm_up.md): "step_size"
/// is not set (nor, for "mhbt", "rw_scale").
bool automatic_step(const Options& options);
RunConfig run_config(const Options& options);
/// "checkpoint_file" and "checkpoint_every" (preamble and resume unset).
Checkpointing checkpointing(const Options& options);

}  // namespace sgmc
