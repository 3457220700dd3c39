"""
    Sgmc.Options(; key = value, ...)

A set of sampler options (an `sgmc_options` handle released by a
finalizer). Every keyword is one option of `docs/options.md`; its type comes
from `sgmc_option_type_of`, so `n_steps = 1000`, `step_size = 1e-3` and
`sampler = :sghmc` (a `Symbol` or a string) all work. `theta0 = v` sets the
contour samplers' initial theta (`sgmc_options_set_theta0`). A bad key or
value throws an [`SgmcError`](@ref) naming it.
"""
mutable struct Options
    ptr::Ptr{LibSgmc.sgmc_options}
    function Options(ptr::Ptr{LibSgmc.sgmc_options})
        o = new(ptr)
        _owns!(o, LibSgmc.sgmc_options_destroy)
        return o
    end
end

function Options(; kwargs...)
    ref = Ref{Ptr{LibSgmc.sgmc_options}}(C_NULL)
    check(LibSgmc.sgmc_options_create(ref))
    o = Options(ref[])
    for (key, value) in kwargs
        setoption!(o, key, value)
    end
    return o
end

Base.unsafe_convert(::Type{Ptr{LibSgmc.sgmc_options}}, o::Options) = o.ptr

function Base.copy(o::Options)
    ref = Ref{Ptr{LibSgmc.sgmc_options}}(C_NULL)
    check(LibSgmc.sgmc_options_clone(ref, o))
    return Options(ref[])
end

Base.deepcopy_internal(o::Options, ::IdDict) = copy(o)

"""
    option_type(key) -> :int, :double or :string

The type of option `key`; throws [`SgmcError`](@ref) for an unknown key.
"""
function option_type(key)
    t = Ref{LibSgmc.sgmc_option_type}(0)
    check(LibSgmc.sgmc_option_type_of(string(key), t))
    t[] == LibSgmc.SGMC_OPTION_INT && return :int
    t[] == LibSgmc.SGMC_OPTION_DOUBLE && return :double
    return :string
end

"""
    setoption!(options, key, value) -> options

Sets one option, converting `value` to the option's type.
"""
function setoption!(o::Options, key, value)
    k = string(key)
    k == "theta0" && return settheta0!(o, value)
    t = option_type(k)
    if t === :int
        (value isa Real && isinteger(value)) ||
            throw(ArgumentError("option '$k' takes an integer, got $(repr(value))"))
        check(LibSgmc.sgmc_options_set_int(o, k, Int64(value)))
    elseif t === :double
        value isa Real ||
            throw(ArgumentError("option '$k' takes a real number, got $(repr(value))"))
        check(LibSgmc.sgmc_options_set_double(o, k, Float64(value)))
    else
        check(LibSgmc.sgmc_options_set_string(o, k, string(value)))
    end
    return o
end

"""
    settheta0!(options, theta0) -> options

The contour samplers' initial theta: `m` positive values summing to 1 (`m`
must equal the option `contour_m`); `nothing` restores the uniform default.
"""
function settheta0!(o::Options, theta0)
    if theta0 === nothing
        check(LibSgmc.sgmc_options_set_theta0(o, C_NULL, 0))
    else
        v = Vector{Float64}(theta0)
        check(LibSgmc.sgmc_options_set_theta0(o, v, length(v)))
    end
    return o
end

"""
    getoption(options, key)

The value of option `key` (its default when unset), as an `Int64`, a
`Float64` or a `String`.
"""
function getoption(o::Options, key)
    k = string(key)
    t = option_type(k)
    if t === :int
        r = Ref{Int64}(0)
        check(LibSgmc.sgmc_options_get_int(o, k, r))
        return r[]
    elseif t === :double
        r = Ref{Cdouble}(0)
        check(LibSgmc.sgmc_options_get_double(o, k, r))
        return r[]
    else
        r = Ref{Cstring}()
        check(LibSgmc.sgmc_options_get_string(o, k, r))
        return unsafe_string(r[])
    end
end

"""
    option_info() -> Vector of (name, type, doc)

Every option key with its type (`:int`, `:double`, `:string`) and a
one-line description.
"""
function option_info()
    out = NamedTuple{(:name, :type, :doc),Tuple{String,Symbol,String}}[]
    for i in 0:(LibSgmc.sgmc_option_count() - 1)
        name = Ref{Cstring}()
        type = Ref{LibSgmc.sgmc_option_type}(0)
        doc = Ref{Cstring}()
        check(LibSgmc.sgmc_option_info(i, name, type, doc))
        t = type[] == LibSgmc.SGMC_OPTION_INT ? :int :
            type[] == LibSgmc.SGMC_OPTION_DOUBLE ? :double : :string
        push!(out, (name = unsafe_string(name[]), type = t, doc = unsafe_string(doc[])))
    end
    return out
end
