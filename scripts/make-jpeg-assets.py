#!/usr/bin/env python3
"""Writes the JPEG test assets in Tests/StrataTests/Goldens/jpeg/ with libjpeg-turbo's cjpeg
(Debian libjpeg-turbo-progs), an encoder independent of Strata's own.

  quad-444.jpg              32×32, four 16×16 solid quadrants, baseline, 4:4:4, quality 95
  quad-420-progressive.jpg  the same picture, progressive, 4:2:0, quality 90
  gray.jpg                  32×16 grayscale: left half 64, right half 192, quality 95
  truncated.jpg             quad-444.jpg cut in the middle of its entropy-coded data
  bomb.jpg                  quad-444.jpg whose frame header claims 60000×60000 pixels
"""
import os
import subprocess
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "StrataTests", "Goldens", "jpeg")
QUADS = [(200, 40, 40), (40, 180, 60), (30, 60, 210), (240, 240, 240)]  # TL, TR, BL, BR


def cjpeg(ppm, args):
    return subprocess.run(["cjpeg", *args], input=ppm, check=True, capture_output=True).stdout


def main():
    os.makedirs(OUT, exist_ok=True)
    rgb = bytearray()
    for y in range(32):
        for x in range(32):
            rgb += bytes(QUADS[(y >= 16) * 2 + (x >= 16)])
    ppm = b"P6\n32 32\n255\n" + bytes(rgb)
    pgm = b"P5\n32 16\n255\n" + bytes((64 if x < 16 else 192) for y in range(16) for x in range(32))
    quad = cjpeg(ppm, ["-quality", "95", "-sample", "1x1"])
    files = {
        "quad-444.jpg": quad,
        "quad-420-progressive.jpg": cjpeg(ppm, ["-quality", "90", "-sample", "2x2", "-progressive"]),
        "gray.jpg": cjpeg(pgm, ["-quality", "95", "-grayscale"]),
        "truncated.jpg": quad[: len(quad) * 2 // 3],
    }
    sof = quad.index(b"\xff\xc0")  # baseline frame header: FFC0 len(2) precision(1) height(2) width(2)
    bomb = bytearray(quad)
    bomb[sof + 5:sof + 9] = (60000).to_bytes(2, "big") * 2
    files["bomb.jpg"] = bytes(bomb)
    for name, data in files.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    sys.exit(main())
