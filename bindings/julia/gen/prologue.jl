# The shared library: the path in the environment variable SGMC_LIB when it
# is set (when the package is loaded), else "libsgmc", found by the system's
# dynamic loader (LD_LIBRARY_PATH, the ld.so cache, an installed prefix).
const libsgmc = get(ENV, "SGMC_LIB", "libsgmc")
