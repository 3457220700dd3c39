/* Options of icsgld on mix1d (SPEC §9 experiment 1's partition: m = 50,
 * u1 = 2, du = 1; eps = 0.1) shared by the pure-C and the MPI tests. */
#ifndef SGMC_TESTS_ICSGLD_OPTIONS_H
#define SGMC_TESTS_ICSGLD_OPTIONS_H

#include "check.h"
#include "sgmc/sgmc.h"

static sgmc_options *mix1d_icsgld_options(int64_t n_steps, int64_t n_chains, int64_t pilot_steps,
                                          int64_t theta_thin, int64_t seed) {
  sgmc_options *o = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "icsgld"));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 0.1));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", n_steps));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", n_chains));
  CHECK_OK(sgmc_options_set_int(o, "contour_m", 50));
  CHECK_OK(sgmc_options_set_double(o, "contour_u1", 2.0));
  CHECK_OK(sgmc_options_set_double(o, "contour_du", 1.0));
  CHECK_OK(sgmc_options_set_int(o, "contour_pilot_steps", pilot_steps));
  CHECK_OK(sgmc_options_set_int(o, "theta_thin", theta_thin));
  CHECK_OK(sgmc_options_set_int(o, "seed", seed));
  return o;
}

#endif
