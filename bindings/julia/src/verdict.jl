# The verdict of every run (docs/verdict.md): a list of named checks, each
# a statistic of the draws with its limit, and whether to trust the run.
# sample_chains, resume, run! and AbstractMCMC.sample warn when a check
# fails.

"""
    Sgmc.verdict(draws) -> (trusted::Bool, reasons::String, checks::Vector{NamedTuple})

Whether to trust the run: `trusted` when every check passes, else
`reasons` has one sentence per failing check. Each check is
`(name, value, limit, fails_above, passed, where, meaning)`: `value` is the
worst over the chains, coordinates or pairs it covers (NaN when it cannot
be computed, which fails), `where` says which (chains and coordinates
numbered from 0, as in the C API). Which checks a run has depends on its
sampler: `rhat`, `ess_bulk`, `ess_tail`, `energy_drift`, `step_bias`, `mean_bias`,
`mhbt_acceptance`, `swap_acceptance`, `contour_*` (the statistics of
`contour_diagnostics` and `contour_top_influence`) and `fault_share`
(docs/verdict.md). No check can see a mode no chain visited: start
chains apart.
"""
function verdict(d::Draws)
    trusted, needed, n = Ref{Int32}(0), Ref{Int64}(0), Ref{Int64}(0)
    check(LibSgmc.sgmc_draws_verdict(d, trusted, C_NULL, 0, needed))
    buf = Vector{UInt8}(undef, needed[])
    check(LibSgmc.sgmc_draws_verdict(d, trusted, buf, length(buf), C_NULL))
    check(LibSgmc.sgmc_draws_check_count(d, n))
    checks = map(0:n[] - 1) do i
        name, where, meaning = Ref{Ptr{Cchar}}(C_NULL), Ref{Ptr{Cchar}}(C_NULL), Ref{Ptr{Cchar}}(C_NULL)
        value, limit, above, passed = Ref{Float64}(0), Ref{Float64}(0), Ref{Int32}(0), Ref{Int32}(0)
        check(LibSgmc.sgmc_draws_check(d, i, name, value, limit, above, passed, where, meaning))
        (name = Symbol(unsafe_string(name[])), value = value[], limit = limit[],
         fails_above = above[] != 0, passed = passed[] != 0, where = unsafe_string(where[]),
         meaning = unsafe_string(meaning[]))
    end
    return (trusted = trusted[] != 0, reasons = String(buf[1:end-1]), checks = checks)
end

# "verdict: trusted (7 checks pass)" or "verdict: NOT trusted (2 of 7
# checks fail: rhat, ess_bulk)".
function _verdict_line(v)
    n = length(v.checks)
    v.trusted && return "verdict: trusted ($n checks pass)"
    failed = [string(c.name) for c in v.checks if !c.passed]
    return "verdict: NOT trusted ($(length(failed)) of $n checks fail: $(join(failed, ", ")))"
end

# sample_chains, resume, run! and AbstractMCMC.sample end here: a warning
# when a check fails.
function _warn_untrusted(d::Draws)
    d.n_chains == 0 && return d
    v = verdict(d)
    v.trusted || @warn "do not trust this run's estimates (Sgmc.verdict)" reasons = v.reasons
    return d
end
