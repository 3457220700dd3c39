// The C handles are thin owners of engine objects.
#pragma once

#include <memory>
#include <optional>
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
  std::vector<std::optional<sgmc::ContourDraws>> contour;  ///< per chain; empty optional unless contour

  /// Appends a copy of what `chain` has recorded so far.
  void add(const sgmc::Chain& chain) {
    chains.push_back(chain.draws().trimmed());
    contour.push_back(chain.contour() != nullptr
                          ? std::optional<sgmc::ContourDraws>(chain.contour()->snapshot())
                          : std::nullopt);
  }
};

struct sgmc_chain {
  std::unique_ptr<sgmc::Chain> chain;
};
