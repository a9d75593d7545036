#!/usr/bin/env python3
"""Prints the top-left pixel of a PNG as RRGGBBAA (8-bit RGB or RGBA files).

Used by scripts/compositor to tell when weston's desktop shell has drawn its background: its
first screenshots are fully transparent. The first pixel of the first row is stored unfiltered
by every PNG filter type (they all predict 0 there), so a partial inflate is enough."""
import struct
import sys
import zlib

data = open(sys.argv[1], "rb").read()
pos, idat, color_type = 8, b"", None
while pos + 8 <= len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        color_type = body[9]
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
channels = {2: 3, 6: 4}.get(color_type)
if channels is None or data[12:16] != b"IHDR" or data[24] != 8:
    sys.exit("png-first-pixel: only 8-bit RGB/RGBA PNGs")
first = zlib.decompressobj().decompress(idat, 1 + channels)[1:]
print((first + b"\xff").hex()[:8])
