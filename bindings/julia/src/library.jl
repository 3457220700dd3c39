# Where libsgmc is, and the check that it is the library this package was
# generated for. The path is a preference of Sgmc (Preferences.jl), read
# when the package is precompiled: a change recompiles the package.

"""
    Sgmc.libsgmc

The libsgmc that Sgmc calls: the path saved by [`Sgmc.set_library!`](@ref)
(the preference `libsgmc` of Sgmc, in the `LocalPreferences.toml` of the
project that was active then), else `"libsgmc"`, which the system's dynamic
loader finds (`LD_LIBRARY_PATH`, `ldconfig`'s cache, an install prefix).
Fixed when the package is precompiled; `using Sgmc` checks that it loads and
that its version agrees ([`Sgmc.library_problem`](@ref)).
"""
const libsgmc = @load_preference("libsgmc", "libsgmc")

const _FIX = "Build sgmc (`cmake --build build --target sgmc`) or install it, then run " *
             "`Sgmc.set_library!(\"/path/to/libsgmc.so\")` and restart Julia"

_version(n::Integer) = VersionNumber(n ÷ 10000, n ÷ 100 % 100, n % 100)

# docs/stability.md: the same MAJOR and, from 1.0 on, at least the MINOR of
# the header the wrappers were generated from; before 1.0 minor versions may
# break, so the MINOR must be the same.
function _compatible(have::VersionNumber, want::VersionNumber)
    have.major == want.major || return false
    return want.major == 0 ? have.minor == want.minor : have.minor >= want.minor
end

"""
    Sgmc.library_problem(lib = Sgmc.libsgmc) -> Union{String,Nothing}

What is wrong with the libsgmc at `lib` (a path, or a name for the dynamic
loader), or `nothing`: it must load (`dlopen`) and have the version of the
header `sgmc.h` that `LibSgmc` was generated from (the same MAJOR.MINOR
before 1.0; docs/stability.md). The message names the path tried and what
to do. `using Sgmc` logs it as an error; [`Sgmc.set_library!`](@ref) refuses
such a library.
"""
function library_problem(lib::AbstractString = libsgmc)
    origin = lib == libsgmc && @has_preference("libsgmc") ?
             "the preference \"libsgmc\" of Sgmc, set by Sgmc.set_library!" :
             lib == libsgmc ? "the default: no preference \"libsgmc\" is set" : "the path given"
    handle = try
        Libdl.dlopen(lib)
    catch err
        return "Sgmc cannot load libsgmc from $(repr(lib)) ($origin): $(sprint(showerror, err)). $_FIX."
    end
    path = Libdl.dlpath(handle)
    sym = Libdl.dlsym(handle, :sgmc_version_number; throw_error = false)
    sym === nothing &&
        return "$(repr(path)) ($origin) is not libsgmc: it has no function sgmc_version_number. $_FIX."
    have = _version(ccall(sym, Int32, ()))  # sgmc_version_number
    want = _version(LibSgmc.SGMC_VERSION_NUMBER)
    _compatible(have, want) && return nothing
    needs = want.major == 0 ? "$(want.major).$(want.minor).x" :
            "$(want.major).$(want.minor).x or a later $(want.major).x"
    return "$(repr(path)) ($origin) is libsgmc $have, but this Sgmc was generated from sgmc.h " *
           "$want and needs libsgmc $needs. $_FIX, or regenerate the wrappers " *
           "(`python3 bindings/julia/gen/generate.py`) for that header."
end

"""
    Sgmc.set_library!(path) -> String
    Sgmc.set_library!(nothing)

Makes Sgmc call the libsgmc at `path` from the next Julia session on:
checks that it loads and has the right version ([`Sgmc.library_problem`](@ref);
an `ArgumentError` with its message otherwise), then saves it, made
absolute when it names an existing file, as the preference `libsgmc` of
Sgmc in the active project's `LocalPreferences.toml`. A name without a
directory (`"libsgmc.so.0"`) is left to the system's dynamic loader.
`nothing` deletes the preference: back to `"libsgmc"` on the loader's search
path. Restart Julia afterwards: the path is compiled into the package
([`Sgmc.libsgmc`](@ref)).

A path opens that very file, so the loader does not choose among libsgmc's
copies per instruction-set level (docs/building.md): name the copy for this
CPU (`lib/glibc-hwcaps/x86-64-v3/libsgmc.so.0` where it runs AVX2 and FMA)
or leave libsgmc to the loader's search path. The message says which copy
`path` is (`sgmc_isa_level`).

```julia
julia> Sgmc.set_library!("build/capi/libsgmc.so")
[ Info: Sgmc will load libsgmc (baseline copy) from "/home/me/sgmc/build/capi/libsgmc.so": restart Julia
```
"""
function set_library!(path::AbstractString)
    lib = isfile(path) ? abspath(path) : String(path)
    problem = library_problem(lib)
    problem === nothing || throw(ArgumentError("Sgmc.set_library!(path = $(repr(path))): " * problem))
    @set_preferences!("libsgmc" => lib)
    level = ccall(Libdl.dlsym(Libdl.dlopen(lib), :sgmc_isa_level), Cstring, ())  # sgmc_isa_level
    @info "Sgmc will load libsgmc ($(unsafe_string(level)) copy) from $(repr(lib)): restart Julia"
    return lib
end

function set_library!(::Nothing)
    @delete_preferences!("libsgmc")
    @info "Sgmc will load \"libsgmc\" from the dynamic loader's search path: restart Julia"
    return nothing
end
