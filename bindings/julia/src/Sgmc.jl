"""
    Sgmc

Stochastic-gradient MCMC samplers of the C library libsgmc, from Julia.

- [`LibSgmc`](@ref Sgmc.LibSgmc): every function, constant and type of the
  C header `sgmc.h`, generated (`gen/generate.py`), with the C
  documentation as docstrings.
- Models: built-in ([`Sgmc.target`](@ref), [`Sgmc.gaussian`](@ref),
  [`Sgmc.logistic`](@ref), [`Sgmc.linear`](@ref),
  [`Sgmc.mlp_classifier`](@ref), [`Sgmc.mlp_regression`](@ref) on a
  [`Sgmc.Data`](@ref) set), Julia functions ([`JuliaModel`](@ref)), or any
  LogDensityProblems log density with gradients (`AbstractMCMC.LogDensityModel`).
- AbstractMCMC: `sample(model, Sgmc.SGHMC(step_size = 1e-3), N;
  chain_type = MCMCChains.Chains)`, also with `MCMCThreads()`.
- Direct runs of many chains: [`sample_chains`](@ref) → [`Sgmc.Draws`](@ref);
  a Julia model's run is a [`Sgmc.Run`](@ref) that asks this thread for every
  evaluation, for every sampler; one chain alone: [`Sgmc.Chain`](@ref).

Errors of the library become [`SgmcError`](@ref) exceptions; a run that a
fault of the model stopped (an exception of a Julia model, a NaN or
infinite value; option `on_fault`, docs/faults.md) throws an
[`SgmcFault`](@ref) that carries the draws made before it.

`using Sgmc` brings in only the names that can mean nothing but sgmc's: the
`Sgmc*` types, [`JuliaModel`](@ref), [`sample_chains`](@ref), the options
functions and the accessors of what only these samplers make (weights,
contour, cycle, replica and MHBT statistics). Every other public name — the
samplers (`Sgmc.SGLD`, ...; Turing exports `SGLD` and `SGHMC`), the models
and handles (`Sgmc.target`, `Sgmc.Model`, `Sgmc.Data`, `Sgmc.Options`, ...)
and the generic verbs and nouns (`Sgmc.positions`, `Sgmc.resample`,
`Sgmc.check`, ...) — is written qualified, or imported by name
(`using Sgmc: positions`); on Julia ≥ 1.11 they are declared `public`.

The library is the path saved with [`Sgmc.set_library!`](@ref) (a
preference), else `libsgmc` on the loader's search path; `using Sgmc` checks
that it loads and that its version agrees ([`Sgmc.library_problem`](@ref)).
"""
module Sgmc

import AbstractMCMC
import Libdl
import LogDensityProblems
import MCMCChains
import Random
using Preferences: @load_preference, @has_preference, @set_preferences!, @delete_preferences!

include("library.jl")
include("gen/libsgmc.jl")

include("errors.jl")
include("options.jl")
include("samplers.jl")
include("models.jl")
include("draws.jl")
include("record.jl")
include("settings.jl")
include("contour_verdict.jl")
include("verdict.jl")
include("run.jl")
include("chain.jl")
include("abstractmcmc.jl")
include("logdensity.jl")

# The names that can mean nothing but sgmc's (see the module's docstring).
export LibSgmc, SgmcError, SgmcFault, AbstractSgmcModel, JuliaModel, sample_chains
export setoption!, getoption, option_type, option_info, settheta0!, checkpoint_options
export log_weights, theta_trace, contour_index, contour_shape, weighted_moments, weighted_quantiles,
       pooled_weighted_moments, pooled_weighted_quantiles, pooled_resample, cycle_count,
       cycle_weights, cycle_mean, swap_stats, temperatures, mhbt_stats, draw_count,
       contour_partition, contour_checks, contour_diagnostics, contour_verdict

# Public but not exported: names another package could mean too.
const _PUBLIC = (
    # samplers (Turing exports SGLD and SGHMC; Distributions, Sampler)
    :Sampler, :SGLD, :pSGLD, :SGHMC, :CycSGLD, :CycSGHMC, :ReSGLD, :CSGLD, :CSGHMC, :pCSGLD,
    :KSGLD, :MHBT, :ICSGLD, :ICSGHMC, :pICSGLD, :Transition, :RunState,
    # the verdict of a run (a word other packages use)
    :verdict,
    # models, data and handles
    :Model, :Data, :Options, :Draws, :Run, :Chain, :target, :gaussian, :logistic, :linear,
    :mlp_classifier, :mlp_regression, :read_csv, :feature_names, :parameter_names, :dimension,
    :data_size,
    # generic verbs and nouns
    :check, :resume, :positions, :energies, :iterations, :theta, :resample, :cycles,
    :convergence, :faults, :draws, :run!, :step!, :steps_done, :current_position, :save_chain,
    :load_chain,
    # named columns and statistics of draws
    :columns, :column, :statistics, :statistic,
    # the library
    :version, :libsgmc, :set_library!, :library_problem)
@static if VERSION >= v"1.11.0-DEV.469"
    eval(Expr(:public, _PUBLIC...))
end

"""
    Sgmc.version() -> VersionNumber

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
