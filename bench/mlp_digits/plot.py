#!/usr/bin/env python3
"""Summarises bench_mlp_digits' CSV: per method (RSGLD per c_n) and learning
rate the median, quartiles and range of the test error over rounds, RSGLD's
median acceptance (all, forward, backward) and final beta, as a markdown
table; draws test error vs learning rate (median line, interquartile band,
min/max whiskers) and, with a beta-path CSV, RSGLD's beta per epoch.
Usage: plot.py RESULTS.csv PICTURE.png [BETA_PATH.csv BETA_PICTURE.png]"""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def label(row):
    return f"{row['method']} c_n={float(row['c_n']):g}" if row["c_n"] else row["method"]


runs = defaultdict(list)
with open(sys.argv[1]) as f:
    for row in csv.DictReader(f):
        runs[(label(row), float(row["lr"]))].append(row)

methods = list(dict.fromkeys(m for m, _ in runs))
print("| method | lr | rounds | median test error | IQR | min - max | diverged | acceptance | forward / backward | final beta |")
print("|---|---|---|---|---|---|---|---|---|---|")
fig, ax = plt.subplots(figsize=(7.5, 4.6))
for method in methods:
    rates = sorted(lr for m, lr in runs if m == method)
    stats = []
    for lr in rates:
        rs = runs[(method, lr)]
        e = np.array([float(r["test_error"]) for r in rs])
        q = np.percentile(e, [0, 25, 50, 75, 100])
        stats.append(q)
        diverged = sum(int(r["diverged"]) for r in rs)
        cells = ["", "", ""]
        if rs[0]["acceptance"]:
            med = {k: np.median([float(r[k]) for r in rs])
                   for k in ("acceptance", "forward_acceptance", "backward_acceptance", "final_beta")}
            cells = [f"{med['acceptance']:.3f}",
                     f"{med['forward_acceptance']:.3f} / {med['backward_acceptance']:.3f}",
                     f"{med['final_beta']:.3g}"]
        print(f"| {method} | {lr:g} | {len(e)} | {q[2]:.3f} | {q[1]:.3f} - {q[3]:.3f} | "
              f"{q[0]:.3f} - {q[4]:.3f} | {diverged} | " + " | ".join(cells) + " |")
    stats = np.array(stats)
    line, = ax.plot(rates, stats[:, 2], marker="o", label=method)
    ax.fill_between(rates, stats[:, 1], stats[:, 3], color=line.get_color(), alpha=0.2)
    ax.vlines(rates, stats[:, 0], stats[:, 4], color=line.get_color(), alpha=0.5, lw=1)
ax.set_xscale("log")
ax.set_xlabel("learning rate (mean-loss scale)")
ax.set_ylabel("test error")
ax.set_ylim(0, 1)
ax.legend(fontsize=8)
ax.set_title("64-100-10 MLP on the 8x8 digits: median, IQR band, min-max")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)

if len(sys.argv) > 4:
    paths = defaultdict(lambda: defaultdict(list))
    with open(sys.argv[3]) as f:
        for row in csv.DictReader(f):
            paths[label(row)][float(row["lr"])].append((int(row["epoch"]), float(row["beta"])))
    fig, axes = plt.subplots(1, len(paths), figsize=(4 * len(paths), 3.6), sharey=True)
    for ax, (method, by_lr) in zip(np.atleast_1d(axes), paths.items()):
        for lr, points in sorted(by_lr.items()):
            epochs = sorted({e for e, _ in points})
            beta = [np.median([b for e2, b in points if e2 == e]) for e in epochs]
            ax.plot(epochs, beta, label=f"lr {lr:g}")
        ax.set(title=method, xlabel="epoch", yscale="log")
    np.atleast_1d(axes)[0].set_ylabel("beta (median over rounds)")
    np.atleast_1d(axes)[0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(sys.argv[4], dpi=110)
