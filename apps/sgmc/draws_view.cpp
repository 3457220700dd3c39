#include "draws_view.hpp"

#include <string_view>

namespace sgmc::app {

DrawsView::DrawsView(const sgmc_draws* draws) : draws_(draws) {
  if (draws_ != nullptr) check(sgmc_draws_shape(draws_, &n_chains_, nullptr, &dim_));
}

Index DrawsView::count(Index chain) const {
  int64_t n = 0;
  check(sgmc_draws_count(draws_, chain, &n));
  return n;
}

Eigen::MatrixXd DrawsView::points(Index chain) const {
  // Row-major n x d, as the library copies them, is column-major d x n.
  // A chain stopped during its burn-in recorded nothing: there is nothing
  // to copy (and no buffer to hand the library).
  Eigen::MatrixXd out(dim_, count(chain));
  if (out.size() > 0) check(sgmc_draws_copy(draws_, chain, out.data(), out.size()));
  return out;
}

std::vector<double> DrawsView::column(Index chain, const char* name) const {
  std::vector<double> out(static_cast<std::size_t>(count(chain)));
  if (!out.empty()) check(sgmc_draws_copy_column(draws_, chain, name, out.data(), std::ssize(out)));
  return out;
}

std::vector<std::int64_t> DrawsView::int_column(Index chain, const char* name) const {
  std::vector<std::int64_t> out(static_cast<std::size_t>(count(chain)));
  if (!out.empty()) check(sgmc_draws_copy_column_int(draws_, chain, name, out.data(), std::ssize(out)));
  return out;
}

double DrawsView::stat(Index chain, const char* name) const {
  double value = 0;
  check(sgmc_draws_copy_stat(draws_, chain, name, &value, 1));
  return value;
}

std::int64_t DrawsView::int_stat(Index chain, const char* name) const {
  int64_t value = 0;
  check(sgmc_draws_copy_stat_int(draws_, chain, name, &value, 1));
  return value;
}

bool DrawsView::has_statistic(const char* name) const {
  int64_t n = 0;
  check(sgmc_draws_stat_count(draws_, &n));
  for (int64_t i = 0; i < n; ++i) {
    const char* stat = nullptr;
    check(sgmc_draws_stat_name(draws_, i, &stat));
    if (std::string_view(stat) == name) return true;
  }
  return false;
}

bool DrawsView::has_stat(Index chain, const char* name) const {
  const sgmc_status status = sgmc_draws_stat_shape(draws_, chain, name, nullptr, nullptr, nullptr);
  if (status == SGMC_ERROR_STATE) return false;
  check(status);
  return true;
}

}  // namespace sgmc::app
