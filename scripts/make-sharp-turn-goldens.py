#!/usr/bin/env python3
"""Sharp-turn stroke goldens: zig-zag polylines of 2 px segments turning by 120°, 150° and 170°,
width 8, butt caps, miter (limit 10) / round / bevel joins, in a 64×64 image.

Writes Tests/StrataTests/Goldens/raster/sharp-turns.json (the cases, each with "exact_area": the
area of the union of the segments' rectangles and the joins' pieces — the miter quadrilateral
when within the limit, else the bevel triangle; the round join's pie slice between the outer
normals — computed with shapely) and <name>.cairo.png (cairo's render, as
make-raster-goldens.py makes them). Run from the repository root; needs shapely, pycairo, numpy
and pillow (pip install into a venv).
"""
import importlib.util
import json
import math
import os

from PIL import Image
from shapely.geometry import Polygon
from shapely.ops import unary_union

OUT = "Tests/StrataTests/Goldens/raster"
_spec = importlib.util.spec_from_file_location("goldens", os.path.join(os.path.dirname(__file__), "make-raster-goldens.py"))
goldens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goldens)


def zigzag(x0, y0, seg, turn_deg, n):
    """n segments of length seg whose directions alternate between ±turn/2 from straight up."""
    pts, x, y = [x0, y0], x0, y0
    for i in range(n):
        ang = (1 if i % 2 == 0 else -1) * math.radians(turn_deg / 2)
        x += seg * math.cos(ang)
        y -= seg * math.sin(ang)
        pts += [round(x, 4), round(y, 4)]
    return pts


def union_area(pts, w, join, miter_limit):
    P = [(pts[i], pts[i + 1]) for i in range(0, len(pts), 2)]
    hw, pieces = w / 2, []
    for (ax, ay), (bx, by) in zip(P, P[1:]):
        l = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / l * hw, (bx - ax) / l * hw
        pieces.append(Polygon([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]))
    for (ax, ay), (vx, vy), (bx, by) in zip(P, P[1:], P[2:]):
        l0, l1 = math.hypot(vx - ax, vy - ay), math.hypot(bx - vx, by - vy)
        d0 = ((vx - ax) / l0, (vy - ay) / l0)
        d1 = ((bx - vx) / l1, (by - vy) / l1)
        cross, dot = d0[0] * d1[1] - d0[1] * d1[0], d0[0] * d1[0] + d0[1] * d1[1]
        s = -1 if cross > 0 else 1   # the outer side
        p0 = (vx - s * d0[1] * hw, vy + s * d0[0] * hw)
        p1 = (vx - s * d1[1] * hw, vy + s * d1[0] * hw)
        turn = math.acos(max(-1.0, min(1.0, dot)))
        if join == "round":
            a0 = math.atan2(p0[1] - vy, p0[0] - vx)
            a1 = math.atan2(p1[1] - vy, p1[0] - vx)
            da = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
            k = 4096
            pieces.append(Polygon([(vx, vy)] + [(vx + hw * math.cos(a0 + da * i / k), vy + hw * math.sin(a0 + da * i / k))
                                                for i in range(k + 1)]))
        elif join == "miter" and 1 / math.sin((math.pi - turn) / 2) <= miter_limit:
            m = (vx - s * (d0[1] + d1[1]) * hw / (1 + dot), vy + s * (d0[0] + d1[0]) * hw / (1 + dot))
            pieces.append(Polygon([(vx, vy), p0, m, p1]))
        else:
            pieces.append(Polygon([(vx, vy), p0, p1]))
    return unary_union(pieces).area


def main():
    cases = []
    for turn, n, x0 in [(170, 40, 24), (150, 30, 22), (120, 24, 14)]:
        for join in ["miter", "round", "bevel"]:
            pts = zigzag(x0, 34, 2, turn, n)
            c = {"name": f"sharp_{turn}_{join}", "kind": "stroke", "path": {"verbs": "M" + "L" * n, "pts": pts},
                 "line_width": 8, "cap": "butt", "join": join, "miter_limit": 10}
            c["exact_area"] = round(union_area(pts, 8, join, 10), 4)
            cases.append(c)
            img = goldens.render(64, 64, goldens.stroke(c["path"], c))
            Image.fromarray(img, "L").save(os.path.join(OUT, c["name"] + ".cairo.png"), optimize=True)
    doc = {"doc": "Sharp turns on short segments (scripts/make-sharp-turn-goldens.py): 64x64, black ink on white, "
                  "gray = 255*(1-coverage); exact_area = area of the exact stroke (union of segment rectangles and join pieces).",
           "width": 64, "height": 64, "cases": cases}
    with open(os.path.join(OUT, "sharp-turns.json"), "w") as f:
        json.dump(doc, f, indent=1)


if __name__ == "__main__":
    main()
