#!/usr/bin/env python3
"""Compares strata-bench --render PNGs with the peers' cairo references, scene by scene.

usage: raster-accuracy.py RENDER_DIR REF_DIR [AGREEMENT_JSON]
RENDER_DIR holds <scene>.png from `strata-bench --render`; REF_DIR holds <scene>.cairo.png
(shared/bench run.sh → ref/). Prints, per scene, Strata vs cairo: max, mean |diff| over ink
pixels, share of ink pixels off by > 8, relative total ink; and cairo vs Skia's figures from
agreement.json when given (the tolerance: shared/bench/README.md).
Needs numpy and pillow (the peers' .venv has both).
"""
import json
import os
import sys

import numpy as np
from PIL import Image


def figures(a, b):
    a = a.astype(np.int32); b = b.astype(np.int32)
    d = np.abs(a - b)
    ink = (a < 255) | (b < 255)
    ca, cb = (255 - a).sum(), (255 - b).sum()
    return {"max": int(d.max()), "mean_ink": float(d[ink].mean()) if ink.any() else 0.0,
            "gt8_ink": float((d[ink] > 8).mean()) if ink.any() else 0.0,
            "ink_rel": float(cb / ca - 1) if ca else 0.0}


def main():
    render, ref = sys.argv[1], sys.argv[2]
    agree = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else {}
    bad = 0
    for f in sorted(os.listdir(render)):
        if not f.endswith(".png"):
            continue
        name = f[:-4]
        rp = os.path.join(ref, name + ".cairo.png")
        if not os.path.exists(rp):
            continue
        a = np.asarray(Image.open(rp).convert("L"))
        b = np.asarray(Image.open(os.path.join(render, f)).convert("L"))
        s = figures(a, b)
        line = f"{name:34s} max {s['max']:3d} mean {s['mean_ink']:6.2f} >8 {s['gt8_ink'] * 100:5.1f}% ink {s['ink_rel'] * 100:+6.2f}%"
        cs = agree.get("scenes", {}).get(name, {}).get("cairo|skia") if agree else None
        if cs:
            ok = s["mean_ink"] <= cs["mean_abs_ink"] and s["gt8_ink"] <= cs["frac_gt8_ink"]
            line += f"   | cairo-skia mean {cs['mean_abs_ink']:6.2f} >8 {cs['frac_gt8_ink'] * 100:5.1f}%  {'ok' if ok else 'WORSE'}"
            bad += not ok
        print(line)
    print(f"{bad} scene(s) worse than cairo-vs-skia")


if __name__ == "__main__":
    main()
