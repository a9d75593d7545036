#!/usr/bin/python3
"""Renders cairo references for the gradient scenes of bench/scenes.json.

Writes cairo-<scene>.png next to this file at a quarter of the scene's size (every coordinate
scaled by 1/4, so the gradient is the same picture), and cairo-<scene>-rows.png: rows 0, 20, 40,
… and the last row of the full-size render (the size strata-bench draws, where the renderer's
fast paths run), stacked. GradientAccuracyTests compare with both.
With --full DIR it also writes full-size renders into DIR (for comparing strata-bench --render
output). Needs pycairo (Debian: python3-cairo, or the peers' .venv).
"""
import json, os, sys
import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
SCENES = os.path.join(HERE, "..", "..", "..", "..", "bench", "scenes.json")


ROW_STEP = 20


def sampled_rows(h):
    return list(range(0, h, ROW_STEP)) + ([h - 1] if (h - 1) % ROW_STEP else [])


def render(sc, k, path, rows_only=False):
    w, h = round(sc["width"] * k), round(sc["height"] * k)
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
    cr = cairo.Context(surf)
    if sc["type"] == "linear":
        (x0, y0), (x1, y1) = sc["p0"], sc["p1"]
        pat = cairo.LinearGradient(x0 * k, y0 * k, x1 * k, y1 * k)
    else:
        cx, cy = sc["center"]
        pat = cairo.RadialGradient(cx * k, cy * k, 0, cx * k, cy * k, sc["radius"] * k)
    pat.set_extend(cairo.EXTEND_PAD)
    for t, (r, g, b, a) in sc["stops"]:
        pat.add_color_stop_rgba(t, r, g, b, a)
    cr.set_source(pat)
    cr.paint()
    if rows_only:
        surf.flush()
        rows = sampled_rows(h)
        out = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, len(rows))
        src, dst = surf.get_data(), out.get_data()
        ss, ds = surf.get_stride(), out.get_stride()
        for i, y in enumerate(rows):
            dst[i * ds:i * ds + w * 4] = src[y * ss:y * ss + w * 4]
        out.mark_dirty()
        out.write_to_png(path)
    else:
        surf.write_to_png(path)


def main():
    scenes = [s for s in json.load(open(SCENES))["scenes"] if s["kind"] == "gradient"]
    full = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--full" else None
    for sc in scenes:
        render(sc, 0.25, os.path.join(HERE, "cairo-%s.png" % sc["name"]))
        render(sc, 1, os.path.join(HERE, "cairo-%s-rows.png" % sc["name"]), rows_only=True)
        if full:
            os.makedirs(full, exist_ok=True)
            render(sc, 1, os.path.join(full, "%s.png" % sc["name"]))


if __name__ == "__main__":
    main()
