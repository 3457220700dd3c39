"""
    AbstractSgmcModel <: AbstractMCMC.AbstractModel

A model sgmc can sample: a built-in one ([`Sgmc.Model`](@ref)) or a Julia
function ([`JuliaModel`](@ref)).
"""
abstract type AbstractSgmcModel <: AbstractMCMC.AbstractModel end

"""
    Sgmc.Model

A model made by the library (a built-in target, a Gaussian, or a
statistical model on a [`Sgmc.Data`](@ref) set): an `sgmc_model` handle released
by a finalizer. It runs in C++ (on several threads for several chains) and
is immutable, so copies share it. Make one with [`Sgmc.target`](@ref),
[`Sgmc.gaussian`](@ref), [`Sgmc.logistic`](@ref), [`Sgmc.linear`](@ref),
[`Sgmc.mlp_classifier`](@ref) or [`Sgmc.mlp_regression`](@ref).
"""
mutable struct Model <: AbstractSgmcModel
    ptr::Ptr{LibSgmc.sgmc_model}
    dim::Int
    data_size::Int
    function Model(ptr::Ptr{LibSgmc.sgmc_model})
        m = new(ptr, 0, 0)
        _owns!(m, LibSgmc.sgmc_model_destroy)
        d = Ref{Int64}(0)
        n = Ref{Int64}(0)
        check(LibSgmc.sgmc_model_shape(m, d, n))
        m.dim = d[]
        m.data_size = n[]
        return m
    end
end

Base.unsafe_convert(::Type{Ptr{LibSgmc.sgmc_model}}, m::Model) = m.ptr
Base.deepcopy_internal(m::Model, ::IdDict) = m  # immutable in C: shared
Base.show(io::IO, m::Model) = print(io, "Sgmc.Model(dim = ", m.dim, ", data_size = ", m.data_size, ")")

"""
    Sgmc.dimension(model) -> Int

The dimension d of the model's parameter x.
"""
dimension(m::AbstractSgmcModel) = m.dim

"""
    Sgmc.data_size(model) -> Int

The number of data N of the model (0 for a data-free target).
"""
data_size(m::AbstractSgmcModel) = m.data_size

function _new_model(make)
    ref = Ref{Ptr{LibSgmc.sgmc_model}}(C_NULL)
    check(make(ref))
    return Model(ref[])
end

"""
    Sgmc.target(name; energy_noise_sd = 0, grad_noise_sd = 0) -> Model

A built-in synthetic target of SPEC §9: `:mix1d` (d = 1), `:nine`,
`:twentyfive` or `:gauss25` (d = 2), with optional N(0, s²) noise on each
energy and gradient coordinate to mimic stochastic gradients.
"""
function target(name; energy_noise_sd::Real = 0.0, grad_noise_sd::Real = 0.0)
    return _new_model(r -> LibSgmc.sgmc_model_target(r, string(name), energy_noise_sd, grad_noise_sd))
end

# Julia matrices are column-major; the C API wants rows one after another.
_rowmajor(A::AbstractMatrix) = vec(permutedims(Matrix{Float64}(A)))

"""
    Sgmc.gaussian(mean, covariance; energy_noise_sd = 0, grad_noise_sd = 0) -> Model

The data-free Gaussian target N(mean, covariance) (covariance symmetric
positive definite).
"""
function gaussian(mean::AbstractVector{<:Real}, covariance::AbstractMatrix{<:Real};
                  energy_noise_sd::Real = 0.0, grad_noise_sd::Real = 0.0)
    d = length(mean)
    size(covariance) == (d, d) ||
        throw(DimensionMismatch("covariance is $(size(covariance)) for a mean of length $d"))
    mu = Vector{Float64}(mean)
    sigma = _rowmajor(covariance)
    return _new_model(r -> LibSgmc.sgmc_model_gaussian(r, d, mu, sigma, energy_noise_sd, grad_noise_sd))
end

"""
    Sgmc.Data(X, y; features = :double)

A data set for the built-in statistical models: `X` is n × p (one datum per
row, as usual in Julia), `y` the n targets. The values are copied (into the
row-major layout of the C API), so `X` and `y` may change afterwards. Models
made from a data set share it. A CSV file gives one too: [`Sgmc.read_csv`](@ref).

`features = :float32` also keeps the features rounded to `Float32`, which
logistic and linear regression then read instead (`sgmc_data_float32`):
half the memory traffic per batch row, faster on large data sets, while
products, sums, parameters and draws stay `Float64`. The cost is the
rounding: each feature moves by at most 2^-24 of itself (about 6e-8), a
predictor a'w + b by at most 2^-24 Σ|a_j w_j| (docs/models.md). An MLP
([`Sgmc.mlp_classifier`](@ref), [`Sgmc.mlp_regression`](@ref)) made from such
a set computes in `Float32`: weights rounded, activations, matrix products,
each datum's loss and each chunk of 256 data's gradient in `Float32`, energies
and chunks added in `Float64`; 1.6-2 times as fast, with errors of order
(p + H + 2K + 256) 2^-24 of the sums of the terms' magnitudes (the bound:
docs/models.md). The default `:double` gives the runs it always gave, bit for
bit. A feature beyond the `Float32` range
throws an [`SgmcError`](@ref) naming it; a `features` other than `:double`
or `:float32` an `ArgumentError`.
"""
mutable struct Data
    ptr::Ptr{LibSgmc.sgmc_data}
    n_rows::Int
    n_features::Int
    function Data(ptr::Ptr{LibSgmc.sgmc_data})
        d = new(ptr, 0, 0)
        _owns!(d, LibSgmc.sgmc_data_destroy)
        n = Ref{Int64}(0)
        p = Ref{Int64}(0)
        check(LibSgmc.sgmc_data_shape(d, n, p))
        d.n_rows = n[]
        d.n_features = p[]
        return d
    end
end

Base.unsafe_convert(::Type{Ptr{LibSgmc.sgmc_data}}, d::Data) = d.ptr
Base.deepcopy_internal(d::Data, ::IdDict) = d
Base.size(d::Data) = (d.n_rows, d.n_features)

function Data(X::AbstractMatrix{<:Real}, y::AbstractVector{<:Real}; features::Symbol = :double)
    _check_features(features)
    n, p = size(X)
    length(y) == n || throw(DimensionMismatch("X has $n rows but y has $(length(y)) values"))
    table = _rowmajor(X)
    targets = Vector{Float64}(y)
    ref = Ref{Ptr{LibSgmc.sgmc_data}}(C_NULL)
    check(LibSgmc.sgmc_data_create(ref, n, p, table, targets, UInt32(0)))
    return _with_features(Data(ref[]), features)
end

function _check_features(features::Symbol)
    features in (:double, :float32) ||
        throw(ArgumentError("features = :$features: must be :double or :float32"))
    return features
end

# `d` itself, or its float32 twin (which shares d's tables).
function _with_features(d::Data, features::Symbol)
    features === :double && return d
    ref = Ref{Ptr{LibSgmc.sgmc_data}}(C_NULL)
    check(LibSgmc.sgmc_data_float32(ref, d))
    return Data(ref[])
end

"""
    Sgmc.read_csv(path, target_column; features = :double) -> Data

The data set of the CSV file `path` (a header line, then numbers): the
column named `target_column` gives the targets, every other column a
feature ([`Sgmc.feature_names`](@ref)). A missing file, a missing column or
a value that is not a number throws an [`SgmcError`](@ref) naming it.
`features = :float32`: as for [`Sgmc.Data`](@ref).
"""
function read_csv(path::AbstractString, target_column::AbstractString; features::Symbol = :double)
    _check_features(features)
    ref = Ref{Ptr{LibSgmc.sgmc_data}}(C_NULL)
    check(LibSgmc.sgmc_data_read_csv(ref, path, target_column))
    return _with_features(Data(ref[]), features)
end

"""
    Sgmc.feature_names(data) -> Vector{String}

The feature columns' names of a data set read from a file ("" for arrays).
"""
function feature_names(d::Data)
    out = String[]
    for j in 0:(d.n_features - 1)
        r = Ref{Cstring}()
        check(LibSgmc.sgmc_data_feature_name(d, j, r))
        push!(out, unsafe_string(r[]))
    end
    return out
end

"""
    parameter_names(model) -> Vector{String}

The names of the model's parameters in the order of x
(`sgmc_model_parameter_name`; docs/models.md, "Parameter names"): a
regression's feature names (`x[j]` for a data set made from arrays), then
`"(Intercept)"` and `"log_sigma"`; an MLP's `w1[h,j]`, `b1[h]`, `w2[k,h]`,
`b2[k]`; otherwise `x[1]`, ..., `x[d]`.
"""
function parameter_names(m::AbstractSgmcModel)
    r = Ref{Cstring}()
    return [(check(LibSgmc.sgmc_model_parameter_name(m, i, r)); unsafe_string(r[])) for i in 0:(m.dim - 1)]
end

_data(d::Data) = d
_data(X::AbstractMatrix, y::AbstractVector) = Data(X, y)

"""
    Sgmc.logistic(data; prior_sd) -> Model
    Sgmc.logistic(X, y; prior_sd) -> Model
    Sgmc.logistic(data; intercept = true, coef_prior = :normal, coef_scale = 1) -> Model

Bayesian logistic regression (d = p + 1: weights, then the intercept);
targets 0 or 1; prior N(0, prior_sd² I).

The second form (used as soon as one of its keywords is given) drops the
intercept with `intercept = false` (d = p) and takes `coef_prior = :flat`
(improper; so is the posterior when the data are separable) or `:normal`
of scale `coef_scale`.
"""
function logistic(d::Data; prior_sd::Union{Real,Nothing} = nothing,
                  intercept::Union{Bool,Nothing} = nothing,
                  coef_prior::Union{Symbol,Nothing} = nothing,
                  coef_scale::Union{Real,Nothing} = nothing)
    if all(isnothing, (intercept, coef_prior, coef_scale))
        prior_sd === nothing && throw(ArgumentError("logistic: give prior_sd, or the priors' keywords"))
        return _new_model(r -> LibSgmc.sgmc_model_logistic(r, d, prior_sd))
    end
    prior_sd === nothing ||
        throw(ArgumentError("logistic: prior_sd is coef_scale in the form with coef_prior"))
    c = _prior(:coef_prior, something(coef_prior, :normal))
    return _new_model(r -> LibSgmc.sgmc_model_logistic_priors(r, d, something(intercept, true), c,
                                                              something(coef_scale, 1.0)))
end
logistic(X::AbstractMatrix, y::AbstractVector; kw...) = logistic(Data(X, y); kw...)

"""
    Sgmc.linear(data; prior_sd, noise_sd = 0, log_noise_prior_sd = 1) -> Model
    Sgmc.linear(data; intercept = true, coef_prior = :normal, coef_scale = 1,
           sigma_prior = :known, sigma_scale = 1) -> Model

Bayesian linear regression y ~ N(X w (+ b), sigma²).

The first form: x = (w, b) with `noise_sd` > 0 known, or x = (w, b, log
sigma) when `noise_sd` = 0 (log sigma ~ N(0, log_noise_prior_sd²)); prior
N(0, prior_sd²) on w and b.

The second form (used as soon as one of its keywords is given) has the
priors of the posteriordb regressions:

- `intercept`: whether b follows w in x;
- `coef_prior`: `:normal` (N(0, coef_scale²) on every coefficient) or
  `:flat` (improper uniform);
- `sigma_prior`: `:known` (sigma = `sigma_scale`, not sampled),
  `:lognormal` (log sigma ~ N(0, sigma_scale²)), `:flat` (improper uniform
  on sigma > 0, as Stan's `real<lower=0> sigma` with no prior statement),
  `:half_normal` or `:half_cauchy` (on sigma, of scale `sigma_scale`).

When sigma is sampled it is the last coordinate **on the log scale**:
x = (w, b, log sigma), and the draws report log sigma (sigma =
`exp.(draws[:, end])`). Priors given on sigma carry the log-Jacobian of
sigma = exp(t). Flat priors are improper: the posterior is then proper
only when the data have more rows than coefficients. Bad values throw an
`SgmcError` naming the C argument and its value, for example
`argument 'sigma_prior' = 1 (SGMC_PRIOR_NORMAL): ...`.
"""
function linear(d::Data; prior_sd::Union{Real,Nothing} = nothing, noise_sd::Real = 0.0,
                log_noise_prior_sd::Real = 1.0, intercept::Union{Bool,Nothing} = nothing,
                coef_prior::Union{Symbol,Nothing} = nothing,
                coef_scale::Union{Real,Nothing} = nothing,
                sigma_prior::Union{Symbol,Nothing} = nothing,
                sigma_scale::Union{Real,Nothing} = nothing)
    if all(isnothing, (intercept, coef_prior, coef_scale, sigma_prior, sigma_scale))
        prior_sd === nothing && throw(ArgumentError("linear: give prior_sd, or the priors' keywords"))
        return _new_model(r -> LibSgmc.sgmc_model_linear(r, d, prior_sd, noise_sd, log_noise_prior_sd))
    end
    prior_sd === nothing ||
        throw(ArgumentError("linear: prior_sd is coef_scale in the form with sigma_prior"))
    c = _prior(:coef_prior, something(coef_prior, :normal))
    s = _prior(:sigma_prior, something(sigma_prior, :known))
    return _new_model(r -> LibSgmc.sgmc_model_linear_priors(r, d, something(intercept, true), c,
                                                            something(coef_scale, 1.0), s,
                                                            something(sigma_scale, 1.0)))
end

const _PRIORS = Dict(:flat => LibSgmc.SGMC_PRIOR_FLAT, :normal => LibSgmc.SGMC_PRIOR_NORMAL,
                     :known => LibSgmc.SGMC_PRIOR_KNOWN, :lognormal => LibSgmc.SGMC_PRIOR_LOG_NORMAL,
                     :half_normal => LibSgmc.SGMC_PRIOR_HALF_NORMAL,
                     :half_cauchy => LibSgmc.SGMC_PRIOR_HALF_CAUCHY)

# A prior's symbol as the C enum; which prior fits which argument is the C
# library's check, so its message names the argument as well.
function _prior(argument::Symbol, name::Symbol)
    haskey(_PRIORS, name) ||
        throw(ArgumentError("$argument = :$name: must be one of " *
                            join((":$k" for k in sort!(collect(keys(_PRIORS)))), ", ")))
    return _PRIORS[name]
end
linear(X::AbstractMatrix, y::AbstractVector; kw...) = linear(Data(X, y); kw...)

"""
    Sgmc.mlp_classifier(data; n_hidden, n_classes, prior_sd) -> Model

A one-hidden-layer tanh network with a softmax output; targets in 0:K-1.
"""
function mlp_classifier(d::Data; n_hidden::Integer, n_classes::Integer, prior_sd::Real)
    return _new_model(r -> LibSgmc.sgmc_model_mlp_classifier(r, d, n_hidden, n_classes, prior_sd))
end
mlp_classifier(X::AbstractMatrix, y::AbstractVector; kw...) = mlp_classifier(Data(X, y); kw...)

"""
    Sgmc.mlp_regression(data; n_hidden, prior_sd, noise_sd) -> Model

A one-hidden-layer tanh network with one Gaussian output.
"""
function mlp_regression(d::Data; n_hidden::Integer, prior_sd::Real, noise_sd::Real)
    return _new_model(r -> LibSgmc.sgmc_model_mlp_regression(r, d, n_hidden, prior_sd, noise_sd))
end
mlp_regression(X::AbstractMatrix, y::AbstractVector; kw...) = mlp_regression(Data(X, y); kw...)

"""
    JuliaModel(f; dim, data_size = 0)

A model written in Julia. `f(batch_grad, prior_grad, x, batch)` gets the
point `x` (a vector of length `dim`) and the batch's data indices `batch`
(1-based, in 1:data_size; empty for a data-free target); it fills the
gradients of S_B(x) = Σ_{i ∈ batch} U_i(x) and of the prior energy U0(x)
into `batch_grad` and `prior_grad` (zeroed on entry) and returns the tuple
`(S_B(x), U0(x))`. For a data-free target return `(0.0, U(x))` and put the
gradient in `prior_grad`.

`f` always runs on the calling thread: [`sample_chains`](@ref),
[`Sgmc.resume`](@ref) and AbstractMCMC's `sample` answer the evaluations of a
[`Sgmc.Run`](@ref) (every sampler, coupled chains included), [`Sgmc.step!`](@ref)
those of one [`Sgmc.Chain`](@ref), and harmonic [`cycle_weights`](@ref) call it
through a C callback (`@cfunction`).
An exception thrown by `f`, like a NaN or infinite value, is a fault of
the model (docs/faults.md): with the option `on_fault = "error"` (the
default) it stops the run with an [`SgmcFault`](@ref) whose `cause` is the
exception and whose `draws` are the draws so far; with `"reject"` the
evaluation is discarded, counted ([`Sgmc.faults`](@ref)) and retried with a
fresh batch. An `InterruptException` (Ctrl-C) stops the run and is
re-thrown.
"""
mutable struct JuliaModel{F} <: AbstractSgmcModel
    f::F
    dim::Int
    data_size::Int
    ptr::Ptr{LibSgmc.sgmc_model}  # the callback model, for C calls that evaluate it
    x::Vector{Float64}
    batch::Vector{Int}  # 1-based
    batch_grad::Vector{Float64}
    prior_grad::Vector{Float64}
    error::Any  # (exception, backtrace) of the first failed evaluation of a C call
    interrupted::Bool  # an InterruptException was caught: fail every evaluation
end

function JuliaModel(f; dim::Integer, data_size::Integer = 0)
    dim >= 1 || throw(ArgumentError("dim = $dim: must be >= 1"))
    data_size >= 0 || throw(ArgumentError("data_size = $data_size: must be >= 0"))
    m = JuliaModel(f, Int(dim), Int(data_size), Ptr{LibSgmc.sgmc_model}(C_NULL), zeros(dim),
                   Int[], zeros(dim), zeros(dim), nothing, false)
    _owns!(m, LibSgmc.sgmc_model_destroy)
    ref = Ref{Ptr{LibSgmc.sgmc_model}}(C_NULL)
    # The C model keeps a pointer to m (never dereferenced by C); m owns the
    # C model, so the pointer is valid as long as the C model lives.
    check(LibSgmc.sgmc_model_from_callback(ref, dim, data_size, _energy_cfunction(), UInt32(0),
                                           pointer_from_objref(m)))
    m.ptr = ref[]
    return m
end

Base.unsafe_convert(::Type{Ptr{LibSgmc.sgmc_model}}, m::JuliaModel) = m.ptr
# Each copy (one per thread of AbstractMCMC's MCMCThreads) gets its own
# buffers and its own callback model.
function Base.deepcopy_internal(m::JuliaModel, dict::IdDict)
    haskey(dict, m) && return dict[m]
    c = JuliaModel(Base.deepcopy_internal(m.f, dict); dim = m.dim, data_size = m.data_size)
    dict[m] = c
    return c
end
Base.show(io::IO, m::JuliaModel) = print(io, "Sgmc.JuliaModel(dim = ", m.dim, ", data_size = ", m.data_size, ")")

function _evaluate!(m::JuliaModel, x, batch, batch_grad, prior_grad)
    fill!(batch_grad, 0.0)
    fill!(prior_grad, 0.0)
    r = m.f(batch_grad, prior_grad, x, batch)
    r isa Tuple{Real,Real} ||
        throw(ArgumentError("the model function must return (batch_energy, prior_energy), got $(repr(r))"))
    return Float64(r[1]), Float64(r[2])
end

# The C callback: copies the arguments, calls the Julia function, and turns
# an exception into a non-zero return, a fault of the model. The C call
# stops at that fault; m.error keeps its exception.
function _energy_callback(x::Ptr{Cdouble}, dim::Int64, batch::Ptr{Int64}, batch_size::Int64,
                          batch_energy::Ptr{Cdouble}, batch_grad::Ptr{Cdouble},
                          prior_energy::Ptr{Cdouble}, prior_grad::Ptr{Cdouble},
                          user::Ptr{Cvoid})::Cint
    m = unsafe_pointer_to_objref(user)::JuliaModel
    m.interrupted && return Cint(1)  # Ctrl-C: fail until the call returns
    try
        unsafe_copyto!(pointer(m.x), x, dim)
        resize!(m.batch, batch_size)
        for i in 1:batch_size
            m.batch[i] = unsafe_load(batch, i) + 1
        end
        eb, ep = _evaluate!(m, m.x, m.batch, m.batch_grad, m.prior_grad)
        unsafe_store!(batch_energy, eb)
        unsafe_store!(prior_energy, ep)
        batch_grad == C_NULL || unsafe_copyto!(batch_grad, pointer(m.batch_grad), dim)
        prior_grad == C_NULL || unsafe_copyto!(prior_grad, pointer(m.prior_grad), dim)
        return Cint(0)
    catch err
        if err isa InterruptException
            m.interrupted = true
            m.error = (err, catch_backtrace())
        elseif m.error === nothing
            m.error = (err, catch_backtrace())
        end
        return Cint(1)
    end
end

# The C function pointer of _energy_callback (C type sgmc_energy_fn).
function _energy_cfunction()
    # sgmc_energy_fn
    return @cfunction(_energy_callback, Cint,
                      (Ptr{Cdouble}, Int64, Ptr{Int64}, Int64, Ptr{Cdouble}, Ptr{Cdouble},
                       Ptr{Cdouble}, Ptr{Cdouble}, Ptr{Cvoid}))
end

# Runs a C call that may evaluate `model` (a JuliaModel through its
# callback, a built-in model, or C_NULL) and re-throws what the Julia
# function threw inside it when the call failed; an InterruptException
# always.
function _call_with_model(call, model)
    model isa JuliaModel || return check(call())
    model.error = nothing
    model.interrupted = false
    status = GC.@preserve model call()
    err = model.error === nothing ? nothing : model.error[1]
    interrupted = model.interrupted
    model.error = nothing
    model.interrupted = false
    (interrupted || (status < 0 && err !== nothing)) && throw(err)
    return check(status)
end
