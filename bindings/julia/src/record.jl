# Named columns and statistics of draws (`sgmc_draws_column_*` and
# `sgmc_draws_stat_*`): whatever the sampler recorded beside its draws, read
# without knowing its family, so a part the library adds is readable here
# without a new function (docs/runs.md lists them).

"""
    Sgmc.columns(draws) -> Vector{String}

The names of the columns (one value per draw) of these draws: `"energy"`,
`"step"`, and those of their sampler (`"cycle"`, `"subregion"`,
`"log_weight"`, ...). Read one with [`Sgmc.column`](@ref).
"""
columns(d::Draws) = _part_names(d, LibSgmc.sgmc_draws_column_count, LibSgmc.sgmc_draws_column_name)

"""
    Sgmc.statistics(draws) -> Vector{String}

The names of the statistics (per chain) of these draws: `"temperature"`,
`"iterations"`, `"faults"`, `"step_size"`, and those of their sampler
(`"friction"`, `"theta"`, `"contour_m"`, `"mhbt_accepted"`,
`"swap_attempts"`, ...) and of an automatic warm-up (`"warm_up_windows"`,
`"warm_up_curvature"`, ...: what it measured to choose the step size when
the option `step_size` was not set). Read one with
[`Sgmc.statistic`](@ref).
"""
statistics(d::Draws) = _part_names(d, LibSgmc.sgmc_draws_stat_count, LibSgmc.sgmc_draws_stat_name)

"""
    Sgmc.column(draws, name, chain = 1) -> Vector or Matrix

Column `name` (a String or Symbol) of one chain: one value per draw, of
`Int64` or `Float64` as the library records it (a draws × values matrix
for a column of several values per draw).
"""
column(d::Draws, name::Union{AbstractString,Symbol}, chain::Integer = 1) =
    _part(d, String(name), chain, LibSgmc.sgmc_draws_column_shape, LibSgmc.sgmc_draws_copy_column,
          LibSgmc.sgmc_draws_copy_column_int, :cols)

"""
    Sgmc.statistic(draws, name, chain = 1) -> number, Vector or Matrix

Statistic `name` (a String or Symbol) of one chain: a number, a vector
(`"theta"`, `"swap_attempts"`) or a matrix (`"theta_trace"`: a row per
theta kept). Those of a whole run (`"swap_attempts"`, `"cycles"`) read the
same from every chain.
"""
statistic(d::Draws, name::Union{AbstractString,Symbol}, chain::Integer = 1) =
    _part(d, String(name), chain, LibSgmc.sgmc_draws_stat_shape, LibSgmc.sgmc_draws_copy_stat,
          LibSgmc.sgmc_draws_copy_stat_int, :rows)

function _part_names(d::Draws, count, name)
    n = Ref{Int64}(0)
    check(count(d, n))
    p = Ref{Ptr{Cchar}}(C_NULL)
    return [(check(name(d, i, p)); unsafe_string(p[])) for i in 0:(n[]-1)]
end

# single: the dimension (:rows or :cols) that, when 1, makes the values a
# vector, or a number when both are 1 and single is :rows.
function _part(d::Draws, name::String, chain::Integer, shape, copy, copy_int, single::Symbol)
    k = _chain_arg(d, chain)
    type = Ref{LibSgmc.sgmc_value_type}(LibSgmc.SGMC_VALUE_DOUBLE)
    rows = Ref{Int64}(0)
    cols = Ref{Int64}(0)
    check(shape(d, k, name, type, rows, cols))
    int = type[] == LibSgmc.SGMC_VALUE_INT64
    buf = Vector{int ? Int64 : Float64}(undef, rows[] * cols[])
    check((int ? copy_int : copy)(d, k, name, buf, length(buf)))
    single === :rows && rows[] == 1 && cols[] == 1 && return buf[1]
    (single === :rows ? rows[] : cols[]) == 1 && return buf
    # The C layout is row after row: the transpose of Julia's column-major.
    return permutedims(reshape(buf, cols[], rows[]))
end
