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
    check(status) -> status

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
