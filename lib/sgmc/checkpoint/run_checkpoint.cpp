#include "sgmc/checkpoint/run_checkpoint.hpp"

namespace sgmc {

void write_driver_section(ByteWriter& out, DriverKind kind, Index steps_done) {
  out.section("DRVR");
  out.i64(static_cast<std::int64_t>(kind));
  out.i64(steps_done);
}

Index read_driver_section(ByteReader& in, DriverKind kind, Index n_steps) {
  in.section("DRVR");
  const auto k = static_cast<std::int64_t>(kind);
  in.index("driver kind", k, k);
  return in.index("iterations done", 0, n_steps);
}

}  // namespace sgmc
