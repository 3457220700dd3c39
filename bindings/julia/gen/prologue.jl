# The shared library (a constant of the package, src/library.jl): the path
# saved with `Sgmc.set_library!` (a preference of Sgmc), else "libsgmc",
# found by the system's dynamic loader.
using ..Sgmc: libsgmc
