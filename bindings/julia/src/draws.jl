"""
    Sgmc.Draws

Recorded draws of one or more chains (an `sgmc_draws` handle released by a
finalizer), from [`sample_chains`](@ref) or a [`Sgmc.Chain`](@ref). Chains are
numbered from 1 here (chain `c` is chain `c - 1` of the C API). Read them
with [`Sgmc.positions`](@ref), [`Sgmc.energies`](@ref), [`Sgmc.iterations`](@ref), the
sampler-specific accessors (each a reader of a column or statistic by name:
[`Sgmc.column`](@ref), [`Sgmc.statistic`](@ref)), or convert them with
`MCMCChains.Chains(draws)`.

`n_draws` is the number of draws of every chain, except in the draws of a
run that a fault of the model stopped ([`SgmcFault`](@ref)): chains then
differ ([`draw_count`](@ref)), and `n_draws` is the longest.
"""
mutable struct Draws
    ptr::Ptr{LibSgmc.sgmc_draws}
    n_chains::Int
    n_draws::Int
    dim::Int
    sampler::String
    model::Any  # the model the draws came from (for harmonic cycle weights)
    function Draws(ptr::Ptr{LibSgmc.sgmc_draws}, sampler::AbstractString, model)
        d = new(ptr, 0, 0, 0, String(sampler), model)
        _owns!(d, LibSgmc.sgmc_draws_destroy)
        c = Ref{Int64}(0)
        n = Ref{Int64}(0)
        k = Ref{Int64}(0)
        check(LibSgmc.sgmc_draws_shape(d, c, n, k))
        d.n_chains, d.n_draws, d.dim = c[], n[], k[]
        return d
    end
end

Base.unsafe_convert(::Type{Ptr{LibSgmc.sgmc_draws}}, d::Draws) = d.ptr
Base.deepcopy_internal(d::Draws, ::IdDict) = d
Base.show(io::IO, d::Draws) = print(io, "Sgmc.Draws(", d.sampler, ": ", d.n_chains, " chains × ",
                                    d.n_draws, " draws × dim ", d.dim, ")")

"""
    parameter_names(draws) -> Vector{String}

The names of the parameters of the model the draws came from
([`parameter_names`](@ref)`(model)`); `x[1]`, ..., `x[d]` for draws that
do not know their model (those of a [`Chain`](@ref)).
"""
parameter_names(d::Draws) =
    d.model isa AbstractSgmcModel ? parameter_names(d.model) : ["x[$i]" for i in 1:d.dim]

function _chain_arg(d::Draws, chain::Integer)
    1 <= chain <= d.n_chains || throw(ArgumentError("chain = $chain: must be in 1:$(d.n_chains)"))
    return Int64(chain - 1)
end

"""
    draw_count(draws, chain = 1) -> Int

The number of draws of one chain: `draws.n_draws`, unless a fault of the
model stopped the run (the chain that faulted stopped before its faulty
iteration, the others at the end of the round).
"""
function draw_count(d::Draws, chain::Integer = 1)
    n = Ref{Int64}(0)
    check(LibSgmc.sgmc_draws_count(d, _chain_arg(d, chain), n))
    return Int(n[])
end

"""
    Sgmc.faults(draws) -> Vector{Int}
    Sgmc.faults(draws, chain) -> Int
    Sgmc.faults(chain::Chain) -> Int

The evaluations of the model each chain rejected under the option
`on_fault = "reject"` (docs/faults.md); 0 under `"error"`.
"""
faults(d::Draws) = [faults(d, c) for c in 1:d.n_chains]
faults(d::Draws, chain::Integer) = Int(statistic(d, "faults", chain))

"""
    Sgmc.positions(draws, chain = 1) -> Matrix{Float64}

The draws of one chain, n × dim (one draw per row), n = [`draw_count`](@ref).
"""
function positions(d::Draws, chain::Integer = 1)
    n = draw_count(d, chain)
    buf = Vector{Float64}(undef, n * d.dim)
    check(LibSgmc.sgmc_draws_copy(d, _chain_arg(d, chain), buf, length(buf)))
    return permutedims(reshape(buf, d.dim, n))  # C is row-major
end

"""
    Sgmc.energies(draws, chain = 1) -> Vector{Float64}

The stochastic energy U(x) ≈ U0 + (N/n) S_B of each draw of one chain.
"""
energies(d::Draws, chain::Integer = 1) = column(d, "energy", chain)

"""
    Sgmc.iterations(draws, chain = 1) -> Vector{Int64}

The iteration k (1-based) at which each draw of one chain was made.
"""
iterations(d::Draws, chain::Integer = 1) = column(d, "step", chain)

"""
    Array(draws) -> Array{Float64,3}

All draws as n_draws × dim × n_chains (the layout of `MCMCChains.Chains`);
the chains that a fault of the model stopped early are padded with NaN.
"""
function Base.Array(d::Draws)
    out = fill(NaN, d.n_draws, d.dim, d.n_chains)
    for c in 1:d.n_chains
        x = positions(d, c)
        out[1:size(x, 1), :, c] = x
    end
    return out
end

# A part is there when the library recorded it: no list of sampler families.
is_contour(d::Draws) = "log_weight" in columns(d)
is_cyclical(d::Draws) = "cycle" in columns(d)

_kind(s::Symbol) = s === :interpolated ? LibSgmc.SGMC_WEIGHT_INTERPOLATED :
                   s === :bin ? LibSgmc.SGMC_WEIGHT_BIN :
                   throw(ArgumentError("weight kind $(repr(s)): use :interpolated or :bin"))
_when(s::Symbol) = s === :running ? LibSgmc.SGMC_WEIGHT_RUNNING :
                   s === :final ? LibSgmc.SGMC_WEIGHT_FINAL :
                   throw(ArgumentError("weight theta $(repr(s)): use :running or :final"))

"""
    contour_shape(draws) -> (m, n_thetas)

The number of subregions (the largest over the chains) and of thetas kept
per chain of a contour run.
"""
contour_shape(d::Draws) =
    (maximum(_chain_m(d, c) for c in 1:d.n_chains), size(theta_trace(d, 1), 1))

"""
    log_weights(draws, chain = 1; kind = :interpolated, when = :running) -> Vector{Float64}

The importance log-weight of each draw of one chain of a contour sampler
(CSGLD, CSGHMC, pCSGLD, KSGLD): `kind` `:interpolated` or `:bin`, with the
running or the `:final` theta (the column `"log_weight"`,
`"log_weight_bin"`, `"log_weight_final"` or `"log_weight_bin_final"`). Only
differences matter.
"""
function log_weights(d::Draws, chain::Integer = 1; kind::Symbol = :interpolated,
                     when::Symbol = :running)
    _kind(kind), _when(when)  # checks both
    name = "log_weight" * (kind === :bin ? "_bin" : "") * (when === :final ? "_final" : "")
    return column(d, name, chain)
end

"""
    Sgmc.theta(draws, chain = 1) -> Vector{Float64}

The final theta (m values summing to 1) of one chain of a contour run; m is
the chain's own (an automatic partition may differ between chains).
"""
theta(d::Draws, chain::Integer = 1) = vcat(statistic(d, "theta", chain))

# The m of one chain: an automatic partition may give each chain its own.
_chain_m(d::Draws, chain::Integer) = length(theta(d, chain))

"""
    theta_trace(draws, chain = 1) -> Matrix{Float64}

theta after every `theta_thin`-th iteration: n_thetas × m.
"""
function theta_trace(d::Draws, chain::Integer = 1)
    t = statistic(d, "theta_trace", chain)
    return t isa AbstractMatrix ? t : reshape(vcat(t), 1, :)  # one theta kept: a row
end

"""
    contour_index(draws, chain = 1) -> Vector{Int64}

The subregion J(U(x_k)) of each draw, 1-based in 1:m.
"""
contour_index(d::Draws, chain::Integer = 1) = column(d, "subregion", chain) .+ 1

"""
    weighted_moments(draws, chain = 1; kind = :interpolated, when = :running) -> (mean, variance, ess)

Self-normalised importance-weighted mean and variance of each coordinate
and Kish's effective sample size, for one chain of a contour run.
"""
function weighted_moments(d::Draws, chain::Integer = 1; kind::Symbol = :interpolated,
                          when::Symbol = :running)
    mean = Vector{Float64}(undef, d.dim)
    var = Vector{Float64}(undef, d.dim)
    ess = Ref{Cdouble}(0)
    check(LibSgmc.sgmc_draws_weighted_moments(d, _chain_arg(d, chain), _kind(kind), _when(when),
                                              mean, var, d.dim, ess))
    return (mean = mean, variance = var, ess = ess[])
end

"""
    weighted_quantiles(draws, probs, chain = 1; kind, when) -> Matrix{Float64}

Weighted quantiles: row q holds quantile `probs[q]` of every coordinate.
"""
function weighted_quantiles(d::Draws, probs::AbstractVector{<:Real}, chain::Integer = 1;
                            kind::Symbol = :interpolated, when::Symbol = :running)
    p = Vector{Float64}(probs)
    buf = Vector{Float64}(undef, length(p) * d.dim)
    check(LibSgmc.sgmc_draws_weighted_quantiles(d, _chain_arg(d, chain), _kind(kind), _when(when),
                                                p, length(p), buf, length(buf)))
    return permutedims(reshape(buf, d.dim, length(p)))
end

"""
    Sgmc.resample(draws, n_out, chain = 1; kind, when, seed = 1) -> Vector{Int64}

Systematic resampling of one chain's weighted draws: `n_out` row indices
(1-based, increasing) into `Sgmc.positions(draws, chain)`.
"""
function resample(d::Draws, n_out::Integer, chain::Integer = 1; kind::Symbol = :interpolated,
                  when::Symbol = :running, seed::Integer = 1)
    buf = Vector{Int64}(undef, n_out)
    check(LibSgmc.sgmc_draws_resample(d, _chain_arg(d, chain), _kind(kind), _when(when), n_out,
                                      UInt64(seed), buf))
    return buf .+ 1
end

"""
    pooled_weighted_moments(draws; kind = :interpolated, when = :running) -> (mean, variance, ess)

Self-normalised importance-weighted mean and variance of each coordinate
and Kish's effective sample size over the draws of all chains of an
interacting contour run (`:icsgld`, `:icsghmc`, `:picsgld`), whose chains
share one theta. The draws of other samplers throw an `SgmcError`
(`SGMC_ERROR_STATE`): their chains' weights come from different thetas.
"""
function pooled_weighted_moments(d::Draws; kind::Symbol = :interpolated, when::Symbol = :running)
    mean = Vector{Float64}(undef, d.dim)
    var = Vector{Float64}(undef, d.dim)
    ess = Ref{Cdouble}(0)
    check(LibSgmc.sgmc_draws_weighted_moments(d, -1, _kind(kind), _when(when), mean, var, d.dim,
                                              ess))
    return (mean = mean, variance = var, ess = ess[])
end

"""
    pooled_weighted_quantiles(draws, probs; kind, when) -> Matrix{Float64}

Weighted quantiles over the draws of all chains of an interacting contour
run: row q holds quantile `probs[q]` of every coordinate.
"""
function pooled_weighted_quantiles(d::Draws, probs::AbstractVector{<:Real};
                                   kind::Symbol = :interpolated, when::Symbol = :running)
    p = Vector{Float64}(probs)
    buf = Vector{Float64}(undef, length(p) * d.dim)
    check(LibSgmc.sgmc_draws_weighted_quantiles(d, -1, _kind(kind), _when(when), p, length(p),
                                                buf, length(buf)))
    return permutedims(reshape(buf, d.dim, length(p)))
end

"""
    pooled_resample(draws, n_out; kind, when, seed = 1) -> Vector{Int64}

Systematic resampling of the weighted draws of all chains of an
interacting contour run: `n_out` row indices (1-based, increasing) into the
pooled draws `vcat((positions(draws, c) for c in 1:draws.n_chains)...)`.
"""
function pooled_resample(d::Draws, n_out::Integer; kind::Symbol = :interpolated,
                         when::Symbol = :running, seed::Integer = 1)
    n_out >= 1 || throw(ArgumentError("n_out = $n_out: must be >= 1"))
    buf = Vector{Int64}(undef, n_out)
    check(LibSgmc.sgmc_draws_resample(d, -1, _kind(kind), _when(when), n_out, UInt64(seed), buf))
    return buf .+ 1
end

"""
    cycle_count(draws) -> Int

The number of cycles M of a cyclical run (`:cycsgld`, `:cycsghmc`).
"""
cycle_count(d::Draws) = statistic(d, "cycles")

"""
    Sgmc.cycles(draws, chain = 1) -> Vector{Int64}

The cycle (1-based) of each draw of one chain of a cyclical run.
"""
cycles(d::Draws, chain::Integer = 1) = column(d, "cycle", chain) .+ 1

_model_arg(m) = m === nothing ? Ptr{LibSgmc.sgmc_model}(C_NULL) : m

_weighting(s::Symbol) = s === :equal ? LibSgmc.SGMC_CYCLE_WEIGHTS_EQUAL :
                        s === :harmonic ? LibSgmc.SGMC_CYCLE_WEIGHTS_HARMONIC :
                        throw(ArgumentError("weighting $(repr(s)): use :equal or :harmonic"))

"""
    cycle_weights(draws, chain = 1; weighting = :equal) -> Vector{Float64}

The weight of each cycle (summing to 1): `:equal`, or `:harmonic`
(harmonic-mean likelihood, evaluating the model on this thread).
"""
function cycle_weights(d::Draws, chain::Integer = 1; weighting::Symbol = :equal)
    w = Vector{Float64}(undef, cycle_count(d))
    model = _model_arg(d.model)
    _call_with_model(model) do
        LibSgmc.sgmc_draws_cycle_weights(d, _chain_arg(d, chain), model, _weighting(weighting), w,
                                         length(w))
    end
    return w
end

"""
    cycle_mean(draws, chain = 1; weighting = :equal) -> Vector{Float64}

The combined estimate Σ_c w_c x̄_c of the mean from one chain.
"""
function cycle_mean(d::Draws, chain::Integer = 1; weighting::Symbol = :equal)
    mean = Vector{Float64}(undef, d.dim)
    model = _model_arg(d.model)
    _call_with_model(model) do
        LibSgmc.sgmc_draws_cycle_mean(d, _chain_arg(d, chain), model, _weighting(weighting), mean,
                                      d.dim)
    end
    return mean
end

"""
    swap_stats(draws) -> (attempts, accepts)

Swap attempts and acceptances of each neighbouring pair (r, r + 1) of
replicas of a `:resgld` run (vectors of length R - 1).
"""
swap_stats(d::Draws) = (attempts = vcat(statistic(d, "swap_attempts")),
                        accepts = vcat(statistic(d, "swap_accepts")))

"""
    temperatures(draws) -> Vector{Float64}

The temperature of each chain: the ladder of a `:resgld` run.
"""
temperatures(d::Draws) = [statistic(d, "temperature", c) for c in 1:d.n_chains]

"""
    Sgmc.convergence(draws; stat = :rhat) -> Vector{Float64}

A convergence diagnostic of every coordinate over the chains (computed as
R's posterior package does): `:rhat`, `:rhat_basic`, `:ess_bulk`,
`:ess_tail` or `:ess_basic`.
"""
function convergence(d::Draws; stat::Symbol = :rhat)
    out = Vector{Float64}(undef, d.dim)
    check(LibSgmc.sgmc_draws_convergence(d, _stat(stat), out, length(out)))
    return out
end

function _stat(s::Symbol)
    s === :rhat && return LibSgmc.SGMC_RHAT
    s === :rhat_basic && return LibSgmc.SGMC_RHAT_BASIC
    s === :ess_bulk && return LibSgmc.SGMC_ESS_BULK
    s === :ess_tail && return LibSgmc.SGMC_ESS_TAIL
    s === :ess_basic && return LibSgmc.SGMC_ESS_BASIC
    throw(ArgumentError("stat $(repr(s)): use :rhat, :rhat_basic, :ess_bulk, :ess_tail or :ess_basic"))
end

"""
    Sgmc.convergence(x::AbstractMatrix; stat = :rhat) -> Float64

The diagnostic of one scalar quantity from an n_draws × n_chains matrix.
"""
function convergence(x::AbstractMatrix{<:Real}; stat::Symbol = :rhat)
    v = Vector{Float64}(vec(x))  # column-major: chain after chain, as C wants
    out = Ref{Cdouble}(0)
    check(LibSgmc.sgmc_convergence(v, size(x, 1), size(x, 2), _stat(stat), out))
    return out[]
end

"""
    mhbt_stats(draws, chain = 1) -> NamedTuple
    mhbt_stats(chain::Chain) -> NamedTuple

MHBT's proposals and acceptances (all, and forward ones), its beta and the
acceptance rate, for one chain of a `:mhbt` run or an ask/tell chain.
"""
mhbt_stats(d::Draws, chain::Integer = 1) =
    _mhbt((statistic(d, "mhbt_" * name, chain)
           for name in ("proposed", "accepted", "forward_proposed", "forward_accepted", "beta"))...)

_mhbt(p, a, fp, fa, beta) = (proposed = p, accepted = a, forward_proposed = fp,
                             forward_accepted = fa, beta = beta,
                             acceptance = p == 0 ? NaN : a / p)
