# What the library says about its samplers at run time
# (sgmc_sampler_in_family): the package keeps no list of samplers, so a new
# one needs no change here.

# The numbers of the C API's sgmc_sampler_family.
.sgmc_families <- c(contour = 1, interacting = 2, cyclical = 3, replica_exchange = 4, mhbt = 5)

# TRUE when `sampler` belongs to `family` (a name of .sgmc_families).
.sgmc_in_family <- function(sampler, family) {
  c_sgmc_sampler_in_family(sampler, .sgmc_families[[family]]) == 1
}

# The samplers of `family`, in the library's order, as one string.
.sgmc_family_text <- function(family) {
  samplers <- vapply(seq_len(c_sgmc_sampler_count()) - 1, c_sgmc_sampler_name, "")
  paste(samplers[vapply(samplers, .sgmc_in_family, logical(1), family = family)], collapse = ", ")
}
