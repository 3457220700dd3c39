"""
    Sgmc.Chain(options, dim, data_size, x0; chain_index = 0)

One chain driven from Julia, one iteration at a time: a one-chain
[`Sgmc.Run`](@ref) whose chain is chain `chain_index` of a larger run
(option `first_chain`). [`Sgmc.step!`](@ref) answers the evaluations the run
asks for — the iteration's own, the control points of `contour_vr_period`
and MHBT's extra evaluations alike — with a [`JuliaModel`](@ref) on the
calling thread until the chain has made one more iteration. Chain `c` of
[`sample_chains`](@ref) with an independent sampler equals the chain made
with the same options and `chain_index = c - 1`. Runs of several chains,
and of the samplers whose chains are coupled (`:resgld`, `:icsgld`,
`:icsghmc`, `:picsgld`), are a [`Sgmc.Run`](@ref).
"""
mutable struct Chain
    run::Run
    dim::Int
    pending::Int  # evaluations of the run's last ask, untold
end

Base.show(io::IO, c::Chain) = print(io, "Sgmc.Chain(", c.run.sampler, ", dim = ", c.dim, ", ",
                                    steps_done(c), " iterations)")

# A chain over `run`, asked for its first evaluations.
function Chain(run::Run, dim::Integer)
    c = Chain(run, Int(dim), 0)
    n = Ref{Int64}(0)
    check(LibSgmc.sgmc_run_ask(run, n))
    c.pending = n[]
    return c
end

function Chain(o::Options, dim::Integer, data_size::Integer, x0::AbstractVector{<:Real};
               chain_index::Integer = 0)
    length(x0) == dim || throw(DimensionMismatch("x0 has $(length(x0)) values for dim = $dim"))
    one = copy(o)
    setoption!(one, "n_chains", 1)
    setoption!(one, "first_chain", chain_index)
    x = Vector{Float64}(x0)
    ref = Ref{Ptr{LibSgmc.sgmc_run}}(C_NULL)
    check(LibSgmc.sgmc_run_create(ref, one, dim, data_size, x, length(x)))
    return Chain(Run(ref[], getoption(o, "sampler")), dim)
end

Chain(o::Options, m::JuliaModel, x0::AbstractVector{<:Real}; kw...) =
    Chain(o, m.dim, m.data_size, x0; kw...)

"""
    Sgmc.save_chain(chain, path)

Saves the chain (options, start, state, random streams, draws so far) to
the checkpoint file `path`, atomically, between two [`Sgmc.step!`](@ref)s;
[`Sgmc.load_chain`](@ref) gives it back. After a fault under
`on_fault = "error"` it saves the chain as it was before the faulty
evaluation, which the loaded chain makes again.
"""
save_chain(c::Chain, path::AbstractString) = (check(LibSgmc.sgmc_run_save(c.run, path)); nothing)

"""
    Sgmc.load_chain(model::JuliaModel, path) -> Chain

The chain saved by [`Sgmc.save_chain`](@ref) for a model of the shape of
`model`, in the state it was saved in: stepped on, it makes exactly the
draws the original would have made. A bad file throws an
[`SgmcError`](@ref) and changes nothing.
"""
function load_chain(m::JuliaModel, path::AbstractString)
    return Chain(Run(m, path), m.dim)
end

"""
    Sgmc.steps_done(chain) -> Int

The number of iterations the chain has made.
"""
function steps_done(c::Chain)
    r = Ref{Int64}(0)
    check(LibSgmc.sgmc_run_steps_done(c.run, 0, r))
    return Int(r[])
end

"""
    Sgmc.current_position(chain) -> Vector{Float64}

The chain's current position.
"""
function current_position(c::Chain)
    x = Vector{Float64}(undef, c.dim)
    check(LibSgmc.sgmc_run_position(c.run, 0, x, c.dim))
    return x
end

"""
    Sgmc.draws(chain) -> Draws

A copy of the draws the chain has recorded so far.
"""
draws(c::Chain) = draws(c.run)

theta(c::Chain, m::Integer) = theta(draws(c), 1)
faults(c::Chain) = faults(draws(c), 1)
mhbt_stats(c::Chain) = mhbt_stats(draws(c), 1)

"""
    Sgmc.step!(chain, model::JuliaModel) -> (x, energy, iteration)

One iteration: answers the evaluations the chain's run asks for with
`model` on this thread until the chain has made one more iteration. Returns
the draw of the iteration (the point where the gradient was evaluated; for
`:mhbt` the state after the accept/reject step), its stochastic energy
U0 + (N/n) S_B (NaN for `:mhbt`) and the iteration number.

An exception of the model function or a non-finite value is a fault of the
model (docs/faults.md), handled as the chain's option `on_fault` says:
under `"reject"` the evaluation is discarded and counted ([`Sgmc.faults`](@ref))
and the iteration retried with a fresh batch; under `"error"`, or at
`max_consecutive_faults` faults in a row, `step!` throws an
[`SgmcFault`](@ref) (with the model's exception as `cause` and the chain's
draws so far) and the chain stops as it was before the faulty evaluation:
[`Sgmc.save_chain`](@ref) and [`Sgmc.load_chain`](@ref) take it on from there.
An `InterruptException` propagates. Past `n_steps` iterations `step!`
throws an [`SgmcError`](@ref).
"""
function step!(c::Chain, m::JuliaModel)
    before = steps_done(c)
    causes = Dict{Int64,Tuple{Any,String}}()
    energy = NaN
    n = Ref{Int64}(0)
    while true
        if c.pending == 0
            message = "the chain has made its $(before) iterations (n_steps) or stopped on a fault"
            throw(SgmcError(LibSgmc.SGMC_ERROR_STATE, "SGMC_ERROR_STATE", message))
        end
        told = _tell!(c.run, m, c.pending, causes)
        isnan(told) || (energy = told)
        c.pending = 0
        status = LibSgmc.sgmc_run_ask(c.run, n)
        status < 0 && _throw_fault(status, () -> draws(c), causes)
        c.pending = n[]
        steps_done(c) > before && break
    end
    if c.run.sampler == "mhbt"
        return (x = current_position(c), energy = NaN, iteration = steps_done(c))
    end
    return (x = copy(m.x), energy = energy, iteration = steps_done(c))
end
