# The contour samplers' automatic partition and convergence verdict (SPEC
# §4.4, docs/contour.md): the partition every chain ran with, the
# statistics of every theta against their documented limits, and their
# verdict (part of the run's verdict, verdict.jl, as its contour_* checks,
# which add contour_top_influence).

"""
    contour_partition(draws, chain = 1)
        -> (u1, du, m, zeta, pilot_steps, automatic)

The partition, zeta and pilot that one chain of a contour run used. Unless
`contour_u1`, `contour_du` or a theta_0 is set (or the sampler is `:ksgld`),
the first `contour_pilot_steps` iterations choose them (`automatic` true);
each chain of `:csgld`, `:csghmc` and `:pcsgld` chooses its own, the chains
of the interacting samplers one together. Throws an [`SgmcError`](@ref)
(`SGMC_ERROR_STATE`) for a chain stopped during its pilot.
"""
function contour_partition(d::Draws, chain::Integer = 1)
    stat(name) = statistic(d, "contour_" * name, chain)
    return (u1 = stat("u1"), du = stat("du"), m = Int(stat("m")), zeta = stat("zeta"),
            pilot_steps = Int(stat("pilot_steps")), automatic = stat("automatic") != 0)
end

"""
    contour_checks() -> Vector{NamedTuple}

The statistics of [`contour_diagnostics`](@ref), in order:
`(name, limit, fails_above)` each.
"""
function contour_checks()
    return map(0:LibSgmc.SGMC_CONTOUR_CHECKS - 1) do i
        name, limit, above = Ref{Ptr{Cchar}}(C_NULL), Ref{Float64}(0), Ref{Int32}(0)
        check(LibSgmc.sgmc_contour_check_info(i, name, limit, above))
        (name = Symbol(unsafe_string(name[])), limit = limit[], fails_above = above[] != 0)
    end
end

"""
    contour_diagnostics(draws, chain = 1) -> NamedTuple

The statistics of the theta of one chain (of all chains, pooled, for the
interacting samplers, whose chains share theta): `theta_max`, `visit_tv`,
`multiplier_out`, `theta_drift`, `kish_share`, `weighted_rhat`,
`weighted_ess` (NaN where nothing can be computed). `chain = 0` gives, for
several independent chains, the weighted R-hat across all of them and the
weighted ESS of the mean of their estimates, on which the verdict judges
`weighted_ess` (the other values NaN).
Their limits: [`contour_checks`](@ref).
"""
function contour_diagnostics(d::Draws, chain::Integer = 1)
    k = chain == 0 ? Int64(-1) : _chain_arg(d, chain)
    buf = Vector{Float64}(undef, LibSgmc.SGMC_CONTOUR_CHECKS)
    check(LibSgmc.sgmc_draws_contour_diagnostics(d, k, buf, length(buf)))
    names = Tuple(c.name for c in contour_checks())
    return NamedTuple{names}(Tuple(buf))
end

"""
    contour_verdict(draws) -> (converged::Bool, reasons::String)

Whether every statistic of every theta of a contour run is within its
limit; `reasons` has one sentence per failure (chains numbered from 0, as
in the C API). Do not use the weighted estimates of a run that did not
converge.
"""
function contour_verdict(d::Draws)
    converged, needed = Ref{Int32}(0), Ref{Int64}(0)
    check(LibSgmc.sgmc_draws_contour_verdict(d, converged, C_NULL, 0, needed))
    buf = Vector{UInt8}(undef, needed[])
    check(LibSgmc.sgmc_draws_contour_verdict(d, converged, buf, length(buf), C_NULL))
    return (converged = converged[] != 0, reasons = String(buf[1:end-1]))
end
