#!/usr/bin/env python3
"""Plots and summarises the MHBT experiments (SPEC §9, 6-8) from the CSV files
that run.sh writes: gaussian_mean.csv, mixture.csv, acceptance.csv.
Usage: plot.py DIR  (writes DIR/*.png and prints markdown tables)."""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def save(fig, title, path, dpi=110):
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=dpi)
    print()


def gaussian_mean(out):
    data = rows(f"{out}/gaussian_mean.csv")
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    print("### Experiment 6: TV distance to the tempered posterior\n")
    print("| d | method | delta | acceptance | first iteration with TV < 2 floor | mean TV, last 10 checkpoints | floor (exact draws) |")
    print("|---|---|---|---|---|---|---|")
    for ax, d in zip(axes, ("2", "5")):
        floor = next(float(r["tv"]) for r in data if r["d"] == d and r["method"] == "exact_draws")
        for method, style in (("mhbt", "-"), ("full_batch", "--")):
            rs = [r for r in data if r["d"] == d and r["method"] == method]
            it = np.array([int(r["iteration"]) for r in rs])
            tv = np.array([float(r["tv"]) for r in rs])
            ax.plot(it, tv, style, label=f"{method} (acceptance {float(rs[0]['acceptance']):.2f})")
            first = it[np.argmax(tv < 2 * floor)] if np.any(tv < 2 * floor) else "never"
            print(f"| {d} | {method} | {float(rs[0]['delta']):.3f} | {float(rs[0]['acceptance']):.3f} | {first} | {tv[-10:].mean():.3f} | {floor:.3f} |")
        ax.axhline(floor, color="gray", lw=0.8, ls=":", label="exact draws (sampling floor)")
        ax.set(title=f"d = {d}", xlabel="iteration", ylabel="TV distance", xscale="log")
        ax.legend()
    save(fig, "MHBT (batch 1000, c_n = 20) vs full-batch MH on the tempered posterior",
         f"{out}/exp6_gaussian_mean_tv.png")


def mixture(out):
    summary = rows(f"{out}/mixture_summary.csv")
    barrier = {r["theta2"]: r for r in rows(f"{out}/mixture_barrier.csv")}
    traces = rows(f"{out}/mixture_traces.csv")
    print("### Experiment 7: the posterior's barrier between the modes\n")
    print("| theta2 | U(mode b) - U(mode a) | barrier dU (grid h) | dU (grid 2h) | binning error of U | saddle at | var l_i: mode / saddle | tempered barrier c_n dU / N, c_n = 5 / 10 / 20 / 30 |")
    print("|---|---|---|---|---|---|---|---|")
    for t, b in sorted(barrier.items(), key=lambda kv: float(kv[0])):
        du, n = float(b["barrier"]), float(b["n"])
        print(f"| {float(t):g} | {float(b['u_mode_b']) - float(b['u_mode_a']):.2f} | {du:.1f} | "
              f"{float(b['barrier_coarse']):.1f} | {float(b['binning_error']):.2g} | "
              f"({float(b['saddle_x1']):.2f}, {float(b['saddle_x2']):.2f}) | "
              f"{float(b['var_l_mode']):.3f} / {float(b['var_l_saddle']):.3f} | "
              + " / ".join(f"{c * du / n:.2f}" for c in (5, 10, 20, 30)) + " |")
    print("\n### Experiment 7: mode switches and time near each mode\n")
    print("| theta2 | method | c_n | iterations | delta | acceptance | mode switches | time nearer (0, theta2) / (theta2, -theta2) | tempered barrier | with batch noise |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in summary:
        print(f"| {float(r['theta2']):g} | {r['method']} | {float(r['c_n']):g} | {r['iterations']} | "
              f"{float(r['delta']):.4f} | {float(r['acceptance']):.3f} | {r['switches']} | "
              f"{float(r['near_a']):.3f} / {float(r['near_b']):.3f} | {float(r['tempered_barrier']):.3g} | "
              f"{float(r['batch_corrected_barrier']):.3g} |")
    thetas = sorted({r["theta2"] for r in traces}, key=float)
    fig, axes = plt.subplots(len(thetas), 3, figsize=(15, 3.2 * len(thetas)))
    for row, t in zip(axes, thetas):
        for ax, (method, c_n) in zip(row, (("mhbt", "20"), ("mhbt", "5"), ("full_batch", None))):
            rs = [r for r in traces if r["theta2"] == t and r["method"] == method
                  and (c_n is None or r["c_n"] == c_n)]
            ax.plot([int(r["iteration"]) for r in rs], [float(r["x2"]) for r in rs], lw=0.4)
            for level in (float(t), -float(t)):
                ax.axhline(level, color="gray", ls=":", lw=0.8)
            title = f"MHBT c_n = {c_n}" if method == "mhbt" else "full-batch MH"
            ax.set(title=f"{title}, theta2* = {float(t):g}", xlabel="iteration", ylabel="theta2")
    save(fig, "Mixture posterior: theta2 trace (modes at +theta2* and -theta2*, dotted)",
         f"{out}/exp7_mixture_traces.png")
    fig, ax = plt.subplots(figsize=(5.5, 4))
    for t in thetas:
        rs = [r for r in summary if r["theta2"] == t and r["method"] == "mhbt"]
        ax.plot([float(r["tempered_barrier"]) for r in rs],
                [max(int(r["switches"]), 0.5) for r in rs], "o-", label=f"theta2* = {float(t):g}")
    # Arrhenius: switches ~ exp(-barrier), through the hottest theta2* = 4 run.
    hot = min((r for r in summary if r["method"] == "mhbt" and float(r["theta2"]) == 4.0),
              key=lambda r: float(r["tempered_barrier"]), default=None)
    if hot is not None:
        b = np.linspace(float(hot["tempered_barrier"]), 16, 50)
        ax.plot(b, int(hot["switches"]) * np.exp(-(b - float(hot["tempered_barrier"]))), "k--",
                lw=0.8, label="exp(-barrier)")
    ax.set(xlabel="tempered barrier c_n dU / N (no switch drawn at 0.5)",
           ylabel="mode switches in 1e5 iterations", yscale="log", ylim=(0.3, 5000))
    ax.legend()
    save(fig, "MHBT switches vs the barrier at T = N / c_n (c_n = 5, 10, 20, 30)",
         f"{out}/exp7_switches_vs_barrier.png")


def acceptance(out):
    data = rows(f"{out}/acceptance.csv")
    dims = sorted({r["d"] for r in data}, key=int)
    fig, axes = plt.subplots(1, len(dims), figsize=(4 * len(dims), 3.6), sharey=True)
    groups = defaultdict(list)
    for r in data:
        groups[(r["d"], r["proposal"], r["beta"])].append(r)
    print("### Experiment 8: mean acceptance over the first 2000 iterations\n")
    print("| d | a (eps = a d^-1/4 / N) | SGLD | RSGLD beta = 1 | RSGLD beta = 2 | beta = 2: forward / backward |")
    print("|---|---|---|---|---|---|")
    for d in dims:
        for a in sorted({r["a"] for r in data if r["d"] == d}, key=float):
            pick = {(r["proposal"], r["beta"]): r for r in data if r["d"] == d and r["a"] == a}
            b2 = pick[("rsgld", "2")]
            print(f"| {d} | {float(a):g} | {float(pick[('sgld', '1')]['acceptance']):.3f} | "
                  f"{float(pick[('rsgld', '1')]['acceptance']):.3f} | {float(b2['acceptance']):.3f} | "
                  f"{float(b2['forward_acceptance']):.3f} / {float(b2['backward_acceptance']):.3f} |")
    for ax, d in zip(axes, dims):
        for (proposal, beta), label in ((("sgld", "1"), "SGLD proposal"), (("rsgld", "1"), "RSGLD beta = 1"),
                                        (("rsgld", "2"), "RSGLD beta = 2")):
            rs = groups[(d, proposal, beta)]
            ax.plot([float(r["eps"]) for r in rs], [float(r["acceptance"]) for r in rs], "o-", label=label)
        ax.set(title=f"d = {d}", xlabel="learning rate eps", xscale="log")
    axes[0].set_ylabel("mean acceptance")
    axes[0].legend()
    save(fig, "Acceptance vs learning rate (N = 1e4, batch 1000, c_n = 20)",
         f"{out}/exp8_acceptance.png")


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    gaussian_mean(out)
    mixture(out)
    acceptance(out)
