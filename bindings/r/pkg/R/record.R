# Named columns and statistics of draws (sgmc_draws_column_* and
# sgmc_draws_stat_* of the C API): whatever the sampler recorded beside its
# draws, read without knowing its family, so a part the library adds is
# readable here without a new function (docs/runs.md lists them).

# The names of the columns (one value per draw) of x.
sgmc_columns <- function(x) .sgmc_part_names(x, c_sgmc_draws_column_count, c_sgmc_draws_column_name)

# The names of the statistics (per chain) of x.
sgmc_stats <- function(x) .sgmc_part_names(x, c_sgmc_draws_stat_count, c_sgmc_draws_stat_name)

# Column `name` of one chain: one value per draw (a draws x values matrix
# for a column of several values per draw).
sgmc_column <- function(x, name, chain = 1) {
  .sgmc_part(x, name, chain, c_sgmc_draws_column_shape, c_sgmc_draws_copy_column,
             c_sgmc_draws_copy_column_int, vector_when = "cols")
}

# Statistic `name` of one chain: a number, a vector ("theta",
# "swap_attempts") or a matrix ("theta_trace": a row per theta kept).
sgmc_stat <- function(x, name, chain = 1) {
  .sgmc_part(x, name, chain, c_sgmc_draws_stat_shape, c_sgmc_draws_copy_stat,
             c_sgmc_draws_copy_stat_int, vector_when = "rows")
}

.sgmc_part_names <- function(x, count, name) {
  .check_draws(x)
  vapply(seq_len(count(x$handle)) - 1, function(i) name(x$handle, i), "")
}

# vector_when: the dimension ("rows" or "cols") that, when 1, makes the
# values a vector rather than a matrix.
.sgmc_part <- function(x, name, chain, shape, copy, copy_int, vector_when) {
  .check_draws(x)
  if (!is.character(name) || length(name) != 1L || is.na(name))
    stop("'name' must be one string (sgmc_columns(x) and sgmc_stats(x) list them)", call. = FALSE)
  k <- .check_chain(x, chain) - 1
  s <- shape(x$handle, k, name)
  n <- s$rows * s$cols
  v <- if (s$type == "int") copy_int(x$handle, k, name, n) else copy(x$handle, k, name, n)
  if (s[[vector_when]] == 1) v else matrix(v, s$rows, s$cols, byrow = TRUE)
}
