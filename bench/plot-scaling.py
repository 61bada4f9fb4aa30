#!/usr/bin/env python3
"""Plots bench/scaling's CSV as an SVG, without libraries: one panel per family and variant,
verdict seconds (log scale) against N, one line per engine; a run that timed out is a cross at
its time limit (the CSV's limit_s). Several CSVs of bench/scaling may be concatenated (one
header kept).
    bench/plot-scaling.py SCALING.csv OUT.svg
"""
import csv
import math
import sys
from collections import OrderedDict

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
# bench/scaling's --relax values as the test names spell them
VARIANT_TITLES = {"none": " (correct)", "acquire": "+acq2rx", "release": "+rel2rx",
                  "both": "+acqrel2rx"}
PANEL_W, PANEL_H, MARGIN_L, MARGIN_B, MARGIN_T, COLUMNS = 250, 170, 48, 30, 22, 4


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["family"] != "family"]
    limit = max([float(r["limit_s"]) for r in rows] or [1])
    panels = OrderedDict()
    engines = []
    for r in rows:
        panels.setdefault((r["family"], r["variant"]), []).append(r)
        if r["engine"] not in engines:
            engines.append(r["engine"])
    lo = 0.01
    hi = max(limit, lo * 10)
    rows_of_panels = max(1, math.ceil(len(panels) / COLUMNS))
    width = COLUMNS * (PANEL_W + MARGIN_L) + 20
    height = rows_of_panels * (PANEL_H + MARGIN_B + MARGIN_T) + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="10">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for i, e in enumerate(engines):  # legend
        x = 20 + i * 110
        out.append(f'<line x1="{x}" y1="14" x2="{x + 20}" y2="14" stroke="{COLOURS[i % 6]}" '
                   'stroke-width="2"/>')
        out.append(f'<text x="{x + 25}" y="18">{escape(e)}</text>')
    out.append(f'<text x="{20 + len(engines) * 110}" y="18">x: timed out (at its limit); '
               'y: seconds, log scale; x axis: N</text>')
    for p, ((family, variant), prs) in enumerate(panels.items()):
        ox = (p % COLUMNS) * (PANEL_W + MARGIN_L) + MARGIN_L
        oy = (p // COLUMNS) * (PANEL_H + MARGIN_B + MARGIN_T) + 40 + MARGIN_T
        ns = sorted({int(r["n"]) for r in prs})
        log_x = ns[-1] / ns[0] >= 8
        fx = (lambda n: math.log2(n)) if log_x else float
        x0, x1 = fx(ns[0]), fx(ns[-1])
        span = (x1 - x0) or 1

        def px(n):
            return ox + 10 + (fx(n) - x0) / span * (PANEL_W - 20)

        def py(s):
            s = min(max(s, lo), hi)
            return oy + PANEL_H - (math.log10(s) - math.log10(lo)) / (
                math.log10(hi) - math.log10(lo)) * PANEL_H

        title = family if variant == "ring" else family + VARIANT_TITLES.get(variant, variant)
        out.append(f'<text x="{ox}" y="{oy - 6}" font-weight="bold">{escape(title)}</text>')
        out.append(f'<rect x="{ox}" y="{oy}" width="{PANEL_W}" height="{PANEL_H}" fill="none" '
                   'stroke="#999"/>')
        decade = lo
        while decade <= hi * 1.0001:
            y = py(decade)
            out.append(f'<line x1="{ox}" y1="{y:.1f}" x2="{ox + PANEL_W}" y2="{y:.1f}" '
                       'stroke="#eee"/>')
            out.append(f'<text x="{ox - 4}" y="{y + 3:.1f}" text-anchor="end">{decade:g}</text>')
            decade *= 10
        for n in ns:
            out.append(f'<text x="{px(n):.1f}" y="{oy + PANEL_H + 12}" '
                       f'text-anchor="middle">{n}</text>')
        for i, e in enumerate(engines):
            colour = COLOURS[i % 6]
            points = []
            for r in sorted((r for r in prs if r["engine"] == e), key=lambda r: int(r["n"])):
                n = int(r["n"])
                if r["verdict"] == "timeout":
                    x, y = px(n), py(float(r["limit_s"]))
                    out.append(f'<path d="M{x - 4:.1f},{y - 4:.1f} l8,8 m0,-8 l-8,8" '
                               f'stroke="{colour}" stroke-width="2"/>')
                elif r["verdict"] in ("Ok", "No"):
                    points.append((px(n), py(float(r["seconds"]))))
            if points:
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
                out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                           'stroke-width="1.5"/>')
                for x, y in points:
                    out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{colour}"/>')
    out.append("</svg>")
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
