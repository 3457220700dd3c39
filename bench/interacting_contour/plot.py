#!/usr/bin/env python3
"""Draws interacting_contour.png from the CSV files of bench_interacting_contour.

Usage: plot.py [dir = the folder of this script]
"""
import csv
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def rows(name):
    path = os.path.join(here, name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


fig, axes = plt.subplots(2, 2, figsize=(11, 8))
curves = defaultdict(lambda: defaultdict(list))
for r in rows("exp3_curves.csv"):
    curves[r["sampler"]][int(r["evaluations"])].append((float(r["basin_tv"]), float(r["histogram_kl"])))
for sampler, by_step in curves.items():
    steps = sorted(by_step)
    for col, ax in enumerate(axes[0]):
        ax.plot(steps, [sum(v[col] for v in by_step[s]) / len(by_step[s]) for s in steps], marker="o",
                label=sampler)
axes[0][0].set(title="exp. 3: basin-mass TV (mean over repeats)", xlabel="gradient evaluations",
               ylabel="TV", yscale="log")
axes[0][1].set(title="exp. 3: weighted grid-histogram KL", xlabel="gradient evaluations",
               ylabel="KL", yscale="log")
axes[0][0].legend()

theta = rows("exp4_theta.csv")
if theta:
    i = [int(r["subregion"]) for r in theta]
    axes[1][0].plot(i, [float(r["icsgld_sd"]) for r in theta], marker="o", label="ICSGLD x P10")
    axes[1][0].plot(i, [float(r["csgld_sd"]) for r in theta], marker="s", label="CSGLD x T10")
    axes[1][0].set(title="exp. 4: sd of theta over seeds (mix1d, zeta 0.9)", xlabel="subregion",
                   ylabel="sd", xlim=(0, 20))
    axes[1][0].legend()

scaling = rows("threads.csv")
mpi = rows("mpi_exchange.csv")
ax = axes[1][1]
if scaling:
    by_p = defaultdict(dict)
    for r in scaling:
        by_p[int(r["chains"])][int(r["threads"])] = float(r["us_per_iteration"])
    ps = sorted(by_p)
    ax.plot(ps, [by_p[p][1] / (2 * by_p[p][2]) for p in ps], marker="o", label="2 threads: efficiency")
if mpi:
    for target in sorted({r["target"] for r in mpi}):
        for m in sorted({int(r["m"]) for r in mpi}):
            sel = [r for r in mpi if r["target"] == target and int(r["m"]) == m]
            ax.plot([int(r["chains"]) for r in sel], [float(r["exchange_share"]) for r in sel],
                    marker="s", linestyle="--", label=f"2 processes: exchange share, {target}, m={m}")
ax.set(title="scaling", xlabel="chains P", ylabel="fraction", ylim=(0, 1.05))
ax.legend(fontsize=7)
fig.tight_layout()
fig.savefig(os.path.join(here, "interacting_contour.png"), dpi=90)
