#include "callback_exchange.hpp"

#include <string>

#include "firewall.hpp"

namespace sgmc::capi {
namespace {

/// A collective the caller's function failed: the run cannot go on.
void check(int code, const char* what) {
  if (code != 0) {
    throw Error(ErrorKind::kCallback,
                "the exchange's " + std::string(what) + " failed (returned " + show(code) + ")");
  }
}

}  // namespace

CallbackExchange::CallbackExchange(const sgmc_exchange* exchange, Index n_chains) {
  require_non_null(exchange, "exchange");
  exchange_ = *exchange;
  require(exchange_.processes >= 1, "exchange->processes", exchange_.processes, "must be >= 1");
  require(exchange_.rank >= 0 && exchange_.rank < exchange_.processes, "exchange->rank",
          exchange_.rank, ("must be in [0, processes = " + show(exchange_.processes) + ")").c_str());
  require(exchange_.gather_doubles != nullptr && exchange_.gather_int64s != nullptr &&
              exchange_.sum_int64s != nullptr && exchange_.swap_bytes != nullptr,
          "exchange", "a struct with a NULL function", "must set every function");
  require(n_chains >= exchange_.processes, "n_chains", n_chains,
          ("must be >= the number of processes, " + show(exchange_.processes)).c_str());
}

ChainBlock CallbackExchange::block(Index n_chains) const {
  return block_of(n_chains, exchange_.rank, exchange_.processes);
}

int CallbackExchange::owner(Index c, Index n_chains) const {
  // The first n_chains % S blocks hold base + 1 chains, the others base.
  const Index base = n_chains / exchange_.processes;
  const Index extra = n_chains % exchange_.processes;
  const Index long_chains = extra * (base + 1);
  return static_cast<int>(c < long_chains ? c / (base + 1) : extra + (c - long_chains) / base);
}

void CallbackExchange::gather_indices(std::span<const Index> local, std::span<Index> all) {
  check(exchange_.gather_int64s(local.data(), static_cast<int64_t>(local.size()), all.data(),
                                static_cast<int64_t>(all.size()), exchange_.user),
        "gather_int64s");
}

void CallbackExchange::sum_counts(std::span<Index> counts) {
  check(exchange_.sum_int64s(counts.data(), static_cast<int64_t>(counts.size()), exchange_.user),
        "sum_int64s");
}

void CallbackExchange::gather_values(std::span<const double> local, std::span<double> all,
                                     Index per_chain) {
  check(exchange_.gather_doubles(local.data(), static_cast<int64_t>(local.size()), all.data(),
                                 static_cast<int64_t>(all.size()), per_chain, exchange_.user),
        "gather_doubles");
}

void CallbackExchange::swap_bytes(int partner, std::vector<std::uint8_t>& bytes) {
  check(exchange_.swap_bytes(partner, bytes.data(), static_cast<int64_t>(bytes.size()),
                             exchange_.user),
        "swap_bytes");
}

}  // namespace sgmc::capi
