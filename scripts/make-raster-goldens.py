#!/usr/bin/env python3
"""Renders the raster goldens with cairo (the reference rasteriser for accuracy tests).

Writes Tests/StrataTests/Goldens/raster/<name>.cairo.png (8-bit gray, 255·(1 − coverage), black
ink on white) for every fill and stroke scene of bench/scenes.json and every case of
Tests/StrataTests/Goldens/raster/cases.json. Run once from the repository root; needs pycairo,
numpy and pillow (e.g. the peers' .venv from shared/bench/run.sh).
"""
import json
import os

import cairo
import numpy as np
from PIL import Image

OUT = "Tests/StrataTests/Goldens/raster"
CAPS = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
JOINS = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}


def add_path(ctx, spec):
    pts, k = spec["pts"], 0
    for v in spec["verbs"]:
        if v == "M":
            ctx.move_to(pts[k], pts[k + 1]); k += 2
        elif v == "L":
            ctx.line_to(pts[k], pts[k + 1]); k += 2
        elif v == "C":
            ctx.curve_to(*pts[k:k + 6]); k += 6
        elif v == "Z":
            ctx.close_path()


def render(w, h, draw):
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
    ctx = cairo.Context(surf)
    ctx.set_source_rgb(1, 1, 1); ctx.paint()
    ctx.set_source_rgb(0, 0, 0)
    draw(ctx)
    surf.flush()
    a = np.frombuffer(surf.get_data(), np.uint8).reshape(h, surf.get_stride())[:, :w * 4].reshape(h, w, 4)
    return a[:, :, 2].copy()   # red channel of BGRA = 255·(1 − coverage)


def fill(paths, rule):
    def draw(ctx):
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if rule == "evenodd" else cairo.FILL_RULE_WINDING)
        for p in paths:
            ctx.new_path(); add_path(ctx, p); ctx.fill()
    return draw


def stroke(path, c):
    def draw(ctx):
        ctx.set_line_width(c["line_width"])
        ctx.set_line_cap(CAPS[c.get("cap", "butt")]); ctx.set_line_join(JOINS[c.get("join", "miter")])
        ctx.set_miter_limit(c.get("miter_limit", 10))
        if c.get("dash"):
            ctx.set_dash(c["dash"], c.get("dash_offset", 0))
        ctx.new_path(); add_path(ctx, path); ctx.stroke()
    return draw


def main():
    os.makedirs(OUT, exist_ok=True)
    scenes = json.load(open("bench/scenes.json"))["scenes"]
    by = {s["name"]: s for s in scenes}
    for s in scenes:
        if s["kind"] == "fill":
            paths = s.get("paths") or by[s["paths_from"]]["paths"]
            if s.get("combine"):
                paths = [{"verbs": "".join(p["verbs"] for p in paths), "pts": [x for p in paths for x in p["pts"]]}]
            img = render(s["width"], s["height"], fill(paths, s["fill_rule"]))
        elif s["kind"] == "stroke":
            img = render(s["width"], s["height"], stroke(s["path"], {"line_width": s["line_width"], "cap": s["cap"],
                         "join": s["join"], "miter_limit": s["miter_limit"], "dash": s["dash"],
                         "dash_offset": s["dash_offset"]}))
        else:
            continue
        Image.fromarray(img, "L").save(os.path.join(OUT, s["name"] + ".cairo.png"), optimize=True)
    spec = json.load(open(os.path.join(OUT, "cases.json")))
    for c in spec["cases"]:
        draw = fill([c["path"]], c["fill_rule"]) if c["kind"] == "fill" else stroke(c["path"], c)
        Image.fromarray(render(spec["width"], spec["height"], draw), "L").save(
            os.path.join(OUT, c["name"] + ".cairo.png"), optimize=True)


if __name__ == "__main__":
    main()
