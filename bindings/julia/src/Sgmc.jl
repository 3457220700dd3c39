"""
    Sgmc

Stochastic-gradient MCMC samplers of the C library libsgmc, from Julia.

- [`LibSgmc`](@ref Sgmc.LibSgmc): every function, constant and type of the
  C header `sgmc.h`, generated (`gen/generate.py`), with the C
  documentation as docstrings.
- Models: built-in ([`target`](@ref), [`gaussian`](@ref),
  [`logistic`](@ref), [`linear`](@ref), [`mlp_classifier`](@ref),
  [`mlp_regression`](@ref) on a [`Data`](@ref) set) or Julia functions
  ([`JuliaModel`](@ref)).
- AbstractMCMC: `sample(model, Sgmc.Sampler(:sghmc; step_size = 1e-3), N;
  chain_type = MCMCChains.Chains)`, also with `MCMCThreads()`.
- Direct runs of many chains: [`sample_chains`](@ref) → [`Draws`](@ref);
  a Julia model's run is a [`Run`](@ref) that asks this thread for every
  evaluation, for every sampler; one chain alone: [`Chain`](@ref).

Errors of the library become [`SgmcError`](@ref) exceptions; a run that a
fault of the model stopped (an exception of a Julia model, a NaN or
infinite value; option `on_fault`, docs/faults.md) throws an
[`SgmcFault`](@ref) that carries the draws made before it.

The library is the path saved with [`Sgmc.set_library!`](@ref) (a
preference), else `libsgmc` on the loader's search path; `using Sgmc` checks
that it loads and that its version agrees ([`Sgmc.library_problem`](@ref)).
"""
module Sgmc

import AbstractMCMC
import Libdl
import MCMCChains
import Random
using Preferences: @load_preference, @has_preference, @set_preferences!, @delete_preferences!

include("library.jl")
include("gen/libsgmc.jl")

include("errors.jl")
include("options.jl")
include("models.jl")
include("draws.jl")
include("contour_verdict.jl")
include("run.jl")
include("chain.jl")
include("abstractmcmc.jl")

export LibSgmc, SgmcError, SgmcFault, check
export Options, setoption!, getoption, option_type, option_info, settheta0!
export AbstractSgmcModel, Model, JuliaModel, Data, target, gaussian, logistic, linear,
       mlp_classifier, mlp_regression, read_csv, feature_names, dimension, data_size
export resume, checkpoint_options
export Draws, sample_chains, positions, energies, iterations, log_weights, theta, theta_trace,
       contour_index, contour_shape, weighted_moments, weighted_quantiles, resample,
       pooled_weighted_moments, pooled_weighted_quantiles, pooled_resample,
       cycle_count, cycles, cycle_weights, cycle_mean, swap_stats, temperatures, convergence,
       mhbt_stats, faults, draw_count, contour_partition, contour_checks, contour_diagnostics,
       contour_verdict
export Run, run!
export Chain, step!, steps_done, current_position, draws, save_chain, load_chain
export Sampler, Transition, RunState
export SGLD, pSGLD, SGHMC, CycSGLD, CycSGHMC, ReSGLD, CSGLD, CSGHMC, pCSGLD, KSGLD, MHBT, ICSGLD,
       ICSGHMC, pICSGLD

"""
    version() -> VersionNumber

The version of the loaded libsgmc (`sgmc_version()`).
"""
version() = VersionNumber(unsafe_string(LibSgmc.sgmc_version()))

# Loading the package reports a library that does not load or has another
# version, as an error in the log rather than an exception, so that
# `Sgmc.set_library!` stays at hand to fix it.
function __init__()
    problem = library_problem()
    problem === nothing || @error problem
    if haskey(ENV, "SGMC_LIB") && ENV["SGMC_LIB"] != libsgmc
        @warn "Sgmc no longer reads SGMC_LIB (= $(repr(ENV["SGMC_LIB"]))) and loads $(repr(libsgmc)): " *
              "run `Sgmc.set_library!(ENV[\"SGMC_LIB\"])` once and restart Julia"
    end
end

end # module Sgmc
