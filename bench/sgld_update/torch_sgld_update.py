"""The SGLD update of sgld_update.cpp done by PyTorch on the CPU, one thread:
x <- x - eps g + sqrt(2 eps tau) w, w ~ N(0, I), with a fixed gradient and a
preallocated noise buffer, in float32 and float64. Same timing as the C++
side: steps doubled until one timing takes 0.1 s, then the median of 9
timings, in ns per parameter per step."""
import statistics
import time

import torch

torch.set_num_threads(1)


def ns_per_parameter(d, dtype):
    gen = torch.Generator().manual_seed(1)
    x = torch.zeros(d, dtype=dtype)
    g = torch.linspace(-1.0, 1.0, d, dtype=dtype)
    w = torch.empty(d, dtype=dtype)
    eps, tau = 1e-4, 1.0
    sd = (2.0 * eps * tau) ** 0.5

    def run(steps):
        start = time.perf_counter()
        for _ in range(steps):
            torch.randn(d, dtype=dtype, generator=gen, out=w)
            x.add_(g, alpha=-eps).add_(w, alpha=sd)
        return time.perf_counter() - start

    steps = 1  # doubled until one timing takes 0.1 s; this also warms up
    while run(steps) < 0.1:
        steps *= 2
    timings = [run(steps) * 1e9 / (steps * d) for _ in range(9)]
    assert torch.isfinite(x).all()
    return statistics.median(timings)


print("d\ttorch_f32_ns\ttorch_f64_ns")
for d in (1_000, 100_000, 1_000_000):
    print(f"{d}\t{ns_per_parameter(d, torch.float32):.3f}\t{ns_per_parameter(d, torch.float64):.3f}")
