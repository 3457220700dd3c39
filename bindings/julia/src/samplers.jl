# What the library says about its samplers and options at run time
# (sgmc_sampler_in_family, sgmc_option_resumable): the package keeps no list
# of samplers or of resumable options, so a new one needs no change here.

# True when the sampler named `sampler` belongs to `family`
# (LibSgmc.SGMC_FAMILY_CONTOUR, ...).
function _in_family(sampler::AbstractString, family::LibSgmc.sgmc_sampler_family)
    member = Ref{Int32}(0)
    check(LibSgmc.sgmc_sampler_in_family(sampler, family, member))
    return member[] == 1
end

# The options a resumed run may change, as Symbols, in the library's order.
function _resumable_options()
    keys = Symbol[]
    for (name, _, _) in option_info()
        flag = Ref{Int32}(0)
        check(LibSgmc.sgmc_option_resumable(name, flag))
        flag[] == 1 && push!(keys, Symbol(name))
    end
    return keys
end
