# The AbstractMCMC interface: `sample(model, sampler, N)`, several chains
# with MCMCThreads()/MCMCSerial(), and draws as MCMCChains.Chains.

"""
    Sgmc.Sampler(name = :sgld; x0 = nothing, options...)

An sgmc sampler for AbstractMCMC: `name` is the option `sampler` (`:sgld`,
`:psgld`, `:sghmc`, `:cycsgld`, `:cycsghmc`, `:resgld`, `:csgld`, `:csghmc`,
`:pcsgld`, `:ksgld`, ...) and the keywords are the options of
`docs/options.md` (`step_size = 1e-3`, `temperature = 1`, ...). `x0` is the
starting point (default: `initial_params`, else zeros). Without a `seed`
option each chain draws its seed from the `rng` given to `sample`, so
`sample(Random.Xoshiro(1), ...)` is reproducible and parallel chains differ.

`sample(model, sampler, N)` sets `n_steps` to the number of steps it makes.
Without a `step_size` the library's warm-up chooses it (docs/warm_up.md) in
the iterations `sample` discards: `discard_initial` defaults to as many as
are kept (at least 100), and must be at least 100.
`model` is a built-in [`Sgmc.Model`](@ref), a [`JuliaModel`](@ref), or an
`AbstractMCMC.LogDensityModel` (or any LogDensityProblems object, which
`sample` wraps in one) with gradients, run as
[`JuliaModel(model)`](@ref JuliaModel).

A fault of the model (an exception of a Julia model function, a NaN or
infinite value) follows the option `on_fault`: `"error"` (the default)
throws an [`SgmcFault`](@ref) carrying the draws so far; `"reject"`
(`Sgmc.SGLD(on_fault = "reject")`) retries the iteration with a fresh
batch and counts the fault ([`Sgmc.faults`](@ref) of the final state).
"""
struct Sampler <: AbstractMCMC.AbstractSampler
    options::Vector{Pair{String,Any}}
    x0::Union{Nothing,Vector{Float64}}
end

function Sampler(name = :sgld; x0 = nothing, kwargs...)
    opts = Pair{String,Any}["sampler" => string(name)]
    for (k, v) in kwargs
        push!(opts, string(k) => v)
    end
    o = Options()
    for (k, v) in opts
        setoption!(o, k, v)  # check every option now, with the library's message
    end
    return Sampler(opts, x0 === nothing ? nothing : Vector{Float64}(x0))
end

Base.show(io::IO, s::Sampler) =
    print(io, "Sgmc.Sampler(", join((k * " = " * repr(v) for (k, v) in s.options), ", "), ")")

for (f, name) in ((:SGLD, :sgld), (:pSGLD, :psgld), (:SGHMC, :sghmc), (:CycSGLD, :cycsgld),
                  (:CycSGHMC, :cycsghmc), (:ReSGLD, :resgld), (:CSGLD, :csgld),
                  (:CSGHMC, :csghmc), (:pCSGLD, :pcsgld), (:KSGLD, :ksgld), (:MHBT, :mhbt),
                  (:ICSGLD, :icsgld), (:ICSGHMC, :icsghmc), (:pICSGLD, :picsgld))
    doc = "    Sgmc.$f(; options...)\n\nThe same as `Sgmc.Sampler(:$name; options...)`. " *
          "Not exported: Turing exports an `SGLD` and an `SGHMC` of its own."
    @eval begin
        $f(; kwargs...) = Sampler($(QuoteNode(name)); kwargs...)
        @doc $doc $f
    end
end

_name(s::Sampler) = string(last(s.options[findlast(p -> first(p) == "sampler", s.options)]))
_has(s::Sampler, key) = any(p -> first(p) == key, s.options)

# True when the library chooses the step during the burn-in: no step_size,
# and a sampler that warms up there (not MHBT, which keeps 1e-3, nor a
# contour sampler, which warms up in its pilot; docs/warm_up.md).
function _warms_up_in_burn_in(s::Sampler)
    name = _name(s)
    return !_has(s, "step_size") && !_in_family(name, LibSgmc.SGMC_FAMILY_MHBT) &&
           !_in_family(name, LibSgmc.SGMC_FAMILY_CONTOUR)
end

function _with(s::Sampler, pairs::Pair...)
    opts = copy(s.options)
    for (k, v) in pairs
        push!(opts, k => v)  # later settings win
    end
    return Sampler(opts, s.x0)
end

function _options(rng::Random.AbstractRNG, s::Sampler)
    o = Options()
    for (k, v) in s.options
        setoption!(o, k, v)
    end
    _has(s, "seed") || setoption!(o, "seed", rand(rng, 1:typemax(Int32)))
    return o
end

function _x0(model::AbstractSgmcModel, s::Sampler, initial_params)
    x = initial_params !== nothing ? initial_params : s.x0 !== nothing ? s.x0 : zeros(model.dim)
    length(x) == model.dim ||
        throw(DimensionMismatch("the starting point has $(length(x)) values for dim = $(model.dim)"))
    return Vector{Float64}(x)
end

"""
    Sgmc.Transition

One step of a chain: the draw `x`, its stochastic `energy` and the
`iteration` (1-based) that made it.
"""
struct Transition
    x::Vector{Float64}
    energy::Float64
    iteration::Int
end

"""
    Sgmc.RunState

The state of an AbstractMCMC chain: the recorded [`Sgmc.Draws`](@ref) of the run
made at its first step (in one C call for a built-in [`Sgmc.Model`](@ref), as a
[`Sgmc.Run`](@ref) answered on this thread for a [`JuliaModel`](@ref)), read one
iteration per step. An independent sampler runs one chain per AbstractMCMC
chain; a run of `:resgld` (its `n_chains` replicas, 4 unless set; chain 1 is
the lowest temperature) or of an interacting contour sampler (its `n_chains`
chains, 4 unless set, share one theta) shows AbstractMCMC its chain 1.
"""
mutable struct RunState
    draws::Draws
    steps::Vector{Int64}
    positions::Matrix{Float64}
    energies::Vector{Float64}
    n_steps::Int
    iteration::Int
    row::Int
    transition::Transition
end

"""
    Sgmc.draws(state) -> Draws

The draws recorded by the run of an AbstractMCMC state (for
[`log_weights`](@ref), [`Sgmc.theta`](@ref), [`Sgmc.cycles`](@ref),
[`swap_stats`](@ref), [`mhbt_stats`](@ref), [`Sgmc.faults`](@ref), ...).
"""
draws(s::RunState) = s.draws
mhbt_stats(s::RunState) = mhbt_stats(s.draws)
faults(s::RunState) = faults(s.draws, 1)

function AbstractMCMC.step(rng::Random.AbstractRNG, model::AbstractSgmcModel, sampler::Sampler;
                           initial_params = nothing, init_params = nothing, kwargs...)
    x0 = _x0(model, sampler, initial_params === nothing ? init_params : initial_params)
    o = _options(rng, sampler)
    # AbstractMCMC may run its chains on several Julia threads: one C thread each.
    _has(sampler, "threads") || setoption!(o, "threads", 1)
    name = _name(sampler)
    # An AbstractMCMC chain is one chain of an independent sampler; the
    # replicas of :resgld and the chains sharing theta keep n_chains (the
    # library's default 4 when unset).
    if !_in_family(name, LibSgmc.SGMC_FAMILY_REPLICA_EXCHANGE) &&
       !_in_family(name, LibSgmc.SGMC_FAMILY_INTERACTING)
        setoption!(o, "n_chains", 1)
    end
    d = _sample(model, o, x0)
    state = RunState(d, iterations(d, 1), positions(d, 1), energies(d, 1),
                     getoption(o, "n_steps"), 0, 0, Transition(x0, NaN, 0))
    return _advance!(state)
end

# A LogDensityModel runs as the JuliaModel of its log density (a fresh one
# for every chain, so each chain of MCMCThreads() has its own buffers).
AbstractMCMC.step(rng::Random.AbstractRNG, model::AbstractMCMC.LogDensityModel, sampler::Sampler;
                  kwargs...) = AbstractMCMC.step(rng, JuliaModel(model), sampler; kwargs...)

function AbstractMCMC.step(rng::Random.AbstractRNG,
                           model::Union{AbstractSgmcModel,AbstractMCMC.LogDensityModel},
                           sampler::Sampler, state::RunState; kwargs...)
    return _advance!(state)
end

# The next iteration of a finished run: its draw, or (an iteration that
# records nothing, as the exploration stage of a cyclical sampler) NaNs.
function _advance!(s::RunState)
    k = s.iteration + 1
    k <= s.n_steps ||
        throw(ArgumentError("the run made $(s.n_steps) iterations (option n_steps): " *
                            "set n_steps, or use sample(model, sampler, N), which sets it"))
    if s.row < length(s.steps) && s.steps[s.row + 1] == k
        s.row += 1
        s.transition = Transition(s.positions[s.row, :], s.energies[s.row], k)
    else
        s.transition = Transition(fill(NaN, s.draws.dim), NaN, k)
    end
    s.iteration = k
    return s.transition, s
end

function AbstractMCMC.sample(rng::Random.AbstractRNG, model::AbstractSgmcModel, sampler::Sampler,
                             N::Integer; discard_initial::Integer = 0, thinning::Integer = 1,
                             kwargs...)
    N >= 1 || throw(ArgumentError("N = $N: the number of samples must be >= 1"))
    # Every step is one iteration of the C chain, recorded; AbstractMCMC
    # discards and thins. n_steps matters to the cyclical schedule. Without a
    # step_size the library's warm-up chooses it during a burn-in
    # (docs/warm_up.md): its iterations are those AbstractMCMC discards, as
    # many as are kept unless discard_initial says otherwise.
    warms_up = _warms_up_in_burn_in(sampler)
    if warms_up && discard_initial == 0
        discard_initial = max(100, thinning * (N - 1) + 1)
    end
    ntotal = discard_initial + thinning * (N - 1) + 1
    s = _with(sampler, "n_steps" => ntotal, "burn_in" => warms_up ? discard_initial : 0,
              "thin" => 1)
    return AbstractMCMC.mcmcsample(rng, model, s, N; discard_initial = discard_initial,
                                   thinning = thinning, kwargs...)
end

function AbstractMCMC.sample(rng::Random.AbstractRNG, model::AbstractMCMC.LogDensityModel,
                             sampler::Sampler, N::Integer; kwargs...)
    return AbstractMCMC.sample(rng, JuliaModel(model), sampler, N; kwargs...)
end

# The parameters' names of a model or Draws, unless the caller gives them.
_param_names(source, param_names) =
    Symbol.(param_names === nothing ? parameter_names(source) : param_names)

function AbstractMCMC.bundle_samples(samples::Vector{Transition}, model::AbstractSgmcModel,
                                     sampler::Sampler, state::RunState,
                                     ::Type{MCMCChains.Chains}; param_names = nothing,
                                     kwargs...)
    d = draws(state)
    steps = iterations(d, 1)
    rows = Int[]
    for t in samples
        r = searchsortedfirst(steps, t.iteration)
        r <= length(steps) && steps[r] == t.iteration && push!(rows, r)
    end
    return _chains(d, [1], rows, _param_names(model, param_names))
end

"""
    MCMCChains.Chains(draws::Draws; param_names = nothing)

All chains of `draws` as `MCMCChains.Chains`: the parameters, named as
[`parameter_names`](@ref)`(draws)` says unless `param_names` is given, and the internals `energy` and `iteration`, plus `log_weight` (the running
interpolated importance log-weight) and `contour_index` for the contour
samplers and `cycle` for the cyclical ones. `info` holds the sampler name,
the final `theta` of each chain of a contour run with its
`contour_partition` and the run's `contour_verdict`, the run's
[`Sgmc.verdict`](@ref), and `swap_stats` and
`temperatures` (reSGLD), `mhbt` (the [`mhbt_stats`](@ref) of each chain) or
`n_cycles` (cyclical samplers), and `faults` (the [`Sgmc.faults`](@ref) each chain
rejected). The draws of a run that a fault of the model stopped (the
`draws` of an [`SgmcFault`](@ref)) are cut to the shortest chain.
"""
function MCMCChains.Chains(d::Draws; param_names = nothing)
    names = _param_names(d, param_names)
    n = d.n_chains == 0 ? 0 : minimum(draw_count(d, c) for c in 1:d.n_chains)
    return _chains(d, collect(1:d.n_chains), collect(1:n), names)
end

function _chains(d::Draws, chains::Vector{Int}, rows::Vector{Int}, names::Vector{Symbol})
    internals = [:energy, :iteration]
    is_contour(d) && append!(internals, [:log_weight, :contour_index])
    is_cyclical(d) && push!(internals, :cycle)
    n, p = length(rows), d.dim
    vals = Array{Float64}(undef, n, p + length(internals), length(chains))
    thetas = Vector{Vector{Float64}}()
    for (j, c) in enumerate(chains)
        vals[:, 1:p, j] = positions(d, c)[rows, :]
        cols = Any[energies(d, c)[rows], iterations(d, c)[rows]]
        if is_contour(d)
            push!(cols, log_weights(d, c)[rows], contour_index(d, c)[rows])
            push!(thetas, theta(d, c))
        end
        is_cyclical(d) && push!(cols, cycles(d, c)[rows])
        for (i, col) in enumerate(cols)
            vals[:, p + i, j] = col
        end
    end
    info = (sampler = d.sampler, theta = thetas, faults = [faults(d, c) for c in chains],
            verdict = verdict(d))
    if is_contour(d)
        info = merge(info, (contour_verdict = contour_verdict(d),
                            contour_partition = [contour_partition(d, c) for c in chains]))
    end
    stats = statistics(d)
    if "swap_attempts" in stats
        info = merge(info, (swap_stats = swap_stats(d), temperatures = temperatures(d)))
    elseif "mhbt_proposed" in stats
        info = merge(info, (mhbt = [mhbt_stats(d, c) for c in chains],))
    elseif is_cyclical(d)
        info = merge(info, (n_cycles = cycle_count(d),))
    end
    return MCMCChains.Chains(vals, vcat(names, internals),
                             (parameters = names, internals = internals); info = info)
end
