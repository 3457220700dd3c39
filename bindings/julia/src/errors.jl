"""
    SgmcError <: Exception

A failed call of libsgmc: `status` (negative, one of the `SGMC_ERROR_*`
values), its `name` (e.g. `"SGMC_ERROR_INVALID_ARGUMENT"`) and the `message`
of `sgmc_last_error()`, which names the offending argument and its value.
"""
struct SgmcError <: Exception
    status::Cint
    name::String
    message::String
end

function SgmcError(status::Integer)
    s = Cint(status)
    return SgmcError(s, unsafe_string(LibSgmc.sgmc_status_name(s)),
                     unsafe_string(LibSgmc.sgmc_last_error()))
end

function Base.show(io::IO, e::SgmcError)
    print(io, "SgmcError(", e.name, ", ", repr(e.message), ")")
end

Base.showerror(io::IO, e::SgmcError) = print(io, "SgmcError: ", e.name, ": ", e.message)

"""
    SgmcFault <: Exception

A run stopped by a fault of the model (docs/faults.md): an exception of a
Julia model function, a NaN or infinite energy or gradient, or a C model's
error, under `on_fault = "error"` or after `max_consecutive_faults` faults of
one chain in a row under `"reject"`. `status` and `name` are those of the C
library (`SGMC_ERROR_CALLBACK` or `SGMC_ERROR_NONFINITE`), `message` names
the chain (0-based), the step and the cause, `draws` holds the
[`Sgmc.Draws`](@ref) made before the fault (chains that stopped early have fewer
draws: [`draw_count`](@ref)), and `cause` the Julia exception that the model
function threw (`nothing` otherwise).
"""
struct SgmcFault <: Exception
    status::Cint
    name::String
    message::String
    draws::Any  # Draws (defined later)
    cause::Any
end

# The fault of a call that failed with `status` and returned draws: reads
# sgmc_last_error() first (call it right after the failing call, on the
# same thread), then makes the draws with make_draws().
function _fault(status::Integer, make_draws, cause)
    s = Cint(status)
    name = unsafe_string(LibSgmc.sgmc_status_name(s))
    message = unsafe_string(LibSgmc.sgmc_last_error())
    return SgmcFault(s, name, message, make_draws(), cause)
end

Base.show(io::IO, e::SgmcFault) =
    print(io, "SgmcFault(", e.name, ", ", repr(e.message), ")")

function Base.showerror(io::IO, e::SgmcFault)
    print(io, "SgmcFault: ", e.name, ": ", e.message)
    e.cause === nothing || print(io, "\ncaused by: ", sprint(showerror, e.cause))
    e.draws === nothing || print(io, "\nthe draws made before the fault are in the exception's `draws`")
end

"""
    Sgmc.check(status) -> status

Throws an [`SgmcError`](@ref) carrying `sgmc_last_error()` when `status` is
an error (negative); returns `status` (`SGMC_OK` or `SGMC_CANCELLED`)
otherwise. Call it right after the failing call, on the same thread: the
message is thread-local.
"""
@inline function check(status::Integer)
    status < 0 && throw(SgmcError(status))
    return status
end

# Makes `obj` release its handle `obj.ptr` with `destroy` (a `sgmc_*_destroy`,
# which accepts NULL) when the garbage collector frees it.
function _owns!(obj, destroy)
    finalizer(obj) do x
        destroy(x.ptr)
        x.ptr = C_NULL
    end
    return obj
end
