#include "posterior.hpp"

#include <algorithm>
#include <stdexcept>

#include "../common/low_dim_gauss_mix.hpp"
#include "eight_schools.hpp"

namespace sgmc::bench {

const std::vector<std::string>& posterior_names() {
  static const std::vector<std::string> names{
      "arK-arK",
      "earnings-logearn_height",
      "eight_schools-eight_schools_noncentered",
      "kidiq-kidscore_interaction",
      "kidiq-kidscore_momiq",
      "low_dim_gauss_mix-low_dim_gauss_mix",
      "mesquite-logmesquite",
      "nes2000-nes",
      "sblri-blr"};
  return names;
}

bool is_regression(const std::string& name) {
  return name != "eight_schools-eight_schools_noncentered" &&
         name != "low_dim_gauss_mix-low_dim_gauss_mix" &&
         std::find(posterior_names().begin(), posterior_names().end(), name) !=
             posterior_names().end();
}

Posterior load_posterior(const std::string& dir, const std::string& name) {
  const std::string folder = dir + "/" + name;
  if (is_regression(name)) return load_regression(dir, name);
  if (name == "low_dim_gauss_mix-low_dim_gauss_mix") {
    return {name, std::make_shared<LowDimGaussMix>(LowDimGaussMix::from_posteriordb(folder)),
            LowDimGaussMix::names(), &LowDimGaussMix::constrained, &LowDimGaussMix::unconstrained,
            true, std::nullopt};
  }
  if (name == "eight_schools-eight_schools_noncentered") {
    return {name, std::make_shared<EightSchools>(folder), EightSchools::names(),
            &EightSchools::constrained, &EightSchools::unconstrained, false, std::nullopt};
  }
  throw std::runtime_error("unknown posterior " + name);
}

}  // namespace sgmc::bench
