// libFuzzer target: sgmc_draws_load_bytes, which reads draws sent from
// another process (libsgmc_mpi's gather). Whatever the bytes, it returns
// draws or an error — never crashes, leaks, hangs or allocates what the
// bytes do not hold; draws it accepts answer the accessors, and written back they
// read again to the same bytes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sgmc/sgmc.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sgmc_draws* draws = nullptr;
  if (size == 0 || sgmc_draws_load_bytes(&draws, data, static_cast<int64_t>(size)) != SGMC_OK) {
    return 0;
  }
  int64_t n_chains = 0, dim = 0, n = 0, bytes = 0;
  sgmc_draws_shape(draws, &n_chains, nullptr, &dim);
  for (int64_t c = 0; c < n_chains; ++c) {
    sgmc_draws_count(draws, c, &n);
    // Long enough for every length passed below (n * dim, and n even if the
    // bytes declared dim = 0), plus one so that data() is never NULL.
    std::vector<double> x(static_cast<std::size_t>(std::max(n * dim, n) + 1));
    sgmc_draws_copy(draws, c, x.data(), n * dim);
    sgmc_draws_copy_column(draws, c, "energy", x.data(), n);
    sgmc_draws_copy_column(draws, c, "log_weight_final", x.data(), n);
  }
  // Written back and read again, accepted draws write the same bytes.
  const auto write = [&](const sgmc_draws* d) {
    sgmc_draws_save_bytes(d, nullptr, 0, &bytes);
    std::vector<std::uint8_t> out(static_cast<std::size_t>(bytes));
    if (sgmc_draws_save_bytes(d, out.data(), bytes, &bytes) != SGMC_OK) __builtin_trap();
    return out;
  };
  const auto once = write(draws);
  sgmc_draws* again = nullptr;
  if (sgmc_draws_load_bytes(&again, once.data(), static_cast<int64_t>(once.size())) != SGMC_OK ||
      write(again) != once) {
    __builtin_trap();
  }
  sgmc_draws_destroy(again);
  sgmc_draws_destroy(draws);
  return 0;
}
