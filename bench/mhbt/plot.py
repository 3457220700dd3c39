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
    data = rows(f"{out}/mixture.csv")
    thetas = sorted({r["theta2"] for r in data}, key=float)
    fig, axes = plt.subplots(len(thetas), 2, figsize=(11, 3.2 * len(thetas)))
    print("### Experiment 7: both modes of the mixture posterior\n")
    print("| theta2 | method | iterations | delta | acceptance | share nearer (theta2, -theta2) | mode switches |")
    print("|---|---|---|---|---|---|---|")
    for row, t in zip(axes, thetas):
        t2 = float(t)
        a, b = np.array([0.0, t2]), np.array([t2, -t2])
        for ax, method in zip(row, ("mhbt", "full_batch")):
            rs = [r for r in data if r["theta2"] == t and r["method"] == method]
            it = np.array([int(r["iteration"]) for r in rs])
            x = np.array([[float(r["x1"]), float(r["x2"])] for r in rs])
            near_b = np.linalg.norm(x - b, axis=1) < np.linalg.norm(x - a, axis=1)
            # A switch: the chain comes within a quarter of the modes' distance of the other mode.
            r0 = 0.25 * np.linalg.norm(a - b)
            label, switches = 0, 0
            for p in x:
                if label == 0 and np.linalg.norm(p - b) < r0:
                    label, switches = 1, switches + 1
                elif label == 1 and np.linalg.norm(p - a) < r0:
                    label, switches = 0, switches + 1
            print(f"| {t2:g} | {method} | {it[-1]} | {float(rs[0]['delta']):.4f} | {float(rs[0]['acceptance']):.3f} | {near_b.mean():.3f} | {switches} |")
            ax.plot(it, x[:, 1], lw=0.4)
            ax.axhline(t2, color="gray", ls=":", lw=0.8)
            ax.axhline(-t2, color="gray", ls=":", lw=0.8)
            ax.set(title=f"{method}, theta2* = {t2:g}", xlabel="iteration", ylabel="theta2")
    save(fig, "Mixture posterior: theta2 trace (modes at +theta2* and -theta2*, dotted)",
         f"{out}/exp7_mixture_traces.png")


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
