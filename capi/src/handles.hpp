// The C handles are thin owners of engine objects.
#pragma once

#include <memory>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/models/model.hpp"
#include "sgmc/storage/draw_store.hpp"

struct sgmc_options {
  sgmc::Options options;
};

struct sgmc_model {
  std::unique_ptr<sgmc::Model> model;
};

struct sgmc_draws {
  std::vector<sgmc::DrawStore> chains;
  std::vector<sgmc::MhbtStats> mhbt;  ///< per chain, for sampler "mhbt" only
};

struct sgmc_chain {
  std::unique_ptr<sgmc::Chain> chain;
};
