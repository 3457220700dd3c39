# What each chain ran with, shown with the draws as the sgmc program's line
# says it: the step size, SGHMC's friction, pSGLD's RMSprop decay, and what
# an automatic warm-up (docs/warm_up.md) measured to choose them. The values
# themselves are statistics of the draws ("step_size", "friction",
# "rms_decay", "warm_up_*"; docs/runs.md), read with Sgmc.statistic.

function Base.show(io::IO, ::MIME"text/plain", d::Draws)
    show(io, d)
    line = _settings_line(d)
    line === nothing || print(io, "\n  ", line)
    d.n_chains > 0 && print(io, "\n  ", _verdict_line(verdict(d)), " (Sgmc.verdict)")
    return nothing
end

# "step_size 0.001, friction 0.05" as set, or "warm-up: step_size 0.00012
# (chains 0.00011 .. 0.00013), friction 0.12, search 150 iterations
# (converged), 11 windows" as an automatic warm-up chose them; nothing
# without chains.
function _settings_line(d::Draws)
    d.n_chains == 0 && return nothing
    names = statistics(d)
    per_chain(name) = [statistic(d, name, c) for c in 1:d.n_chains]
    short(x) = string(round(x; sigdigits = 2))
    # MHBT's random walk: its delta is its step.
    step = "rw_scale" in names ? "rw_scale" : "step_size"
    line = step * " " * _median_span(per_chain(step), short)
    if "friction" in names
        line *= ", friction " * _median_span(per_chain("friction"), short)
    end
    if "rms_decay" in names  # the pSGLD samplers: 0.999 when the run chose its step
        line *= ", rms_decay " * _span(per_chain("rms_decay"), x -> string(round(x; sigdigits = 4)))
    end
    if "warm_up_acceptance" in names
        line *= ", acceptance " * _median_span(per_chain("warm_up_acceptance"), short)
    end
    if "temperature_max" in names  # resgld: the ladder's top, set or chosen
        line *= ", temperature_max " * string(round(statistic(d, "temperature_max", 1); sigdigits = 3))
    end
    "warm_up_curvature" in names || return line
    k = count(!=(0), per_chain("warm_up_search_converged"))
    search = k == d.n_chains ? "converged" : k == 0 ? "not converged" :
             "converged in $k of $(d.n_chains) chains"
    return "warm-up: $line, search $(_span(per_chain("warm_up_search_steps"), string)) iterations " *
           "($search), $(_span(per_chain("warm_up_windows"), string)) windows"
end

# "x" when the chains agree (as `fmt` writes them), else "min .. max".
function _span(v, fmt)
    low, high = fmt(minimum(v)), fmt(maximum(v))
    return low == high ? low : low * " .. " * high
end

# "x", or the median "x (chains min .. max)" when the chains differ.
function _median_span(v, fmt)
    range = _span(v, fmt)
    range == fmt(minimum(v)) && return range
    return fmt(sort(v)[length(v) ÷ 2 + 1]) * " (chains " * range * ")"
end
