// The C handles are thin owners of engine objects.
#pragma once

#include <memory>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/data/dataset.hpp"
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
};

struct sgmc_chain {
  std::unique_ptr<sgmc::Chain> chain;
};

struct sgmc_data {
  std::shared_ptr<const sgmc::Dataset> data;
};
