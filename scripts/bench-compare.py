#!/usr/bin/env python3
"""Strata against the peers (cairo, Skia, Blend2D) on the fill and stroke scenes, interleaved.

usage: bench-compare.py PEERS_DIR [--only a,b] [--rounds N] [--out results.json]
PEERS_DIR is a writable copy of shared/bench whose run.sh has been run once (.venv, build/).
For each scene, in turn: strata-bench, the peers' bench.py, strata-bench again (so machine load
drifts hit both alike); Strata's figure is the mean of its two medians. Prints per-scene ratios
Strata ÷ peer and the geometric mean per workload. Run from the repository root after
`swift build -c release --product strata-bench`.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

PEERS = ["cairo-C", "skia-py", "blend2d-py", "blend2d-C"]


def strata(name, rounds, tmp):
    out = os.path.join(tmp, "s.json")
    subprocess.run([".build/release/strata-bench", "--only", name, "--rounds", str(rounds), "--json", out],
                   check=True, stdout=subprocess.DEVNULL)
    return json.load(open(out))["scenes"][name]["median_us"]


def peers(pdir, name, rounds, tmp):
    out = os.path.join(tmp, "p.json")
    subprocess.run([os.path.join(pdir, ".venv/bin/python"), os.path.join(pdir, "bench.py"), "--only", name,
                    "--libs", ",".join(PEERS), "--rounds", str(rounds), "--no-bandwidth", "--out", out],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    res = json.load(open(out))["scenes"][name]["results"]
    return {k: v["median_s"] * 1e6 for k, v in res.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("peers_dir")
    ap.add_argument("--only", default="fill.,stroke.")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default="")
    a = ap.parse_args()
    scenes = json.load(open("bench/scenes.json"))["scenes"]
    want = [s for s in a.only.split(",") if s]
    names = [s["name"] for s in scenes if s["kind"] in ("fill", "stroke") and any(w in s["name"] for w in want)]
    rows, ratios = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            s1 = strata(name, a.rounds, tmp)
            p = peers(a.peers_dir, name, a.rounds, tmp)
            s2 = strata(name, a.rounds, tmp)
            st = (s1 + s2) / 2
            rows[name] = {"strata_us": st, **{k + "_us": v for k, v in p.items()}}
            line = f"{name:34s} strata {st:9.1f} us"
            wl = name.split(".")[0]
            for k in PEERS:
                if k in p:
                    r = st / p[k]
                    rows[name][k + "_ratio"] = r
                    ratios.setdefault((wl, k), []).append(r)
                    line += f"  ÷{k} {r:5.2f}"
            print(line, flush=True)
    print("geometric means (Strata ÷ peer):")
    summary = {}
    for (wl, k), v in sorted(ratios.items()):
        g = math.exp(sum(map(math.log, v)) / len(v))
        summary[f"{wl} ÷ {k}"] = g
        print(f"  {wl:6s} ÷ {k:10s} {g:5.2f}  ({len(v)} scenes)")
    if a.out:
        json.dump({"scenes": rows, "geomean": summary}, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
