# Options: one generic scheme. sgmc_option_info() lists every key with its
# type (from the C library), so values are coerced to the right C type and
# unknown keys are rejected with the C library's message.

# @noRd
.sgmc_option_table <- local({
  table <- NULL
  function() {
    if (is.null(table)) {
      n <- c_sgmc_option_count()
      rows <- lapply(seq_len(n) - 1, function(i) c_sgmc_option_info(i))
      table <<- data.frame(
        name = vapply(rows, function(r) r$name, ""),
        type = vapply(rows, function(r) r$type, ""),
        doc = vapply(rows, function(r) r$doc, ""),
        stringsAsFactors = FALSE)
    }
    table
  }
})

sgmc_option_info <- function() .sgmc_option_table()

sgmc_version <- function() c_sgmc_version()

sgmc_isa_level <- function() c_sgmc_isa_level()

# seed = NULL: one draw from R's RNG, so that set.seed() makes a run
# reproducible and two runs without it differ, as R users expect.
.sgmc_seed <- function(seed) if (is.null(seed)) sample.int(.Machine$integer.max, 1L) else seed

.sgmc_set_option <- function(handle, key, value) {
  if (!is.character(key) || length(key) != 1L || is.na(key) || !nzchar(key))
    stop("option names must be non-empty strings", call. = FALSE)
  type <- c_sgmc_option_type_of(key) # unknown key: the C message, as an sgmc_error
  if (is.null(value) || length(value) != 1L || is.list(value))
    stop(sprintf("option '%s' must be a single value, not %s", key,
                 if (is.null(value)) "NULL" else sprintf("%s of length %d", class(value)[1], length(value))),
         call. = FALSE)
  if (type == "string") {
    if (is.factor(value)) value <- as.character(value)
    if (!is.character(value) || is.na(value))
      stop(sprintf("option '%s' must be a string", key), call. = FALSE)
    c_sgmc_options_set_string(handle, key, value)
  } else {
    if (is.logical(value) || !is.numeric(value) || is.na(value))
      stop(sprintf("option '%s' must be a number (%s), not %s", key, type,
                   if (is.numeric(value)) "NA" else class(value)[1]), call. = FALSE)
    if (type == "int") {
      if (!is.finite(value) || value != round(value))
        stop(sprintf("option '%s' = %s: must be a whole number", key, format(value)), call. = FALSE)
      c_sgmc_options_set_int(handle, key, as.numeric(value))
    } else {
      c_sgmc_options_set_double(handle, key, as.numeric(value))
    }
  }
  invisible(handle)
}

# Options handle from named values (internal building block, exported for
# users of the low-level layer).
sgmc_options <- function(..., theta0 = NULL) {
  opts <- list(...)
  if (length(opts) && (is.null(names(opts)) || any(!nzchar(names(opts)))))
    stop("every option must be named", call. = FALSE)
  handle <- c_sgmc_options_create()
  for (key in names(opts)) .sgmc_set_option(handle, key, opts[[key]])
  if (!is.null(theta0)) {
    if (!is.numeric(theta0)) stop("'theta0' must be a numeric vector", call. = FALSE)
    c_sgmc_options_set_theta0(handle, as.numeric(theta0))
  }
  handle
}

.sgmc_get_option <- function(handle, key) {
  switch(c_sgmc_option_type_of(key),
         int = c_sgmc_options_get_int(handle, key),
         double = c_sgmc_options_get_double(handle, key),
         string = c_sgmc_options_get_string(handle, key))
}
