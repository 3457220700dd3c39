# Models of the Julia ecosystem: any object implementing LogDensityProblems
# with gradients (and so AbstractMCMC.LogDensityModel, Turing's
# LogDensityFunction, ...) as a JuliaModel of one datum.

# The energy of a log density as the energy of the one datum of a model
# with data_size = 1 (every batch is the whole model) and no prior part:
# U_1(x) = -log p(x), ∇U_1 = -∇ log p, U0 = 0.
struct _NegLogDensity{L}
    logdensity::L
end

function (e::_NegLogDensity)(batch_grad, prior_grad, x, batch)
    lp, g = LogDensityProblems.logdensity_and_gradient(e.logdensity, x)
    # LogDensityProblems: the gradient is arbitrary where the log density is
    # not finite; the energy, Inf or NaN, is then a fault of the model.
    isfinite(lp) && (batch_grad .= .-g)
    return (-Float64(lp), 0.0)
end

"""
    JuliaModel(model::AbstractMCMC.LogDensityModel)

The log density `model.logdensity` (any object implementing the
LogDensityProblems interface with gradients: `capabilities` at least
`LogDensityOrder{1}()`, `dimension`, `logdensity_and_gradient`) as a
[`JuliaModel`](@ref) of dimension `dimension(ℓ)` and one datum
(`data_size = 1`, so every batch is the whole model): the datum's energy is
U_1(x) = -logdensity(ℓ, x) with gradient -∇logdensity, the prior energy
U0 = 0. Every sampler runs on it — MHBT too, whose temperature N / c_n is
then 1 / c_n: set `c_n = 1` to sample the density itself — and it gives the
draws of a `JuliaModel` whose function computes the same numbers, bit for
bit.

A log density of `-Inf` (outside the support) or `NaN` is a non-finite
energy, a fault of the model (docs/faults.md): by default it stops the run
with an [`SgmcFault`](@ref). The stochastic-gradient samplers move without
an accept step that would turn it away (`on_fault = :reject` evaluates the
same point again), so sample in unconstrained coordinates (as Turing's `LogDensityFunction` of a
linked `VarInfo` does) or keep the chain inside the support.

`AbstractMCMC.sample(model, sampler::Sgmc.Sampler, N)` and
[`sample_chains`](@ref) take the `LogDensityModel` directly, and
`sample(ℓ, sampler, N)` wraps `ℓ` itself (AbstractMCMC).
"""
function JuliaModel(model::AbstractMCMC.LogDensityModel)
    ℓ = model.logdensity
    order = LogDensityProblems.capabilities(ℓ)
    if order === nothing || order < LogDensityProblems.LogDensityOrder(1)
        throw(ArgumentError("the log density of type $(typeof(ℓ)) has capabilities $(repr(order)): " *
                            "Sgmc needs gradients, LogDensityProblems.LogDensityOrder{1}() or more " *
                            "(wrap it with LogDensityProblemsAD.ADgradient, for example)"))
    end
    return JuliaModel(_NegLogDensity(ℓ); dim = LogDensityProblems.dimension(ℓ), data_size = 1)
end

sample_chains(model::AbstractMCMC.LogDensityModel, x0::AbstractVecOrMat{<:Real}; kwargs...) =
    sample_chains(JuliaModel(model), x0; kwargs...)

resume(model::AbstractMCMC.LogDensityModel, path::AbstractString; kwargs...) =
    resume(JuliaModel(model), path; kwargs...)
