#include "sgmc/diagnostics/autocovariance.hpp"

#include <bit>
#include <complex>
#include <vector>

#include <unsupported/Eigen/FFT>

#include "sgmc/diagnostics/chain_draws.hpp"

namespace sgmc {

Vec autocovariance(const Vec& x) {
  const Index n = x.size();
  const double variance = sample_variance(x);
  if (variance == 0) return Vec::Zero(n);
  // Padding to at least 2N makes the circular correlation the linear one.
  const auto padded = std::bit_ceil(static_cast<std::size_t>(2 * n));
  std::vector<double> centred(padded, 0.0);
  const double mean = x.mean();
  for (Index i = 0; i < n; ++i) centred[static_cast<std::size_t>(i)] = x[i] - mean;
  Eigen::FFT<double> fft;
  std::vector<std::complex<double>> spectrum;
  fft.fwd(spectrum, centred);
  for (auto& f : spectrum) f = std::norm(f);
  std::vector<double> correlation;
  fft.inv(correlation, spectrum);
  // Scaled as posterior does: ac / ac[0] * var(x) * (N - 1) / N.
  Vec out(n);
  const double scale = variance * static_cast<double>(n - 1) / static_cast<double>(n);
  for (Index t = 0; t < n; ++t) out[t] = correlation[static_cast<std::size_t>(t)] / correlation[0] * scale;
  return out;
}

}  // namespace sgmc
