# linear(...) and logistic(...) with the posteriordb priors: each prior, with
# and without an intercept, gives the draws of the same model written in
# Julia by hand (so its energies and gradients agree); the last coordinate of
# the linear model is log sigma; old calls are unchanged; bad values name
# the argument.

# U0's term in t = log sigma and its slope, as sgmc.h states them.
function sigma_prior_term(prior, s, t)
    u = exp(2t) / s^2
    prior === :lognormal && return (t^2 / (2s^2), t / s^2)
    prior === :flat && return (-t, -1.0)
    prior === :half_normal && return (u / 2 - t, u - 1)
    prior === :half_cauchy && return (log1p(u) - t, 2u / (1 + u) - 1)
    return (0.0, 0.0)
end

function hand_linear(X, y; intercept, coef_prior, coef_scale, sigma_prior, sigma_scale)
    n, p = size(X)
    k = p + intercept
    sampled = sigma_prior !== :known
    f = function (batch_grad, prior_grad, x, batch)
        t = sampled ? x[k + 1] : log(sigma_scale)
        inv_var = exp(-2t)
        q = 0.0
        for i in batch
            r = sum(X[i, j] * x[j] for j in 1:p) + (intercept ? x[p + 1] : 0.0) - y[i]
            q += r^2 * inv_var / 2
            batch_grad[1:p] .+= r * inv_var .* X[i, :]
            intercept && (batch_grad[p + 1] += r * inv_var)
        end
        u0 = 0.0
        if coef_prior === :normal
            u0 += sum(abs2, x[1:k]) / (2coef_scale^2)
            prior_grad[1:k] .= x[1:k] ./ coef_scale^2
        end
        if sampled
            term, slope = sigma_prior_term(sigma_prior, sigma_scale, t)
            u0 += term
            prior_grad[k + 1] = slope
            batch_grad[k + 1] = length(batch) - 2q
            q += length(batch) * t
        end
        return (q, u0)
    end
    return JuliaModel(f; dim = k + sampled, data_size = n)
end

@testset "linear regression priors" begin
    rng = Random.Xoshiro(9)
    X = randn(rng, 30, 2)
    y = 0.5 .+ X * [1.5, -1.0] .+ 0.3 .* randn(rng, 30)
    data = Data(X, y)
    for intercept in (true, false), coef_prior in (:flat, :normal),
        sigma_prior in (:known, :lognormal, :flat, :half_normal, :half_cauchy)

        priors = (intercept = intercept, coef_prior = coef_prior, coef_scale = 2.5,
                  sigma_prior = sigma_prior, sigma_scale = 0.8)
        built_in = linear(data; priors...)
        d = 2 + intercept + (sigma_prior !== :known)
        @test dimension(built_in) == d
        kw = (sampler = :sgld, step_size = 1e-3, batch_size = 5, n_steps = 200, seed = 7)
        a = sample_chains(built_in, fill(0.1, d); kw...)
        b = sample_chains(hand_linear(X, y; priors...), fill(0.1, d); kw...)
        @test positions(a) ≈ positions(b) rtol = 1e-9
        @test energies(a) ≈ energies(b) rtol = 1e-9
    end
    # The last coordinate is log sigma: its draws sit near log(0.3).
    m = linear(data; coef_prior = :flat, sigma_prior = :half_cauchy, sigma_scale = 2.5)
    r = sample_chains(m, [0.0, 0.0, 0.0, 0.0]; sampler = :sgld, step_size = 2e-4, batch_size = 10,
                      n_steps = 20000, burn_in = 5000, seed = 3)
    @test exp(mean(positions(r)[:, end])) ≈ 0.3 rtol = 0.35
    # The old keywords give the old model, bit for bit.
    kw = (sampler = :sgld, step_size = 1e-3, n_steps = 100, seed = 2)
    old = sample_chains(linear(data; prior_sd = 3.0, noise_sd = 0.0, log_noise_prior_sd = 1.5),
                        zeros(4); kw...)
    new = sample_chains(linear(data; coef_scale = 3.0, sigma_prior = :lognormal, sigma_scale = 1.5),
                        zeros(4); kw...)
    @test positions(old) == positions(new)
    # Bad values: the C library names the argument and its value.
    message_of(kw...) = try
        linear(data; kw...)
        ""
    catch err
        err isa SgmcError ? err.message : sprint(showerror, err)
    end
    @test occursin("argument 'sigma_prior' = 1 (SGMC_PRIOR_NORMAL)", message_of(sigma_prior = :normal))
    @test occursin("argument 'coef_prior' = 5 (SGMC_PRIOR_HALF_CAUCHY)",
                   message_of(coef_prior = :half_cauchy))
    @test_throws SgmcError linear(data; sigma_prior = :half_normal, sigma_scale = -1.0)
    @test_throws ArgumentError linear(data; sigma_prior = :cauchy)
    @test_throws ArgumentError linear(data; prior_sd = 1.0, sigma_prior = :flat)
end

function hand_logistic(X, y; intercept, coef_prior, coef_scale)
    n, p = size(X)
    k = p + intercept
    f = function (batch_grad, prior_grad, x, batch)
        s = 0.0
        for i in batch
            z = sum(X[i, j] * x[j] for j in 1:p) + (intercept ? x[k] : 0.0)
            s += log1p(exp(z)) - y[i] * z
            slope = 1 / (1 + exp(-z)) - y[i]
            batch_grad[1:p] .+= slope .* X[i, :]
            intercept && (batch_grad[k] += slope)
        end
        coef_prior === :normal || return (s, 0.0)
        prior_grad .= x ./ coef_scale^2
        return (s, sum(abs2, x) / (2coef_scale^2))
    end
    return JuliaModel(f; dim = k, data_size = n)
end

@testset "logistic regression priors" begin
    rng = Random.Xoshiro(10)
    X = randn(rng, 30, 2)
    y = Float64.(X * [1.0, -1.0] .+ 0.5 .* randn(rng, 30) .> 0)
    data = Data(X, y)
    for intercept in (true, false), coef_prior in (:flat, :normal)
        priors = (intercept = intercept, coef_prior = coef_prior, coef_scale = 2.5)
        d = 2 + intercept
        kw = (sampler = :sgld, step_size = 1e-2, batch_size = 5, n_steps = 200, seed = 7)
        a = sample_chains(logistic(data; priors...), fill(0.1, d); kw...)
        b = sample_chains(hand_logistic(X, y; priors...), fill(0.1, d); kw...)
        @test positions(a) ≈ positions(b) rtol = 1e-9
    end
    kw = (sampler = :sgld, step_size = 1e-2, n_steps = 100, seed = 2)
    @test positions(sample_chains(logistic(data; prior_sd = 3.0), zeros(3); kw...)) ==
          positions(sample_chains(logistic(data; coef_scale = 3.0), zeros(3); kw...))
    @test_throws SgmcError logistic(data; coef_prior = :half_cauchy)
end
