#include "job.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "json_fields.hpp"
#include "option_values.hpp"
#include "library.hpp"

namespace sgmc::app {

void read_job(const std::string& path, Job& job) {
  std::ifstream in(path);
  if (!in) throw Failure("cannot open the config file '" + path + "'");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  parse_job(text, path, job);
}

void parse_job(std::string_view text, const std::string& path, Job& job) {
  const auto config = nlohmann::json::parse(text, nullptr, false, true);
  if (config.is_discarded()) {
    throw Failure("the config file '" + path + "' is not valid JSON");
  }
  JsonFields top(config, "");
  if (const auto* model = top.take("model")) {
    JsonFields fields(*model, "model");
    const std::string data_before = job.model.data;
    read_model_spec(fields, job.model);
    // A data file named in the config is found beside the config.
    const std::filesystem::path data = job.model.data;
    if (job.model.data != data_before && data.is_relative()) {
      job.model.data = (std::filesystem::path(path).parent_path() / data).lexically_normal();
    }
  }
  if (const auto* options = top.take("options")) {
    JsonFields fields(*options, "options");  // checks that it is an object
    for (const auto& [key, value] : options->items()) set_option(job.options, key, value);
  }
  job.start = top.numbers("start").value_or(job.start);
  job.draws = top.text("draws").value_or(job.draws);
  job.summary = top.text("summary").value_or(job.summary);
  top.reject_unknown();
}

Job make_job(const RunFlags& flags) {
  Job job;
  if (!flags.config.empty()) read_job(flags.config, job);
  apply_flags(flags, job);
  return job;
}

void apply_flags(const RunFlags& flags, Job& job) {
  if (!flags.target.empty()) job.model.target = flags.target;
  if (!flags.data.empty()) job.model.data = flags.data;
  if (!flags.response.empty()) job.model.response = flags.response;
  if (!flags.model.empty()) job.model.type = flags.model;
  if (!flags.features.empty()) job.model.features = flags.features;
  for (const auto& s : flags.sets) set_option(job.options, s);
  if (!flags.draws.empty()) job.draws = flags.draws;
  if (!flags.summary.empty()) job.summary = flags.summary;
  if (!flags.checkpoint.empty()) job.options.set("checkpoint_file", flags.checkpoint);
  job.resume = flags.resume;
  job.quiet = flags.quiet;
}

}  // namespace sgmc::app
