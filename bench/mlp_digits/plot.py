#!/usr/bin/env python3
"""Summarises bench_mlp_digits' CSV: per method and learning rate the median,
quartiles and range of the test error over seeds, as a markdown table, and
draws test error vs learning rate (median line, interquartile band, min/max
whiskers). Usage: plot.py RESULTS.csv PICTURE.png"""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

results, picture = sys.argv[1], sys.argv[2]
errors = defaultdict(list)
acceptance = defaultdict(list)
diverged = defaultdict(int)
with open(results) as f:
    for row in csv.DictReader(f):
        key = (row["method"], float(row["lr"]))
        errors[key].append(float(row["test_error"]))
        diverged[key] += int(row["diverged"])
        if row["acceptance"]:
            acceptance[key].append(float(row["acceptance"]))

methods = list(dict.fromkeys(m for m, _ in errors))
print("| method | lr | runs | median test error | IQR | min - max | diverged | acceptance |")
print("|---|---|---|---|---|---|---|---|")
fig, ax = plt.subplots(figsize=(6.5, 4.2))
for method in methods:
    rates = sorted(lr for m, lr in errors if m == method)
    stats = []
    for lr in rates:
        e = np.array(errors[(method, lr)])
        q = np.percentile(e, [0, 25, 50, 75, 100])
        stats.append(q)
        acc = acceptance.get((method, lr))
        print(f"| {method} | {lr:g} | {len(e)} | {q[2]:.3f} | {q[1]:.3f} - {q[3]:.3f} | "
              f"{q[0]:.3f} - {q[4]:.3f} | {diverged[(method, lr)]} | "
              f"{np.median(acc):.3f} |" if acc else
              f"| {method} | {lr:g} | {len(e)} | {q[2]:.3f} | {q[1]:.3f} - {q[3]:.3f} | "
              f"{q[0]:.3f} - {q[4]:.3f} | {diverged[(method, lr)]} | |")
    stats = np.array(stats)
    line, = ax.plot(rates, stats[:, 2], marker="o", label=method)
    ax.fill_between(rates, stats[:, 1], stats[:, 3], color=line.get_color(), alpha=0.25)
    ax.vlines(rates, stats[:, 0], stats[:, 4], color=line.get_color(), alpha=0.5, lw=1)
ax.set_xscale("log")
ax.set_xlabel("learning rate (mean-loss scale)")
ax.set_ylabel("test error")
ax.set_ylim(0, 1)
ax.legend()
ax.set_title("64-100-10 MLP on the 8x8 digits: median, IQR band, min-max")
fig.tight_layout()
fig.savefig(picture, dpi=110)
