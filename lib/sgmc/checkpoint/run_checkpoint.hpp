// How a driver takes part in checkpointing: it writes its state (shared
// state first, then every chain) when a checkpoint is due, and on resume
// reads the same back into chains it has just built, then goes on from the
// iteration the checkpoint was taken at.
//
// A checkpoint's payload is the caller's preamble (what rebuilds the run:
// options, model shape, starts — see capi/src/checkpoint.cpp), then the
// driver's section "DRVR" (driver kind, iterations done, shared state),
// then "CHNS" with every chain (Chain::save).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/types.hpp"

namespace sgmc {

/// The drivers whose state a checkpoint can hold.
enum class DriverKind : std::int64_t {
  kIndependent = 1,
  kReplicaExchange = 2,
  kInteractingContour = 3,
  // 4 was one chain driven by its caller (sgmc_chain_save, removed in 0.x):
  // such a file is refused as a checkpoint of another kind of driver.
};

struct Checkpointing {
  std::string path;   ///< where checkpoints are written; empty for none
  Index every = 0;    ///< iterations between checkpoints; 0: only when the run stops
  std::vector<std::uint8_t> preamble;  ///< written first, as it is
  /// When resuming: the checkpoint's payload, read up to the driver's section.
  ByteReader* resume = nullptr;

  bool writes() const { return !path.empty(); }
};

/// Writes preamble, then body(writer), to checkpointing.path atomically.
template <typename Body>
void write_checkpoint(const Checkpointing& checkpointing, Body&& body);

/// Opens the driver section on resume: checks the kind and returns the
/// iterations done, in [0, n_steps].
Index read_driver_section(ByteReader& in, DriverKind kind, Index n_steps);
void write_driver_section(ByteWriter& out, DriverKind kind, Index steps_done);

}  // namespace sgmc

#include "sgmc/checkpoint/checkpoint_file.hpp"

template <typename Body>
void sgmc::write_checkpoint(const Checkpointing& checkpointing, Body&& body) {
  // A run's checkpoints only grow: reserving the last one's size saves the
  // buffer's regrowth (copies of every draw) each time.
  thread_local std::size_t last_size = 0;
  ByteWriter out;
  out.reserve(last_size);
  out.raw_bytes(checkpointing.preamble);
  body(out);
  last_size = out.bytes().size();
  write_checkpoint_file(checkpointing.path, out.bytes());
}

namespace sgmc {

/// Section "CHNS": every chain of `chains` (pointers to Chain), in order.
template <typename Chains>
void save_chains(ByteWriter& out, const Chains& chains) {
  out.section("CHNS");
  out.i64(static_cast<Index>(chains.size()));
  for (const auto& chain : chains) chain->save(out);
}

/// Reads section "CHNS" into `chains`, freshly built, and requires each to
/// have made `steps` iterations (up to `last` for a driver whose chains
/// may stand apart within a round) and nothing to follow.
template <typename Chains>
void load_chains(ByteReader& in, Chains& chains, Index steps, Index last) {
  in.section("CHNS");
  const auto n = static_cast<Index>(chains.size());
  in.index("number of chains", n, n);
  for (auto& chain : chains) {
    chain->load(in);
    if (chain->steps_done() < steps || chain->steps_done() > last) {
      in.fail("chain", "chain " + std::to_string(chain->index()) + " has made " +
                           std::to_string(chain->steps_done()) + " iterations, the run " +
                           std::to_string(steps));
    }
  }
  in.finish();
}

}  // namespace sgmc
