"""
    Sgmc.Chain(options, dim, data_size, x0; chain_index = 0)

One chain driven from Julia, one iteration at a time, through the chain
ask/tell API (an `sgmc_chain` handle released by a finalizer): [`Sgmc.step!`](@ref)
asks where to evaluate, evaluates a [`JuliaModel`](@ref) there on the
calling thread and tells the result. Chain `c` of [`sample_chains`](@ref)
with an independent sampler equals the chain made with the same options and
`chain_index = c - 1`. Runs of several chains, and of the samplers whose
chains are coupled (`:resgld`, `:icsgld`, `:icsghmc`, `:picsgld`), are a
[`Sgmc.Run`](@ref).
"""
mutable struct Chain
    ptr::Ptr{LibSgmc.sgmc_chain}
    dim::Int
    data_size::Int
    sampler::String
    vr::Bool  # variance-reduced contour energy (contour_vr_period > 0)
    x::Vector{Float64}
    xbar::Vector{Float64}
    batch::Vector{Int64}  # 0-based, from C
    jbatch::Vector{Int}   # 1-based, for Julia
    batch_grad::Vector{Float64}
    prior_grad::Vector{Float64}
    function Chain(ptr::Ptr{LibSgmc.sgmc_chain}, dim::Int, data_size::Int, sampler::String, vr::Bool)
        c = new(ptr, dim, data_size, sampler, vr, zeros(dim), zeros(dim), zeros(Int64, data_size),
                Int[], zeros(dim), zeros(dim))
        _owns!(c, LibSgmc.sgmc_chain_destroy)
        return c
    end
end

Base.unsafe_convert(::Type{Ptr{LibSgmc.sgmc_chain}}, c::Chain) = c.ptr
Base.show(io::IO, c::Chain) = print(io, "Sgmc.Chain(", c.sampler, ", dim = ", c.dim, ", ",
                                    steps_done(c), " iterations)")

function Chain(o::Options, dim::Integer, data_size::Integer, x0::AbstractVector{<:Real};
               chain_index::Integer = 0)
    length(x0) == dim || throw(DimensionMismatch("x0 has $(length(x0)) values for dim = $dim"))
    x = Vector{Float64}(x0)
    ref = Ref{Ptr{LibSgmc.sgmc_chain}}(C_NULL)
    check(LibSgmc.sgmc_chain_create(ref, o, dim, data_size, x, chain_index))
    sampler = getoption(o, "sampler")
    vr = _in_family(sampler, LibSgmc.SGMC_FAMILY_CONTOUR) && getoption(o, "contour_vr_period") > 0
    return Chain(ref[], Int(dim), Int(data_size), sampler, vr)
end

Chain(o::Options, m::JuliaModel, x0::AbstractVector{<:Real}; kw...) =
    Chain(o, m.dim, m.data_size, x0; kw...)

"""
    Sgmc.save_chain(chain, path)

Saves the chain (options, start, state, random streams, draws so far) to
the checkpoint file `path`, atomically; [`Sgmc.load_chain`](@ref) gives it back.
"""
save_chain(c::Chain, path::AbstractString) = (check(LibSgmc.sgmc_chain_save(c, path)); nothing)

"""
    Sgmc.load_chain(path) -> Chain

The chain saved by [`Sgmc.save_chain`](@ref), in the state it was saved in:
stepped on, it makes exactly the draws the original would have made. A bad
file throws an [`SgmcError`](@ref) and changes nothing.
"""
function load_chain(path::AbstractString)
    ref = Ref{Ptr{LibSgmc.sgmc_chain}}(C_NULL)
    check(LibSgmc.sgmc_chain_load(ref, path))
    dim = Ref{Int64}(0)
    n = Ref{Int64}(0)
    check(LibSgmc.sgmc_chain_shape(ref[], dim, n))
    o = checkpoint_options(path)
    sampler = getoption(o, "sampler")
    vr = _in_family(sampler, LibSgmc.SGMC_FAMILY_CONTOUR) && getoption(o, "contour_vr_period") > 0
    return Chain(ref[], Int(dim[]), Int(n[]), sampler, vr)
end

"""
    Sgmc.steps_done(chain) -> Int

The number of iterations the chain has made.
"""
function steps_done(c::Chain)
    r = Ref{Int64}(0)
    check(LibSgmc.sgmc_chain_steps_done(c, r))
    return r[]
end

"""
    Sgmc.current_position(chain) -> Vector{Float64}

The chain's current position.
"""
function current_position(c::Chain)
    x = Vector{Float64}(undef, c.dim)
    check(LibSgmc.sgmc_chain_position(c, x, c.dim))
    return x
end

"""
    Sgmc.draws(chain) -> Draws

A copy of the draws the chain has recorded so far.
"""
function draws(c::Chain)
    ref = Ref{Ptr{LibSgmc.sgmc_draws}}(C_NULL)
    check(LibSgmc.sgmc_chain_draws(ref, c))
    return Draws(ref[], c.sampler, nothing)
end

"""
    Sgmc.theta(chain) -> Vector{Float64}

The current theta of a contour chain.
"""
function theta(c::Chain, m::Integer)
    out = Vector{Float64}(undef, m)
    check(LibSgmc.sgmc_chain_theta(c, out, m))
    return out
end

function faults(c::Chain)
    r = Ref{Int64}(0)
    check(LibSgmc.sgmc_chain_faults(c, r))
    return Int(r[])
end

function mhbt_stats(c::Chain)
    p, a, fp, fa = Ref{Int64}(0), Ref{Int64}(0), Ref{Int64}(0), Ref{Int64}(0)
    beta = Ref{Cdouble}(0)
    check(LibSgmc.sgmc_chain_mhbt_stats(c, p, a, fp, fa, beta))
    return _mhbt(p[], a[], fp[], fa[], beta[])
end

"""
    Sgmc.step!(chain, model::JuliaModel) -> (x, energy, iteration)

One iteration: ask, evaluate `model` on this thread, tell. Returns the draw
of the iteration (the point where the gradient was evaluated; for `:mhbt`
the state after the accept/reject step), its stochastic energy
U0 + (N/n) S_B (NaN for `:mhbt`) and the iteration number.

An exception of the model function or a non-finite value is a fault of the
model (docs/faults.md), handled as the chain's option `on_fault` says:
under `"reject"` the evaluation is discarded and counted ([`Sgmc.faults`](@ref))
and the iteration retried with a fresh batch; under `"error"`, or at
`max_consecutive_faults` faults in a row, `step!` throws an
[`SgmcFault`](@ref) (with the model's exception as `cause` and the chain's
draws so far) and leaves the chain as it was, so that it can go on. An
`InterruptException` propagates.
"""
function step!(c::Chain, m::JuliaModel)
    before = steps_done(c)
    energy = NaN
    while true
        n = Ref{Int64}(0)
        check(LibSgmc.sgmc_chain_ask(c, c.x, c.dim, c.batch, length(c.batch), n))
        nb = Int(n[])
        resize!(c.jbatch, nb)
        for i in 1:nb
            c.jbatch[i] = c.batch[i] + 1
        end
        eb = ep = 0.0
        failure = nothing
        try
            if c.vr
                full = Ref{Int32}(0)
                check(LibSgmc.sgmc_chain_ask_control(c, c.xbar, c.dim, full))
                eb_bar, _ = _evaluate!(m, c.xbar, c.jbatch, c.batch_grad, c.prior_grad)
                e_all = full[] != 0 ?
                        _evaluate!(m, c.xbar, collect(1:c.data_size), c.batch_grad, c.prior_grad)[1] :
                        0.0
                check(LibSgmc.sgmc_chain_tell_control(c, eb_bar, e_all))
            end
            eb, ep = _evaluate!(m, c.x, c.jbatch, c.batch_grad, c.prior_grad)
        catch err
            (err isa InterruptException || err isa SgmcError) && rethrow()
            failure = err
        end
        if failure === nothing
            status = LibSgmc.sgmc_chain_tell(c, eb, c.batch_grad, ep, c.prior_grad, c.dim)
        else
            status = LibSgmc.sgmc_chain_tell_fault(c, sprint(showerror, failure))
        end
        if status == LibSgmc.SGMC_ERROR_NONFINITE || status == LibSgmc.SGMC_ERROR_CALLBACK
            throw(_fault(status, () -> draws(c), failure))
        end
        check(status)
        energy = nb > 0 ? ep + (c.data_size / nb) * eb : ep + eb
        # MHBT also asks for evaluations that are not iterations, and a
        # rejected evaluation makes none: loop on the count.
        steps_done(c) > before && break
    end
    if c.sampler == "mhbt"
        return (x = current_position(c), energy = NaN, iteration = steps_done(c))
    end
    return (x = copy(c.x), energy = energy, iteration = steps_done(c))
end
