"""Draws contour_mix1d.png from theta.csv and curves.csv (bench_contour_mix1d)."""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

folder = sys.argv[1] if len(sys.argv) > 1 else "."
theta = defaultdict(list)
with open(f"{folder}/theta.csv") as f:
    for row in csv.DictReader(f):
        theta[(float(row["du"]), float(row["u1"]))].append(row)
curves = defaultdict(list)
with open(f"{folder}/curves.csv") as f:
    for row in csv.DictReader(f):
        curves[row["estimator"]].append((int(row["iteration"]), float(row["mean_abs_error"])))

fig, axes = plt.subplots(1, 4, figsize=(21, 4.8))
for ax, key in zip(axes[:3], sorted(theta, reverse=True)):
    du, u1 = key
    rows = theta[key][:20] if du == 1 else theta[key][:60]
    u = [float(r["upper_energy"]) for r in rows]
    ax.plot(u, [float(r["truth"]) for r in rows], "k-", label="energy pdf (numerical)")
    ax.errorbar(u, [float(r["theta_mean"]) for r in rows], yerr=[float(r["theta_sd"]) for r in rows],
                fmt="o", ms=3, capsize=2, label="CSGLD theta (mean ± sd, 10 chains)")
    ax.set_yscale("log")
    ax.set_xlabel("upper energy u_i of subregion i")
    ax.set_title(f"theta vs energy pdf, du = {du:g}, u1 = {u1:g}")
    ax.legend()
ax = axes[3]
for name, points in curves.items():
    ax.plot([p[0] for p in points], [p[1] for p in points], label=name)
ax.set_xscale("log")
ax.set_yscale("log")
ax.set_xlabel("iteration")
ax.set_ylabel("|estimate of E x| (true 0), mean over chains")
ax.set_title("running estimate of the mean")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(f"{folder}/contour_mix1d.png", dpi=110)
