"""The work of model_throughput.cpp done by PyTorch on the CPU, one thread,
in float32 and float64 (tables and parameters both): per step, draw a batch of row indices, gather the
rows, compute the batch loss and its gradient with hand-written backward
passes (cheaper than autograd), add the N(0, s^2 I) prior, and make the SGLD
move x <- x - eps (grad U0 + N/n grad S_B) + sqrt(2 eps) w on one flat
parameter vector. Same timing as the C++ side: the calling thread's CPU
time (not wall time, so that other jobs on a shared machine do not count),
steps doubled until one timing takes 0.1 s, then the median of 9 timings,
in microseconds per step."""
import statistics
import time

import torch

torch.set_num_threads(1)


def timed(step):
    def run(steps):
        start = time.thread_time()
        for _ in range(steps):
            step()
        return time.thread_time() - start

    steps = 1  # doubled until one timing takes 0.1 s; this also warms up
    while run(steps) < 0.1:
        steps *= 2
    return statistics.median(run(steps) * 1e6 / steps for _ in range(9))


def sgld_move(x, prior_grad, batch_grad, noise, gen, scale, eps=1e-6, prior_sd=1.0):
    torch.mul(x, 1.0 / prior_sd**2, out=prior_grad)
    prior_grad.add_(batch_grad, alpha=scale)
    torch.randn(x.shape, generator=gen, dtype=x.dtype, out=noise)
    x.add_(prior_grad, alpha=-eps).add_(noise, alpha=(2 * eps) ** 0.5)


def regression(dtype, kind, n_rows, p=50, n=1000):
    """Logistic (labels 0/1) or linear (N(0, 1) responses, sigma = 1)
    regression with an intercept, x = (w, b)."""
    gen = torch.Generator().manual_seed(1)
    X = torch.randn(n_rows, p, generator=gen, dtype=dtype)
    if kind == "logistic":
        Y = torch.randint(2, (n_rows,), generator=gen).to(dtype)
    else:
        Y = torch.randn(n_rows, generator=gen, dtype=dtype)
    x = torch.full((p + 1,), 0.01, dtype=dtype)
    g, prior_grad, noise = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)
    w, b = x[:p], x[p:]

    def step():
        idx = torch.randint(n_rows, (n,), generator=gen)
        a, y = X.index_select(0, idx), Y.index_select(0, idx)
        z = torch.addmv(b, a, w)
        if kind == "logistic":
            energy = (torch.nn.functional.softplus(z) - y * z).sum() + 0.5 * x.dot(x)
            r = torch.sigmoid(z) - y
        else:
            r = z - y
            energy = 0.5 * r.dot(r) + 0.5 * x.dot(x)
        torch.mv(a.t(), r, out=g[:p])
        g[p] = r.sum()
        sgld_move(x, prior_grad, g, noise, gen, n_rows / n)
        return energy

    return timed(step)


def mlp(dtype, n, n_rows=10_000, p=64, h=100, k=10):
    gen = torch.Generator().manual_seed(1)
    X = torch.randn(n_rows, p, generator=gen, dtype=dtype)
    Y = torch.randint(k, (n_rows,), generator=gen)
    d = h * (p + 1) + k * (h + 1)
    x = torch.full((d,), 0.01, dtype=dtype)
    g, prior_grad, noise = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)

    def views(v):  # (W1, b1, W2, b2), the packing of sgmc::Mlp
        return (v[: h * p].view(h, p), v[h * p : h * (p + 1)],
                v[h * (p + 1) : h * (p + 1) + k * h].view(k, h), v[h * (p + 1) + k * h :])

    w1, b1, w2, b2 = views(x)
    gw1, gb1, gw2, gb2 = views(g)
    rows = torch.arange(n)

    def step():
        idx = torch.randint(n_rows, (n,), generator=gen)
        a, y = X.index_select(0, idx), Y.index_select(0, idx)
        hid = torch.tanh(torch.addmm(b1, a, w1.t()))
        z = torch.addmm(b2, hid, w2.t())
        lse = torch.logsumexp(z, 1)
        energy = (lse - z[rows, y]).sum() + 0.5 * x.dot(x)
        dz = torch.exp(z - lse[:, None])
        dz[rows, y] -= 1.0
        torch.mm(dz.t(), hid, out=gw2)
        torch.sum(dz, 0, out=gb2)
        delta = torch.mm(dz, w2).mul_(1.0 - hid * hid)
        torch.mm(delta.t(), a, out=gw1)
        torch.sum(delta, 0, out=gb1)
        sgld_move(x, prior_grad, g, noise, gen, n_rows / n)
        return energy

    return timed(step)


print("case\ttorch_f32_us\ttorch_f64_us")
for n_rows, size in ((100_000, "1e5"), (1_000_000, "1e6")):
    for kind in ("logistic", "linear"):
        f32, f64 = (regression(t, kind, n_rows) for t in (torch.float32, torch.float64))
        print(f"{kind} N={size} p=50 n=1000\t{f32:.2f}\t{f64:.2f}")
for n in (100, 1000):
    print(f"mlp 64-100-10 N=1e4 n={n}\t{mlp(torch.float32, n):.2f}\t{mlp(torch.float64, n):.2f}")
