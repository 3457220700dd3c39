# Tests of Sgmc.jl for Julia users (CI has no Julia: it checks the generated
# layer, the ccall types and the syntax instead). Run from bindings/julia:
#
#     julia --project -e 'using Sgmc; Sgmc.set_library!("/path/to/build/capi/libsgmc.so")'
#     julia --project -e 'using Pkg; Pkg.test()'
using Sgmc
using Sgmc: LibSgmc
# The public names that Sgmc does not export (it exports only those that can
# mean nothing but sgmc's), imported by name as a user would.
using Sgmc: Data, Options, Draws, Run, Chain, target, gaussian, logistic, linear, read_csv,
            dimension, data_size, positions, energies, theta, cycles, resample, convergence,
            faults, draws, resume, run!, step!, steps_done, current_position, save_chain,
            load_chain
using AbstractMCMC
using Libdl
using LogDensityProblems
using MCMCChains
using Random
using Statistics
using Test

# N(mu, diag(s²)) in d = 2, data-free: the energy and its gradient in Julia.
const MU = [1.0, -2.0]
const SD = [1.0, 0.5]

function gauss_energy(batch_grad, prior_grad, x, batch)
    z = (x .- MU) ./ SD
    prior_grad .= z ./ SD
    return (0.0, 0.5 * sum(abs2, z))
end

gauss_c() = gaussian(MU, [SD[1]^2 0.0; 0.0 SD[2]^2])
gauss_julia() = JuliaModel(gauss_energy; dim = 2)

# The same Gaussian as a LogDensityProblems log density, and as the Julia
# model of one datum that JuliaModel(::LogDensityModel) makes of it: the
# same numbers (negated twice), so the same draws, bit for bit.
struct GaussLogDensity end
LogDensityProblems.capabilities(::Type{GaussLogDensity}) = LogDensityProblems.LogDensityOrder{1}()
LogDensityProblems.dimension(::GaussLogDensity) = 2
LogDensityProblems.logdensity(::GaussLogDensity, x) = -(0.5 * sum(abs2, (x .- MU) ./ SD))
function LogDensityProblems.logdensity_and_gradient(::GaussLogDensity, x)
    z = (x .- MU) ./ SD
    return (-(0.5 * sum(abs2, z)), .-(z ./ SD))
end

function gauss_datum(batch_grad, prior_grad, x, batch)
    z = (x .- MU) ./ SD
    batch_grad .= z ./ SD
    return (0.5 * sum(abs2, z), 0.0)
end
gauss_julia1() = JuliaModel(gauss_datum; dim = 2, data_size = 1)

# A log density without gradients, and one that is -Inf for x[1] < 0.
struct NoGradient end
LogDensityProblems.capabilities(::Type{NoGradient}) = LogDensityProblems.LogDensityOrder{0}()
LogDensityProblems.dimension(::NoGradient) = 1
LogDensityProblems.logdensity(::NoGradient, x) = -x[1]^2 / 2

struct HalfNormal end
LogDensityProblems.capabilities(::Type{HalfNormal}) = LogDensityProblems.LogDensityOrder{1}()
LogDensityProblems.dimension(::HalfNormal) = 1
LogDensityProblems.logdensity_and_gradient(::HalfNormal, x) =
    x[1] < 0 ? (-Inf, [NaN]) : (-x[1]^2 / 2, [-x[1]])

# A Julia model run by the C driver (sgmc_sample) through its @cfunction
# callback: the same numbers as its ask/tell run, so the same draws, bit for bit.
function callback_draws(m::JuliaModel, x0::Vector{Float64}; kw...)
    o = Options(; kw...)
    ref = Ref{Ptr{LibSgmc.sgmc_draws}}(C_NULL)
    Sgmc._call_with_model(m) do
        LibSgmc.sgmc_sample(ref, m, o, x0, length(x0), C_NULL, C_NULL)
    end
    return Draws(ref[], getoption(o, "sampler"), m)
end

caught(f) = try
    f()
    nothing
catch e
    e
end

# Moments within Monte Carlo tolerance: 5 standard errors of correlated draws
# (the effective sample size from the library's bulk ESS).
function check_moments(x::AbstractMatrix; mean_tol = 5, var_rtol = 0.25)
    for j in 1:2
        v = x[:, j]
        ess = max(Sgmc.convergence(reshape(v, :, 1); stat = :ess_bulk), 10.0)
        se = SD[j] / sqrt(ess)
        @test abs(mean(v) - MU[j]) < mean_tol * se + 0.05 * SD[j]
        @test isapprox(var(v), SD[j]^2; rtol = var_rtol)
    end
end

@testset "Sgmc.jl" begin
    @testset "library and generated layer" begin
        @test Sgmc.version() == VersionNumber(LibSgmc.SGMC_VERSION_MAJOR, LibSgmc.SGMC_VERSION_MINOR,
                                              LibSgmc.SGMC_VERSION_PATCH)
        @test LibSgmc.sgmc_version_number() == LibSgmc.SGMC_VERSION_NUMBER
        @test unsafe_string(LibSgmc.sgmc_status_name(LibSgmc.SGMC_ERROR_NONFINITE)) == "SGMC_ERROR_NONFINITE"
        @test length(option_info()) == LibSgmc.sgmc_option_count()
        # Families and resumable options come from the library, not from lists here.
        @test Sgmc._in_family("icsghmc", LibSgmc.SGMC_FAMILY_INTERACTING)
        @test Sgmc._in_family("ksgld", LibSgmc.SGMC_FAMILY_CONTOUR)
        @test !Sgmc._in_family("ksgld", LibSgmc.SGMC_FAMILY_INTERACTING)
        @test Sgmc._in_family("cycsghmc", LibSgmc.SGMC_FAMILY_CYCLICAL)
        @test_throws SgmcError Sgmc._in_family("hmc", LibSgmc.SGMC_FAMILY_CONTOUR)
        @test Sgmc._resumable_options() == [:threads, :progress_every, :checkpoint_file, :checkpoint_every]
        # The library found: loads, and its version agrees; other ones are
        # refused with the path tried and what to run.
        @test Sgmc.library_problem() === nothing
        p = Sgmc.library_problem("/no/such/dir/libsgmc.so")
        @test occursin("\"/no/such/dir/libsgmc.so\"", p) && occursin("Sgmc.set_library!(", p)
        libm = Libdl.dlpath(Libdl.dlopen("libm.so.6"))
        @test occursin("is not libsgmc", Sgmc.library_problem(libm))
        err = caught(() -> Sgmc.set_library!("/no/such/dir/libsgmc.so"))
        @test err isa ArgumentError && occursin("path = \"/no/such/dir/libsgmc.so\"", err.msg)
        # A good library is saved as the preference of the active project
        # (a throw-away one here), and `nothing` deletes it.
        mktempdir() do dir
            active = Base.ACTIVE_PROJECT[]
            Base.ACTIVE_PROJECT[] = joinpath(dir, "Project.toml")
            try
                lib = Libdl.dlpath(Libdl.dlopen(Sgmc.libsgmc))
                @test (@test_logs (:info, r"restart Julia") Sgmc.set_library!(lib)) == lib
                @test occursin(repr(lib), read(joinpath(dir, "LocalPreferences.toml"), String))
                @test_logs (:info, r"restart Julia") Sgmc.set_library!(nothing)
                @test !occursin(repr(lib), read(joinpath(dir, "LocalPreferences.toml"), String))
            finally
                Base.ACTIVE_PROJECT[] = active
            end
        end
        @test Sgmc._compatible(v"0.1.3", v"0.1.0") && !Sgmc._compatible(v"0.2.0", v"0.1.0")
        @test Sgmc._compatible(v"1.3.0", v"1.2.0") && !Sgmc._compatible(v"1.1.0", v"1.2.0")
        @test !Sgmc._compatible(v"2.0.0", v"1.2.0")
    end

    @testset "exports: only the names that can mean nothing but sgmc's" begin
        for name in (:SGLD, :SGHMC, :Sampler, :CSGLD, :Model, :Data, :Options, :check, :target,
                     :linear, :positions, :resample, :step!)
            @test !Base.isexported(Sgmc, name)
            @test name in Sgmc._PUBLIC
        end
        @test Base.isexported(Sgmc, :sample_chains) && Base.isexported(Sgmc, :JuliaModel)
        # Every exported and every public name is defined and documented.
        meta = Base.Docs.meta(Sgmc)
        for name in (setdiff(names(Sgmc), (:Sgmc, :LibSgmc))..., Sgmc._PUBLIC...)
            @test isdefined(Sgmc, name)
            @test haskey(meta, Base.Docs.Binding(Sgmc, name))
        end
        if VERSION >= v"1.11.0-DEV.469"
            @test all(name -> Base.ispublic(Sgmc, name), Sgmc._PUBLIC)
        end
    end

    @testset "options" begin
        o = Options(sampler = :sghmc, step_size = 1e-2, n_steps = 10, friction = 0.2)
        @test getoption(o, :sampler) == "sghmc"
        @test getoption(o, "n_steps") == 10
        @test getoption(o, :step_size) == 1e-2
        @test option_type(:n_steps) === :int
        @test getoption(copy(o), :friction) == 0.2
        err = try
            Options(step_size = -1.0)
        catch e
            e
        end
        @test err isa SgmcError
        @test err.status == LibSgmc.SGMC_ERROR_INVALID_ARGUMENT
        @test occursin("step_size", err.message)
        @test_throws SgmcError Options(no_such_option = 1)
        @test_throws SgmcError Options(sampler = "no_such_sampler")
        @test_throws ArgumentError Options(n_steps = 1.5)
        @test_throws ArgumentError Options(step_size = "big")
    end

    @testset "$name on a Gaussian (built-in model)" for (name, opts) in (
            (:sgld, (step_size = 0.02,)),
            (:psgld, (step_size = 0.005,)),
            (:sghmc, (step_size = 0.01, friction = 0.2)),
            (:cycsgld, (step_size = 0.05, cycles = 4)),
            (:cycsghmc, (step_size = 0.02, cycles = 4, friction = 0.2)))
        d = sample_chains(gauss_c(), MU; sampler = name, n_steps = 40000, burn_in = 4000,
                          seed = 11, opts...)
        check_moments(positions(d))
    end

    @testset "precondition = dense on an ill-conditioned Gaussian" begin
        sds = [1.0, 100.0]
        S2 = [sds[i] * sds[j] * (i == j ? 1.0 : 0.99) for i in 1:2, j in 1:2]
        m2 = [2.0, -50.0]
        # the smallest eigenvalue of the 2 x 2 covariance
        lambda_min = (S2[1, 1] + S2[2, 2]) / 2 - sqrt(((S2[1, 1] - S2[2, 2]) / 2)^2 + S2[1, 2]^2)
        step = 0.02 * lambda_min
        d = sample_chains(gaussian(m2, S2), zeros(2); sampler = :sgld, step_size = step,
                          n_steps = 60_000, burn_in = 10_000, thin = 5, n_chains = 2, seed = 12,
                          precondition = "dense")
        x = vcat((positions(d, c) for c in 1:2)...)
        ess = convergence(d; stat = :ess_bulk)
        @test all(abs.(vec(sum(x; dims = 1)) ./ size(x, 1) .- m2) .< 4 .* sds ./ sqrt.(ess))
        err = try
            sample_chains(gaussian(m2, S2), zeros(2); sampler = :sgld, step_size = step,
                          n_steps = 1000, precondition = "dense")
            nothing
        catch e
            e
        end
        @test err isa SgmcError && occursin("'burn_in' = 0", err.message)
    end

    @testset "contour samplers: weighted moments" for name in (:csgld, :csghmc, :pcsgld)
        d = sample_chains(gauss_c(), MU; sampler = name, step_size = 0.01, n_steps = 40000,
                          burn_in = 4000, contour_m = 40, contour_u1 = 0.0, contour_du = 0.25,
                          contour_zeta = 0.5, seed = 5)
        w = weighted_moments(d)
        @test all(abs.(w.mean .- MU) .< 0.15 .* SD .+ 0.05)
        @test all(isapprox.(w.variance, SD .^ 2; rtol = 0.3))
        lw = log_weights(d)
        @test length(lw) == d.n_draws && all(isfinite, lw)
        @test sum(theta(d)) ≈ 1
        @test all(1 .<= contour_index(d) .<= 40)
        idx = resample(d, 1000)
        @test issorted(idx) && all(1 .<= idx .<= d.n_draws)
    end

    @testset "contour samplers: automatic partition and verdict" begin
        # mix1d with the partition chosen by the pilot: converged, and the
        # right mode's pooled weighted mass 0.6. Seed 2: a right run the
        # verdict passes on the baseline and x86-64-v3 copies of libsgmc
        # (tests/c/test_capi_contour_verdict.c).
        d = sample_chains(target(:mix1d), [0.0]; sampler = :icsgld, step_size = 0.1,
                          n_steps = 200_000, n_chains = 4, thin = 10, seed = 2)
        p = contour_partition(d, 1)
        @test p.automatic && p.pilot_steps == 40_000 && p.m >= 4
        @test 1.43 < p.u1 < 3                      # above mix1d's lowest energy
        @test all(contour_partition(d, c).u1 == p.u1 for c in 2:4)  # one shared partition
        v = contour_verdict(d)
        @test v.converged && v.reasons == ""
        # The run's verdict adds how far the open top subregion moves the
        # estimates, over the one theta the chains share.
        top = only(filter(c -> c.name == :contour_top_influence, Sgmc.verdict(d).checks))
        @test top.passed && top.limit == 0.05 && top.where == "all chains (shared theta)"
        g = contour_diagnostics(d)
        @test keys(g) == (:theta_max, :visit_tv, :multiplier_out, :theta_drift, :kish_share,
                          :weighted_rhat, :weighted_ess)
        @test all(c -> c.fails_above ? g[c.name] <= c.limit : g[c.name] >= c.limit, contour_checks())
        w = pooled_weighted_moments(d)
        @test 0.6 * 4 - 0.4 * 6 - 0.5 < w.mean[1] < 0.6 * 4 - 0.4 * 6 + 0.5
        # A thin lump at u1: a warning with the reasons, and the verdict says so.
        lump = (sampler = :csgld, step_size = 0.1, n_steps = 200_000, contour_u1 = 1.0,
                contour_du = 0.1, contour_m = 60, n_chains = 1, seed = 1)
        bad = @test_logs (:warn, r"do not trust") sample_chains(target(:mix1d), [0.0]; lump...)
        vb = contour_verdict(bad)
        @test !vb.converged && occursin("chain 0: theta_max = ", vb.reasons)
        pb = contour_partition(bad)
        @test !pb.automatic && pb.u1 == 1.0 && pb.du == 0.1 && pb.m == 60 && pb.pilot_steps == 0
        # pcsgld without a step_size: the pilot's first stage holds pSGLD's
        # warm-up and gets half the run; with a step_size, a fifth (at least
        # min(2000, n_steps / 2)).
        auto = sample_chains(target(:mix1d), [0.0]; sampler = :pcsgld, n_steps = 10_000,
                             n_chains = 1, seed = 1)
        @test contour_partition(auto).pilot_steps == 5_000
        set = sample_chains(target(:mix1d), [0.0]; sampler = :pcsgld, step_size = 0.1,
                            n_steps = 10_000, n_chains = 1, seed = 1)
        @test contour_partition(set).pilot_steps == 2_000
        # Each chain of csgld chooses its own partition; theta has the chain's m.
        c3 = sample_chains(target(:mix1d), [0.0]; sampler = :csgld, step_size = 0.1,
                           n_steps = 20_000, n_chains = 3, seed = 4)
        for c in 1:3
            @test length(theta(c3, c)) == contour_partition(c3, c).m
        end
        @test isnan(contour_diagnostics(c3, 0).theta_max) && !isnan(contour_diagnostics(c3, 0).weighted_rhat)
        # Bad inputs.
        s = sample_chains(target(:mix1d), [0.0]; sampler = :sgld, n_steps = 100)
        @test_throws SgmcError contour_verdict(s)
        @test_throws SgmcError contour_partition(s)
        @test_throws ArgumentError contour_partition(d, 5)
        @test_throws SgmcError sample_chains(target(:mix1d), [0.0]; sampler = :csgld, n_steps = 20)
        @test_throws SgmcError sample_chains(target(:mix1d), [0.0]; sampler = :csgld, n_steps = 1000,
                                             contour_partition = "auto", contour_u1 = 2.0)
    end

    @testset "KSGLD with a fixed theta0" begin
        d = sample_chains(gauss_c(), MU; sampler = :ksgld, step_size = 0.01, n_steps = 20000,
                          contour_m = 10, contour_du = 1.0, theta0 = fill(0.1, 10), seed = 2)
        @test theta(d) ≈ fill(0.1, 10)
        @test all(isfinite, weighted_moments(d).mean)
    end

    @testset "interacting contour samplers: pooled estimates" begin
        # mix1d = 0.4 N(-6, 1) + 0.6 N(4, 1): mean 0, sd 5. The run of the R
        # package's test-pooled.R (the same draws).
        mix = target(:mix1d; energy_noise_sd = 0.1, grad_noise_sd = 0.1)
        d = sample_chains(mix, [0.0]; sampler = :icsgld, n_chains = 4, step_size = 0.2,
                          n_steps = 200_000, thin = 100, contour_m = 50, contour_u1 = 2.0,
                          contour_du = 1.0, contour_pilot_steps = 2000, seed = 3)
        w = pooled_weighted_moments(d; when = :final)
        # The ESS of the weighted mean: Kish's ESS of the weights, discounted
        # by the autocorrelation of the draws (bulk ESS over their number).
        x = reduce(hcat, (positions(d, c)[:, 1] for c in 1:d.n_chains))
        ess = w.ess * min(1, convergence(x; stat = :ess_bulk) / length(x))
        @test 100 < w.ess <= length(x)
        @test abs(w.mean[1]) < 4 * sqrt(w.variance[1] / ess)
        q = pooled_weighted_quantiles(d, [0.25, 0.75]; when = :final)
        @test size(q) == (2, 1) && q[1, 1] < -4 && q[2, 1] > 3
        # Resampling indexes the draws of all chains, chain 1's first:
        # draw k is picked floor(n w_k) or ceil(n w_k) times, w_k normalised
        # over all chains (1e-6: n w_k summed in another order than in C).
        n = 4000
        idx = pooled_resample(d, n; when = :final, seed = 5)
        @test issorted(idx) && pooled_resample(d, n; when = :final, seed = 5) == idx
        lw = reduce(vcat, (log_weights(d, c; when = :final) for c in 1:d.n_chains))
        p = exp.(lw .- maximum(lw))
        p ./= sum(p)
        picks = zeros(Int, length(p))
        for i in idx
            picks[i] += 1
        end
        @test all(floor.(n .* p .- 1e-6) .<= picks .<= ceil.(n .* p .+ 1e-6))
        @test maximum(idx) > d.n_draws  # not only chain 1
        @test abs(count(vec(x)[idx] .> 0) / n - 0.6) < 4 * sqrt(0.24 / ess)  # the right mode's mass
        @test_throws ArgumentError pooled_resample(d, 0)
        # Chains with a theta each cannot be pooled.
        c = sample_chains(mix, [0.0]; sampler = :csgld, n_chains = 2, step_size = 0.1,
                          n_steps = 2000, contour_m = 50, contour_u1 = 2.0, seed = 1)
        err = try pooled_weighted_moments(c) catch e e end
        @test err isa SgmcError && err.status == LibSgmc.SGMC_ERROR_STATE
        @test_throws SgmcError pooled_weighted_quantiles(c, [0.5])
        @test_throws SgmcError pooled_resample(c, 10)
    end

    @testset "reSGLD: replicas and swap statistics" begin
        d = sample_chains(gauss_c(), MU; sampler = :resgld, n_chains = 3, step_size = 0.02,
                          temperature = 1.0, temperature_max = 4.0, n_steps = 40000,
                          burn_in = 4000, seed = 3)
        check_moments(positions(d, 1))  # chain 1: the lowest temperature, the target
        s = swap_stats(d)
        @test length(s.attempts) == 2 && all(s.attempts .> 0) && all(s.accepts .<= s.attempts)
        t = temperatures(d)
        @test t[1] ≈ 1.0 && t[end] ≈ 4.0
    end

    @testset "named columns and statistics: any sampler's, as its family readers give" begin
        d = sample_chains(gauss_c(), MU; sampler = :resgld, n_chains = 3, step_size = 0.02,
                          temperature_max = 4.0, n_steps = 2000, seed = 3)
        @test Sgmc.columns(d) == ["energy", "step"]
        @test "swap_attempts" in Sgmc.statistics(d)
        @test Sgmc.column(d, :energy, 2) == energies(d, 2)
        @test Sgmc.column(d, "step") == Sgmc.iterations(d)
        @test Sgmc.statistic(d, :swap_attempts, 3) == swap_stats(d).attempts
        @test [Sgmc.statistic(d, :temperature, c) for c in 1:3] == temperatures(d)
        @test Sgmc.statistic(d, :iterations) == 2000
        @test_throws SgmcError Sgmc.column(d, :log_weight)
        c = sample_chains(gauss_c(), MU; sampler = :csgld, step_size = 0.02, n_steps = 2000, seed = 4)
        @test Sgmc.column(c, :log_weight) == log_weights(c)
        @test Sgmc.column(c, :subregion) .+ 1 == contour_index(c)
        @test Sgmc.statistic(c, :theta) == Sgmc.theta(c)
    end

    @testset "the warm-up's choice: statistics, and display" begin
        g = gaussian([1.0, -1.0], [1.0 0.0; 0.0 0.01])
        d = sample_chains(g, zeros(2); sampler = :sghmc, n_chains = 2, n_steps = 2000, seed = 11)
        for name in ("step_size", "friction", "warm_up_search_steps", "warm_up_search_converged",
                     "warm_up_windows", "warm_up_curvature", "warm_up_noise")
            @test name in Sgmc.statistics(d)
        end
        for c in 1:2
            @test Sgmc.statistic(d, :step_size, c) > 0
            @test Sgmc.statistic(d, :friction, c) > 0
            @test Sgmc.statistic(d, :warm_up_search_steps, c) > 0
            @test Sgmc.statistic(d, :warm_up_search_converged, c) in (0, 1)
            @test Sgmc.statistic(d, :warm_up_windows, c) > 0
            @test Sgmc.statistic(d, :warm_up_curvature, c) > 0
            @test Sgmc.statistic(d, :warm_up_noise, c) >= 0
        end
        shown = sprint(show, MIME("text/plain"), d)
        @test occursin(r"\n  warm-up: step_size \S+.*, friction .*, search \d+.* iterations \(.*converged.*\), \d+.* windows\n  verdict: ",
                       shown)
        @test sprint(show, d) == "Sgmc.Draws(sghmc: 2 chains × 1000 draws × dim 2)"
        s = sample_chains(g, zeros(2); sampler = :sgld, step_size = 1e-3, n_chains = 2,
                          n_steps = 2000, seed = 12)
        @test [Sgmc.statistic(s, :step_size, c) for c in 1:2] == [1e-3, 1e-3]
        @test !("warm_up_curvature" in Sgmc.statistics(s)) && !("friction" in Sgmc.statistics(s))
        @test_throws SgmcError Sgmc.statistic(s, :warm_up_curvature)
        @test occursin(")\n  step_size 0.001\n  verdict: ", sprint(show, MIME("text/plain"), s))
        # pSGLD's RMSprop decay: 0.999 with the step chosen, else as set.
        p = sample_chains(g, zeros(2); sampler = :psgld, n_chains = 2, n_steps = 2000, seed = 14)
        @test [Sgmc.statistic(p, :rms_decay, c) for c in 1:2] == [0.999, 0.999]
        @test occursin(r"\n  warm-up: step_size .*, rms_decay 0\.999, search ", sprint(show, MIME("text/plain"), p))
        q = sample_chains(g, zeros(2); sampler = :psgld, step_size = 1e-3, rms_decay = 0.95, n_steps = 2000, seed = 14)
        @test Sgmc.statistic(q, :rms_decay) == 0.95
        @test occursin(")\n  step_size 0.001, rms_decay 0.95\n  verdict: ", sprint(show, MIME("text/plain"), q))
        @test !("rms_decay" in Sgmc.statistics(s))
    end

    @testset "the verdict: trusted runs are quiet, a step too large warns" begin
        # Curvatures 1 and 4: step 0.01 inflates the variance by 2%, step 0.4
        # fivefold in the second coordinate (tests/c/test_capi_verdict.c).
        g = gaussian([0.0, 0.0], [1.0 0.0; 0.0 0.25])
        run(step) = sample_chains(g, zeros(2); sampler = :sgld, step_size = step, n_steps = 60_000,
                                  burn_in = 12_000, n_chains = 4, seed = 3)
        good = @test_logs run(0.01)
        v = Sgmc.verdict(good)
        @test v.trusted && v.reasons == ""
        @test [c.name for c in v.checks] == [:rhat, :ess_bulk, :ess_tail, :energy_drift, :step_bias, :mean_bias, :fault_share]
        @test all(c -> c.passed, v.checks)
        @test occursin("\n  verdict: trusted (7 checks pass)", sprint(show, MIME("text/plain"), good))
        bad = @test_logs (:warn, r"do not trust") run(0.4)
        vb = Sgmc.verdict(bad)
        bias = only(c for c in vb.checks if c.name == :step_bias)
        @test !vb.trusted && !bias.passed && bias.value > 2 && occursin("coordinate 1", bias.where)
        @test MCMCChains.Chains(bad).info.verdict == vb
    end

    @testset "cyclical accessors" begin
        d = sample_chains(gauss_c(), MU; sampler = :cycsgld, step_size = 0.05, cycles = 5,
                          n_steps = 5000, seed = 1)
        @test cycle_count(d) == 5
        c = cycles(d)
        @test issorted(c) && extrema(c) == (1, 5)
        @test sum(cycle_weights(d)) ≈ 1
        @test length(cycle_mean(d)) == 2
    end

    @testset "MHBT on a Gaussian mean (Julia data model)" begin
        y = collect(range(-1.0, 3.0; length = 100))  # mean 1
        function mean_energy(batch_grad, prior_grad, x, batch)
            s = 0.0
            for i in batch
                s += 0.5 * (x[1] - y[i])^2
                batch_grad[1] += x[1] - y[i]
            end
            prior_grad[1] = x[1] / 100
            return (s, x[1]^2 / 200)
        end
        m = JuliaModel(mean_energy; dim = 1, data_size = 100)
        post_var = 1 / (100 + 0.01)
        post_mean = sum(y) * post_var
        # c_n = N with full batches: the exact posterior.
        kw = (sampler = :mhbt, proposal = :random_walk, rw_scale = 0.2, c_n = 100.0,
              n_steps = 40000, burn_in = 2000, n_chains = 1, seed = 8)
        d = sample_chains(m, [1.0]; kw...)
        x = positions(d)[:, 1]
        ess = Sgmc.convergence(reshape(x, :, 1); stat = :ess_bulk)
        @test abs(mean(x) - post_mean) < 5 * sqrt(post_var / ess)
        @test isapprox(var(x), post_var; rtol = 0.25)
        st = mhbt_stats(d)
        @test st.proposed == 40000 && 0.1 < st.acceptance < 0.9
        # AbstractMCMC gives the same chain.
        chn = sample(m, Sgmc.MHBT(; proposal = :random_walk, rw_scale = 0.2, c_n = 100.0, seed = 8,
                                  x0 = [1.0]), 40000; chain_type = Chains, progress = false)
        @test vec(Array(chn[:, Symbol("x[1]"), 1]))[2001:end] ≈ x rtol = 1e-10
    end

    @testset "a Julia model gives the draws of the built-in one, every sampler" begin
        for (name, extra) in ((:sgld, NamedTuple()), (:sghmc, NamedTuple()),
                              (:csgld, (contour_m = 20, contour_u1 = 0.0, contour_du = 0.5)),
                              (:resgld, (n_chains = 3, temperature_max = 4.0)),
                              (:icsgld, (n_chains = 3, contour_m = 20, contour_u1 = 0.0,
                                         contour_du = 0.5)))
            kw = (sampler = name, step_size = 0.01, n_steps = 500, seed = 42, extra...)
            a = sample_chains(gauss_c(), [0.0, 0.0]; kw...)
            b = sample_chains(gauss_julia(), [0.0, 0.0]; kw...)  # a Run asking this thread
            c = callback_draws(gauss_julia(), [0.0, 0.0]; kw...)
            @test b.n_chains == a.n_chains == get(extra, :n_chains, 4)  # n_chains' default
            for k in 1:a.n_chains
                @test positions(b, k) == positions(c, k)
                @test energies(b, k) == energies(c, k)
                @test positions(a, k) ≈ positions(b, k) rtol = 1e-10
            end
            name === :resgld && @test swap_stats(b) == swap_stats(c)
            name === :icsgld && @test theta(b, 1) == theta(c, 1)
            name in (:resgld, :icsgld) && continue  # coupled chains: no chain alone
            chain = Chain(Options(; kw...), gauss_julia(), [0.0, 0.0])  # one chain, ask/tell
            m = gauss_julia()
            xs = reduce(vcat, (step!(chain, m).x' for _ in 1:500))
            @test xs ≈ positions(a) rtol = 1e-10
            @test steps_done(chain) == 500
        end
        # A Run driven by hand: its draws at the end, its progress.
        r = Run(Options(sampler = :resgld, n_chains = 2, temperature_max = 2.0, n_steps = 300,
                        progress_every = 100, seed = 1), gauss_julia(), [0.0, 0.0])
        @test steps_done(r) == 0
        d = run!(r, gauss_julia())
        @test steps_done(r) == 300 && d.n_chains == 2 && d.n_draws == 300
        @test positions(draws(r), 2) == positions(d, 2)
    end

    @testset "AbstractMCMC: sample, several chains, MCMCChains" begin
        sampler = Sgmc.Sampler(:sghmc; step_size = 0.01, friction = 0.2)
        for model in (gauss_c(), gauss_julia())
            chn = sample(Random.Xoshiro(1), model, sampler, 20000; chain_type = Chains,
                         discard_initial = 2000, progress = false)
            @test chn isa Chains
            @test size(chn, 1) == 20000
            check_moments(Array(chn[:, [Symbol("x[1]"), Symbol("x[2]")], 1]))
            @test :energy in names(chn, :internals)
            ts = sample(Random.Xoshiro(1), model, sampler, 100; progress = false)
            @test ts isa Vector{Sgmc.Transition} && length(ts) == 100
            for parallel in (MCMCSerial(), MCMCThreads())
                chns = sample(Random.Xoshiro(2), model, sampler, parallel, 5000, 3;
                              chain_type = Chains, progress = false)
                @test size(chns, 3) == 3
                @test chns[:, Symbol("x[1]"), 1] != chns[:, Symbol("x[1]"), 2]
            end
        end
        # Without a step_size the warm-up runs in the iterations AbstractMCMC
        # discards: as many as are kept, by default.
        auto = sample(Random.Xoshiro(3), gauss_c(), Sgmc.Sampler(:sgld; seed = 4), 4000;
                      chain_type = Chains, progress = false)
        @test size(auto, 1) == 4000
        check_moments(Array(auto[:, [Symbol("x[1]"), Symbol("x[2]")], 1]))
        # The same seed gives the same draws from a Julia and a built-in model.
        s = Sgmc.Sampler(:sgld; step_size = 0.01, seed = 9)
        a = sample(gauss_c(), s, 300; chain_type = Chains, progress = false)
        b = sample(gauss_julia(), s, 300; chain_type = Chains, progress = false)
        @test Array(a[:, [Symbol("x[1]"), Symbol("x[2]")], 1]) ≈ Array(b[:, [Symbol("x[1]"), Symbol("x[2]")], 1]) rtol = 1e-10
        # Contour samplers carry their importance log-weights and theta.
        c = sample(gauss_julia(), Sgmc.CSGLD(step_size = 0.01, contour_m = 20, contour_du = 0.5),
                   2000; chain_type = Chains, progress = false)
        @test :log_weight in names(c, :internals)
        @test sum(c.info.theta[1]) ≈ 1
        # Coupled chains run on a Julia model as on a built-in one; AbstractMCMC sees chain 1.
        for s in (Sgmc.ReSGLD(step_size = 0.01, temperature_max = 3.0, n_chains = 2, seed = 4),
                  Sgmc.ICSGLD(step_size = 0.01, n_chains = 3, contour_m = 20, contour_u1 = 0.0,
                              contour_du = 0.5, seed = 4))
            r = sample(gauss_julia(), s, 1000; chain_type = Chains, progress = false)
            rc = sample(gauss_c(), s, 1000; chain_type = Chains, progress = false)
            @test size(r, 1) == 1000
            @test Array(r[:, [Symbol("x[1]"), Symbol("x[2]")], 1]) ≈ Array(rc[:, [Symbol("x[1]"), Symbol("x[2]")], 1]) rtol = 1e-10
        end
    end

    @testset "LogDensityProblems: every sampler, the draws of the same JuliaModel" begin
        ldm = AbstractMCMC.LogDensityModel(GaussLogDensity())
        contour = (contour_m = 20, contour_u1 = 0.0, contour_du = 0.5)
        for (name, extra) in ((:sgld, NamedTuple()), (:psgld, NamedTuple()), (:sghmc, NamedTuple()),
                              (:cycsgld, (cycles = 2,)), (:cycsghmc, (cycles = 2,)),
                              (:resgld, (n_chains = 2, temperature_max = 4.0)),
                              (:csgld, contour), (:csghmc, contour), (:pcsgld, contour),
                              (:ksgld, contour), (:mhbt, (c_n = 1.0,)),
                              (:icsgld, (n_chains = 2, contour...)),
                              (:icsghmc, (n_chains = 2, contour...)),
                              (:picsgld, (n_chains = 2, contour...)))
            kw = (sampler = name, step_size = 0.01, n_steps = 300, seed = 42, extra...)
            a = sample_chains(gauss_julia1(), [0.0, 0.0]; kw...)
            b = sample_chains(ldm, [0.0, 0.0]; kw...)
            @test b.n_chains == a.n_chains && b.n_draws == a.n_draws > 0
            for k in 1:a.n_chains
                @test positions(b, k) == positions(a, k)
                @test energies(b, k) == energies(a, k)
            end
        end
        m = JuliaModel(ldm)
        @test dimension(m) == 2 && data_size(m) == 1
        # AbstractMCMC: the LogDensityModel, the log density itself (which
        # AbstractMCMC wraps), several chains, a step by hand.
        s = Sgmc.SGHMC(step_size = 0.01, friction = 0.2, seed = 3)
        ref = sample(gauss_julia1(), s, 500; chain_type = Chains, progress = false)
        for model in (ldm, GaussLogDensity())
            chn = sample(Random.Xoshiro(1), model, s, 500; chain_type = Chains, progress = false)
            @test Array(chn) == Array(ref)
        end
        chn = sample(Random.Xoshiro(1), ldm, Sgmc.SGHMC(step_size = 0.01, friction = 0.2), 20_000;
                     chain_type = Chains, discard_initial = 2000, progress = false)
        check_moments(Array(chn[:, [Symbol("x[1]"), Symbol("x[2]")], 1]))
        chns = sample(Random.Xoshiro(2), ldm, Sgmc.SGLD(step_size = 0.01), MCMCThreads(), 1000, 3;
                      chain_type = Chains, progress = false)
        @test size(chns, 3) == 3 && chns[:, Symbol("x[1]"), 1] != chns[:, Symbol("x[1]"), 2]
        t, state = AbstractMCMC.step(Random.Xoshiro(1), ldm, Sgmc.SGLD(n_steps = 10))
        t2, state = AbstractMCMC.step(Random.Xoshiro(1), ldm, Sgmc.SGLD(n_steps = 10), state)
        @test t.iteration == 1 && t2.iteration == 2
        # No gradients: refused, naming the capabilities and what is needed.
        err = caught(() -> JuliaModel(AbstractMCMC.LogDensityModel(NoGradient())))
        @test err isa ArgumentError && occursin("LogDensityOrder{0}", err.msg) &&
              occursin("LogDensityOrder{1}", err.msg)
        @test_throws ArgumentError sample(NoGradient(), Sgmc.SGLD(), 10; progress = false)
        # -Inf outside the support: a non-finite energy, a fault of the model.
        err = caught(() -> sample_chains(AbstractMCMC.LogDensityModel(HalfNormal()), [-1.0];
                                         n_steps = 10))
        @test err isa SgmcFault && err.status == LibSgmc.SGMC_ERROR_NONFINITE
        @test occursin("non-finite energy (inf) at chain 0, step 1", err.message)
        @test positions(sample_chains(AbstractMCMC.LogDensityModel(HalfNormal()), [1.0];
                                      step_size = 1e-4, n_steps = 10)) isa Matrix{Float64}
    end

    @testset "data models from Julia matrices" begin
        rng = Random.Xoshiro(3)
        X = randn(rng, 200, 3)
        w = [1.0, -1.0, 0.5]
        y = Float64.(X * w .+ 0.1 .* randn(rng, 200) .> 0)
        data = Data(X, y)
        @test size(data) == (200, 3)
        m = logistic(data; prior_sd = 10.0)
        @test dimension(m) == 4 && data_size(m) == 200
        d = sample_chains(m, zeros(4); sampler = :sgld, step_size = 1e-3, batch_size = 20,
                          n_steps = 5000, burn_in = 1000, seed = 4)
        est = vec(mean(positions(d); dims = 1))
        @test all(sign.(est[1:3]) .== sign.(w))
        # Row-major copy: a model on X equals a model on its rows given one by one.
        lin = linear(X, X * w; prior_sd = 10.0, noise_sd = 0.1)
        d2 = sample_chains(lin, zeros(4); sampler = :sgld, step_size = 1e-5, n_steps = 4000,
                           burn_in = 2000, seed = 1)
        @test vec(mean(positions(d2); dims = 1))[1:3] ≈ w atol = 0.05
        @test_throws DimensionMismatch Data(X, y[1:10])
        @test_throws SgmcError logistic(Data(X, X[:, 1]); prior_sd = 1.0)  # targets not 0/1
        @test_throws SgmcError read_csv("/no/such/file.csv", "y")
        # Parameters are named after the model: x[j] for a data set from arrays.
        @test Sgmc.parameter_names(m) == ["x[1]", "x[2]", "x[3]", "(Intercept)"]
        @test names(MCMCChains.Chains(d), :parameters) == Symbol.(Sgmc.parameter_names(d))
        @test Sgmc.parameter_names(Sgmc.mlp_regression(X, X * w; n_hidden = 2, prior_sd = 1.0,
                                                      noise_sd = 1.0))[[2, 7, 9]] ==
              ["w1[1,2]", "b1[1]", "w2[1,1]"]
    end

    @testset "parameter names from a CSV's columns" begin
        pima = read_csv(joinpath(@__DIR__, "..", "..", "..", "tests", "data", "pima_tr.csv"), "type")
        m = logistic(pima; prior_sd = 10.0)
        @test Sgmc.parameter_names(m) == ["npreg", "glu", "bp", "skin", "bmi", "ped", "age", "(Intercept)"]
        d = sample_chains(m, zeros(8); sampler = :sgld, step_size = 1e-6, batch_size = 50,
                          n_steps = 200, seed = 1)
        @test names(MCMCChains.Chains(d), :parameters) == Symbol.(Sgmc.parameter_names(m))
    end

    @testset "float32 features: the double run to float precision, on request only" begin
        path = joinpath(@__DIR__, "..", "..", "..", "tests", "data", "pima_tr.csv")
        run(data) = energies(sample_chains(logistic(data; prior_sd = 1.0), zeros(8); sampler = :sgld,
                                           step_size = 1e-6, batch_size = 50, n_steps = 200,
                                           seed = 2))
        e64 = run(read_csv(path, "type"))
        e32 = run(read_csv(path, "type"; features = :float32))
        @test run(read_csv(path, "type"; features = :double)) == e64
        @test e32 != e64
        @test maximum(abs.(e32 .- e64) ./ abs.(e64)) < 1e-5
        @test_throws ArgumentError read_csv(path, "type"; features = :single)
        @test_throws SgmcError Data(reshape([1.0, -1e39], 2, 1), [0.0, 1.0]; features = :float32)
        @test size(Data(reshape([1.0, 2.0], 2, 1), [0.0, 1.0]; features = :float32)) == (2, 1)
    end

    @testset "an MLP on float32 features computes in Float32, close to the double run" begin
        path = joinpath(@__DIR__, "..", "..", "..", "tests", "data", "pima_tr.csv")
        run(data) = energies(sample_chains(Sgmc.mlp_classifier(data; n_hidden = 4, n_classes = 2,
                                                               prior_sd = 1.0), zeros(42);
                                           sampler = :sgld, step_size = 1e-6, batch_size = 50,
                                           n_steps = 200, seed = 2))
        e64 = run(read_csv(path, "type"))
        e32 = run(read_csv(path, "type"; features = :float32))
        @test e32 != e64
        @test maximum(abs.(e32 .- e64) ./ abs.(e64)) < 1e-5
    end

    include("regression_priors.jl")

    @testset "faults of the model: on_fault = error and reject" begin
        # A data-free Gaussian whose evaluations (counted over the run, in
        # the order the run asks: every chain's next evaluation, chain after
        # chain) fail at chosen calls.
        function flaky(plan::Dict{Int,Symbol})
            calls = Ref(0)
            f = function (batch_grad, prior_grad, x, batch)
                calls[] += 1
                what = get(plan, calls[], :none)
                what === :throw && error("injected failure")
                prior_grad .= x
                what === :inf && (prior_grad[1] = Inf)
                return (0.0, what === :nan ? NaN : 0.5 * sum(abs2, x))
            end
            return JuliaModel(f; dim = 2)
        end
        kw = (sampler = :sghmc, step_size = 0.05, n_steps = 50, n_chains = 3, seed = 6)
        free = sample_chains(flaky(Dict{Int,Symbol}()), [0.0, 0.0]; kw...)
        @test faults(free) == [0, 0, 0]
        # "error": call 29 = 3 * 9 + 2 is chain 2's 10th evaluation; chain 2
        # stops before step 10, the others finish the round; the draws so far
        # come back.
        for what in (:throw, :nan, :inf)
            e = try
                sample_chains(flaky(Dict(29 => what)), [0.0, 0.0]; kw...)
                nothing
            catch err
                err
            end
            @test e isa SgmcFault
            @test occursin("at chain 1, step 10", e.message)
            @test e.status == (what === :throw ? LibSgmc.SGMC_ERROR_CALLBACK : LibSgmc.SGMC_ERROR_NONFINITE)
            what === :throw && @test e.cause isa ErrorException
            d = e.draws
            @test [draw_count(d, c) for c in 1:3] == [50, 9, 50]
            @test d.n_draws == 50
            @test positions(d, 2) == positions(free, 2)[1:9, :]
            @test positions(d, 3) == positions(free, 3)
            @test all(isnan, Array(d)[10:end, :, 2])
            @test size(MCMCChains.Chains(d), 1) == 9  # cut to the shortest chain
        end
        # "reject": counted, retried; data-free without target noise, so the
        # draws are the fault-free run's (a rejection changes no state).
        plan = Dict(5 => :throw, 6 => :nan, 20 => :inf, 70 => :throw)
        d = sample_chains(flaky(plan), [0.0, 0.0]; kw..., on_fault = :reject)
        @test faults(d) == [1, 2, 1]  # calls 5, 6 (chains 2 and 3, step 2), 20, 70
        @test Array(d) == Array(free)
        @test MCMCChains.Chains(d).info.faults == [1, 2, 1]
        # The limit of faults in a row stops a model that always fails.
        always = JuliaModel((bg, pg, x, b) -> error("always"); dim = 2)
        e = try
            sample_chains(always, [0.0, 0.0]; n_steps = 10, n_chains = 1, on_fault = :reject,
                          max_consecutive_faults = 4)
            nothing
        catch err
            err
        end
        @test e isa SgmcFault && e.cause isa ErrorException
        @test occursin("chain 0 faulted 4 times in a row at step 1 (max_consecutive_faults = 4)", e.message)
        @test faults(e.draws) == [3]
        # Ask/tell: step! follows the chain's policy; a fault under "error"
        # stops the chain as it was, and the chain saved there goes on.
        m = flaky(Dict(3 => :throw, 4 => :nan))
        c = Chain(Options(sampler = :sgld, step_size = 0.05, n_steps = 10, seed = 6), m, [0.0, 0.0])
        step!(c, m)
        step!(c, m)
        @test_throws SgmcFault step!(c, m)
        @test steps_done(c) == 2
        @test_throws SgmcError step!(c, m)  # stopped
        saved = tempname() * ".ckpt"
        save_chain(c, saved)
        c = load_chain(m, saved)
        @test_throws SgmcFault step!(c, m)
        save_chain(c, saved)
        c = load_chain(m, saved)
        for _ in 3:10
            step!(c, m)
        end
        @test steps_done(c) == 10 && faults(c) == 0
        rm(saved)
        m = flaky(Dict(3 => :throw, 4 => :nan))
        c = Chain(Options(sampler = :sgld, step_size = 0.05, n_steps = 10, seed = 6,
                          on_fault = :reject), m, [0.0, 0.0])
        for _ in 1:10
            step!(c, m)
        end
        @test steps_done(c) == 10 && faults(c) == 2
        @test draws(c) isa Draws && faults(draws(c)) == [2]
        # AbstractMCMC with reject: the final state counts the faults.
        chn = sample(flaky(Dict(5 => :throw)), Sgmc.SGLD(step_size = 0.05, on_fault = :reject, seed = 1),
                     20; chain_type = Chains, progress = false)
        @test chn.info.faults == [1]
    end

    @testset "bad inputs become Julia exceptions" begin
        @test_throws SgmcError target(:no_such_target)
        @test_throws SgmcError target(:gauss25; grad_noise_sd = -1.0)
        @test_throws DimensionMismatch gaussian([0.0, 0.0], ones(3, 3))
        @test_throws SgmcError gaussian([0.0, 0.0], [1.0 2.0; 2.0 1.0])  # not positive definite
        @test_throws SgmcError sample_chains(gauss_c(), [0.0, 0.0, 0.0]; n_steps = 10)
        @test_throws SgmcError sample_chains(gauss_c(), [NaN, 0.0]; n_steps = 10)
        @test_throws ArgumentError JuliaModel(gauss_energy; dim = 0)
        # An exception inside the Julia model is a fault of the model: the
        # run stops with an SgmcFault whose cause is the exception.
        boom = JuliaModel((bg, pg, x, b) -> throw(DomainError(x, "boom")); dim = 2)
        for run in (() -> sample_chains(boom, [0.0, 0.0]; n_steps = 10),
                    () -> sample(boom, Sgmc.SGLD(), 10; progress = false),
                    () -> sample(boom, Sgmc.ReSGLD(temperature_max = 2.0), 10; progress = false))
            e = caught(run)
            @test e isa SgmcFault && e.cause isa DomainError
            @test e.status == LibSgmc.SGMC_ERROR_CALLBACK
        end
        # A wrong return value (an ArgumentError) is a fault too; a NaN
        # energy one with status SGMC_ERROR_NONFINITE and no cause.
        bad = JuliaModel((bg, pg, x, b) -> 1.0; dim = 2)
        @test caught(() -> sample_chains(bad, [0.0, 0.0]; n_steps = 10)).cause isa ArgumentError
        nan = JuliaModel((bg, pg, x, b) -> (0.0, NaN); dim = 2)
        err = caught(() -> sample_chains(nan, [0.0, 0.0]; n_steps = 10))
        @test err isa SgmcFault && err.status == LibSgmc.SGMC_ERROR_NONFINITE && err.cause === nothing
        @test occursin("non-finite energy (nan) at chain 0, step 1", err.message)
        chain = Chain(Options(n_steps = 5), nan, [0.0, 0.0])
        @test_throws SgmcFault step!(chain, nan)
        @test steps_done(chain) == 0  # a fault under "error" changes nothing
        # The run stays usable after the errors above.
        @test positions(sample_chains(gauss_julia(), [0.0, 0.0]; n_steps = 10)) isa Matrix{Float64}
        # Past n_steps, an ask/tell chain refuses to go on.
        c = Chain(Options(n_steps = 2), gauss_julia(), [0.0, 0.0])
        m = gauss_julia()
        step!(c, m)
        step!(c, m)
        @test_throws SgmcError step!(c, m)
    end
    @testset "checkpoint and resume" begin
        path = tempname() * ".ckpt"
        for name in (:sghmc, :resgld, :icsgld)
            opts = (sampler = name, n_steps = 600, n_chains = 3, step_size = 0.01, seed = 3,
                    temperature_max = 4.0)
            whole = sample_chains(gauss_c(), MU; opts...)
            saved = sample_chains(gauss_c(), MU; opts..., checkpoint_file = path, checkpoint_every = 250)
            @test positions(saved) == positions(whole)
            @test getoption(checkpoint_options(path), "sampler") == String(name)
            @test positions(resume(gauss_c(), path; threads = 1)) == positions(whole)
        end
        # An ask/tell chain saved and loaded steps on as the original does.
        c = Chain(Options(n_steps = 100, sampler = :sghmc), gauss_julia(), [0.0, 0.0])
        m = gauss_julia()
        for _ in 1:40
            step!(c, m)
        end
        save_chain(c, path)
        c2 = load_chain(m, path)
        @test steps_done(c2) == 40
        for _ in 1:40
            step!(c, m)
            step!(c2, m)
        end
        @test current_position(c2) == current_position(c)
        @test positions(draws(c2)) == positions(draws(c))
        # A Julia model's run checkpoints itself, one file for every chain:
        # stopped by Ctrl-C (an InterruptException of the model) it resumes
        # from its last checkpoint to the draws of the uninterrupted run.
        for name in (:sghmc, :resgld, :icsgld)
            opts = (sampler = name, n_steps = 600, n_chains = 3, step_size = 0.01, seed = 3,
                    temperature_max = 4.0, contour_m = 20, contour_u1 = 0.0, contour_du = 0.5)
            whole = sample_chains(gauss_julia(), MU; opts...)
            calls = Ref(0)
            stopped = JuliaModel(dim = 2) do bg, pg, x, b
                (calls[] += 1) == 1000 && throw(InterruptException())  # near step 333
                return gauss_energy(bg, pg, x, b)
            end
            @test_throws InterruptException sample_chains(stopped, MU; opts..., checkpoint_file = path,
                                                          checkpoint_every = 250)
            @test getoption(checkpoint_options(path), "sampler") == String(name)
            # The file is a built-in model's checkpoint too (one format).
            builtin = resume(gauss_c(), path; checkpoint_file = path * ".c")
            @test positions(builtin, 1) ≈ positions(whole, 1) rtol = 1e-10
            r = Run(gauss_julia(), path)
            @test steps_done(r) == 250
            d = run!(r, gauss_julia())
            for c in 1:3
                @test positions(d, c) == positions(whole, c)
            end
        end
        rm(path * ".c")
        j = sample_chains(gauss_julia(), [0.0, 0.0]; n_steps = 50, checkpoint_file = path)
        @test positions(resume(gauss_julia(), path)) == positions(j)
        # A fault of the model after the checkpoint: resume throws the
        # SgmcFault of sample_chains, with all the draws so far (issue #18).
        opts = (sampler = :sgld, n_steps = 600, n_chains = 2, step_size = 0.01, seed = 3)
        whole = sample_chains(gauss_julia(), MU; opts...)
        calls = Ref(0)
        stopped = JuliaModel(dim = 2) do bg, pg, x, b
            (calls[] += 1) == 600 && throw(InterruptException())  # chain 1, step 300
            return gauss_energy(bg, pg, x, b)
        end
        @test_throws InterruptException sample_chains(stopped, MU; opts..., checkpoint_file = path,
                                                      checkpoint_every = 250)
        calls[] = 0
        boom = JuliaModel(dim = 2) do bg, pg, x, b
            (calls[] += 1) == 200 && error("boom")  # chain 1, step 250 + 100
            return gauss_energy(bg, pg, x, b)
        end
        e = caught(() -> resume(boom, path))
        @test e isa SgmcFault && e.cause isa ErrorException
        @test e.status == LibSgmc.SGMC_ERROR_CALLBACK && occursin("at chain 1, step 350", e.message)
        @test [draw_count(e.draws, c) for c in 1:2] == [500, 349]  # chain 0 ends its round
        @test positions(e.draws, 1) == positions(whole, 1)[1:500, :]
        @test positions(e.draws, 2) == positions(whole, 2)[1:349, :]
        @test_throws ArgumentError resume(gauss_julia(), path; n_steps = 100)
        bytes = read(path)
        bytes[end ÷ 2] ⊻= 0xff
        write(path, bytes)
        err = try resume(gauss_julia(), path) catch e e end
        @test err isa SgmcError && err.status == LibSgmc.SGMC_ERROR_FORMAT
        @test read(path) == bytes  # refused, and left as it was
        write(path, "x,y\n1,2\n")
        err = try checkpoint_options(path) catch e e end
        @test err isa SgmcError && occursin("not an sgmc checkpoint", err.message)
        rm(path)
    end
end
