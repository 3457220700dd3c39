# Models: built-in targets, built-in models on data, and models written in R.
# A model is a list of class "sgmc_model": for built-in models the C handle
# (run in C++, on worker threads), for R models the R functions (run through
# ask/tell on R's thread).

.sgmc_new_model <- function(handle, kind, names = NULL) {
  shape <- c_sgmc_model_shape(handle)
  structure(list(handle = handle, kind = kind, dim = as.integer(shape$dim),
                 data_size = shape$data_size, names = names, r_functions = NULL),
            class = "sgmc_model")
}

# TRUE or FALSE, else an error naming the argument `name` and its value.
.check_flag <- function(x, name) {
  if (!is.logical(x) || length(x) != 1L || is.na(x))
    stop(sprintf("'%s' = %s: must be TRUE or FALSE", name, paste(deparse(x), collapse = "")), call. = FALSE)
  x
}

.check_number <- function(x, name, lower = -Inf) {
  if (!is.numeric(x) || length(x) != 1L || is.na(x) || !is.finite(x) || x < lower)
    stop(sprintf("'%s' must be a single finite number >= %s", name, format(lower)), call. = FALSE)
  as.numeric(x)
}

sgmc_target <- function(name = c("gauss25", "mix1d", "nine", "twentyfive"),
                        energy_noise_sd = 0, grad_noise_sd = 0) {
  if (!is.character(name) || length(name) < 1L || anyNA(name))
    stop("'name' must be a target name", call. = FALSE)
  name <- name[1L]
  h <- c_sgmc_model_target(name, .check_number(energy_noise_sd, "energy_noise_sd", 0),
                           .check_number(grad_noise_sd, "grad_noise_sd", 0))
  .sgmc_new_model(h, paste("target", name))
}

sgmc_gaussian <- function(mean, cov = diag(length(mean)), energy_noise_sd = 0, grad_noise_sd = 0) {
  if (!is.numeric(mean) || length(mean) < 1L || anyNA(mean) || any(!is.finite(mean)))
    stop("'mean' must be a numeric vector of finite values", call. = FALSE)
  d <- length(mean)
  cov <- as.matrix(cov)
  if (!is.numeric(cov) || !identical(dim(cov), c(d, d)))
    stop(sprintf("'cov' must be a %d x %d numeric matrix", d, d), call. = FALSE)
  if (anyNA(cov) || any(!is.finite(cov))) stop("'cov' must be finite", call. = FALSE)
  # Row-major for C; a symmetric matrix reads the same either way.
  h <- c_sgmc_r_model_gaussian(as.numeric(mean), as.numeric(t(cov)),
                               .check_number(energy_noise_sd, "energy_noise_sd", 0),
                               .check_number(grad_noise_sd, "grad_noise_sd", 0))
  .sgmc_new_model(h, "gaussian", names(mean))
}

# Features: a numeric matrix or a data frame of numeric (or logical) columns.
.as_feature_matrix <- function(x) {
  if (is.data.frame(x)) {
    ok <- vapply(x, function(col) is.numeric(col) || is.logical(col), TRUE)
    if (!all(ok))
      stop(sprintf("feature column(s) %s are not numeric; convert factors first (e.g. model.matrix())",
                   paste(sprintf("'%s'", names(x)[!ok]), collapse = ", ")), call. = FALSE)
    x <- as.matrix(x)
    storage.mode(x) <- "double"
  }
  if (is.vector(x) && is.numeric(x)) x <- matrix(x, ncol = 1L)
  if (!is.matrix(x) || !(is.numeric(x) || is.logical(x)))
    stop("'x' must be a numeric matrix or a data frame of numeric columns", call. = FALSE)
  if (nrow(x) < 1L || ncol(x) < 1L) stop("'x' must have at least one row and one column", call. = FALSE)
  storage.mode(x) <- "double"
  x
}

# "double" or "float32", else an error naming the value; checked before any
# data set is made.
.check_features <- function(features) {
  if (!is.character(features) || length(features) != 1L || is.na(features) ||
      !(features %in% c("double", "float32")))
    stop(sprintf("'features' = %s: must be \"double\" or \"float32\"",
                 paste(deparse(features), collapse = "")), call. = FALSE)
  features
}

# The data set of handle h, or its float32 twin (sgmc_data_float32(), which
# shares h's tables).
.with_features <- function(h, features) {
  if (features == "double") h else c_sgmc_data_float32(h)
}

# A data set: features x (n x p) and targets y (n). Copied into the library;
# features = "float32" also keeps them as float32: the regressions read them,
# an MLP computes in float.
sgmc_data <- function(x, y, features = "double") {
  features <- .check_features(features)
  x <- .as_feature_matrix(x)
  if (is.factor(y)) stop("'y' is a factor: recode it to numbers (0/1 or 0..K-1) first", call. = FALSE)
  if (is.logical(y)) y <- as.numeric(y)
  if (!is.numeric(y) || length(y) != nrow(x))
    stop(sprintf("'y' must be a numeric vector of length nrow(x) = %d", nrow(x)), call. = FALSE)
  h <- .with_features(c_sgmc_r_data_create(nrow(x), ncol(x), as.numeric(t(x)), as.numeric(y)), features)
  structure(list(handle = h, n = nrow(x), p = ncol(x), features = features,
                 feature_names = if (is.null(colnames(x))) paste0("x", seq_len(ncol(x))) else colnames(x)),
            class = "sgmc_data")
}

sgmc_read_csv <- function(path, target, features = "double") {
  if (!is.character(path) || length(path) != 1L || is.na(path)) stop("'path' must be a file name", call. = FALSE)
  features <- .check_features(features)
  h <- .with_features(c_sgmc_data_read_csv(path.expand(path), target), features)
  shape <- c_sgmc_data_shape(h)
  nm <- vapply(seq_len(shape$n_features) - 1, function(j) c_sgmc_data_feature_name(h, j), "")
  structure(list(handle = h, n = shape$n_rows, p = shape$n_features, features = features,
                 feature_names = nm),
            class = "sgmc_data")
}

.as_sgmc_data <- function(x, y) {
  if (inherits(x, "sgmc_data")) {
    if (!missing(y) && !is.null(y)) stop("give either an sgmc_data set or 'x' and 'y'", call. = FALSE)
    return(x)
  }
  if (missing(y) || is.null(y)) stop("'y' is missing", call. = FALSE)
  sgmc_data(x, y)
}


sgmc_logistic <- function(x, y = NULL, prior_sd = 10, intercept = TRUE, coef_prior = "normal") {
  data <- .as_sgmc_data(x, y)
  intercept <- .check_flag(intercept, "intercept")
  if (intercept && identical(coef_prior, "normal")) {
    h <- c_sgmc_model_logistic(data$handle, .check_number(prior_sd, "prior_sd", 0))
  } else {
    h <- c_sgmc_model_logistic_priors(data$handle, as.numeric(intercept),
                                      .prior_number(coef_prior, "coef_prior"), as.numeric(prior_sd))
  }
  .sgmc_new_model(h, "logistic regression", c(data$feature_names, if (intercept) "(Intercept)"))
}

# The C enumeration sgmc_prior by name.
.sgmc_priors <- c(flat = 0, normal = 1, known = 2, lognormal = 3, half_normal = 4, half_cauchy = 5)

# A prior's name as its C number; which prior fits which argument is the C
# library's check (its message names the argument and the value).
.prior_number <- function(value, name) {
  if (!is.character(value) || length(value) != 1L || is.na(value) || !(value %in% names(.sgmc_priors)))
    stop(sprintf("'%s' = %s: must be one of %s", name, paste(deparse(value), collapse = ""),
                 paste(sprintf('"%s"', names(.sgmc_priors)), collapse = ", ")), call. = FALSE)
  .sgmc_priors[[value]]
}

sgmc_linear <- function(x, y = NULL, prior_sd = 10, noise_sd = 0, log_noise_prior_sd = 1,
                        intercept = TRUE, coef_prior = "normal", sigma_prior = NULL, sigma_scale = 1) {
  data <- .as_sgmc_data(x, y)
  intercept <- .check_flag(intercept, "intercept")
  if (is.null(sigma_prior) && intercept && identical(coef_prior, "normal")) {
    # The original model, through the original function (and its messages).
    noise_sd <- .check_number(noise_sd, "noise_sd", 0)
    h <- c_sgmc_model_linear(data$handle, .check_number(prior_sd, "prior_sd", 0), noise_sd,
                             .check_number(log_noise_prior_sd, "log_noise_prior_sd", 0))
    sampled <- noise_sd == 0
  } else {
    if (is.null(sigma_prior)) {
      # sigma as the original arguments give it.
      noise_sd <- .check_number(noise_sd, "noise_sd", 0)
      sigma_prior <- if (noise_sd == 0) "lognormal" else "known"
      sigma_scale <- if (noise_sd == 0) log_noise_prior_sd else noise_sd
    }
    h <- c_sgmc_model_linear_priors(data$handle, as.numeric(intercept),
                                    .prior_number(coef_prior, "coef_prior"), as.numeric(prior_sd),
                                    .prior_number(sigma_prior, "sigma_prior"), as.numeric(sigma_scale))
    sampled <- sigma_prior != "known"
  }
  nm <- c(data$feature_names, if (intercept) "(Intercept)", if (sampled) "log_sigma")
  .sgmc_new_model(h, "linear regression", nm)
}

sgmc_mlp <- function(x, y = NULL, n_hidden, type = c("classification", "regression"),
                     n_classes = NULL, prior_sd = 1, noise_sd = 1) {
  type <- match.arg(type)
  data <- .as_sgmc_data(x, y)
  n_hidden <- .check_number(n_hidden, "n_hidden", 1)
  if (type == "classification") {
    if (is.null(n_classes)) stop("'n_classes' is needed for classification", call. = FALSE)
    h <- c_sgmc_model_mlp_classifier(data$handle, n_hidden, .check_number(n_classes, "n_classes", 2),
                                     .check_number(prior_sd, "prior_sd", 0))
  } else {
    h <- c_sgmc_model_mlp_regression(data$handle, n_hidden, .check_number(prior_sd, "prior_sd", 0),
                                     .check_number(noise_sd, "noise_sd", 0))
  }
  .sgmc_new_model(h, paste("MLP", type))
}

# A model written in R. energy(x, batch) and gradient(x, batch) give the batch
# sum S_B(x) = sum over the 1-based indices in batch of U_i(x), and its
# gradient; prior_energy(x) and prior_gradient(x) give U0(x) and its gradient.
# For a data-free target (data_size = 0) batch is integer(0) and energy /
# gradient are the whole energy U(x) and its gradient.
sgmc_model_r <- function(energy, gradient, dim, data_size = 0,
                         prior_energy = NULL, prior_gradient = NULL, names = NULL) {
  if (!is.function(energy) || !is.function(gradient))
    stop("'energy' and 'gradient' must be functions of (x, batch)", call. = FALSE)
  if (xor(is.null(prior_energy), is.null(prior_gradient)))
    stop("give both 'prior_energy' and 'prior_gradient', or neither", call. = FALSE)
  if (!is.null(prior_energy) && (!is.function(prior_energy) || !is.function(prior_gradient)))
    stop("'prior_energy' and 'prior_gradient' must be functions of x", call. = FALSE)
  dim <- .check_number(dim, "dim", 1)
  data_size <- .check_number(data_size, "data_size", 0)
  if (dim != round(dim) || data_size != round(data_size))
    stop("'dim' and 'data_size' must be whole numbers", call. = FALSE)
  if (!is.null(names) && length(names) != dim) stop("'names' must have 'dim' entries", call. = FALSE)
  structure(list(handle = NULL, kind = "R functions", dim = as.integer(dim), data_size = data_size,
                 names = names,
                 r_functions = list(energy = energy, gradient = gradient,
                                    prior_energy = prior_energy, prior_gradient = prior_gradient)),
            class = "sgmc_model")
}

print.sgmc_model <- function(x, ...) {
  cat(sprintf("<sgmc_model: %s, d = %d, N = %s>\n", x$kind, x$dim, format(x$data_size)))
  invisible(x)
}
