#!/usr/bin/python3
"""Writes a PNG of KWin's active screen, taken through org.kde.KWin.ScreenShot2 on D-Bus.

Usage: kwin-screenshot.py OUT.png   (DBUS_SESSION_BUS_ADDRESS must name KWin's session bus; KWin
must run with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1, which scripts/compositor sets).

KWin writes raw pixels into the pipe we pass and answers with width, height, stride and the
QImage format; we convert rows to 8-bit RGBA and write the PNG with zlib (no imaging library).
Needs Debian's python3-dbus, hence /usr/bin/python3.
"""
import os
import struct
import sys
import threading
import zlib

import dbus

# QImage::Format values KWin uses for screenshots, all 32-bit native-endian 0xAARRGGBB words.
RGB32, ARGB32, ARGB32_PREMULTIPLIED = 4, 5, 6


def png_bytes(width, height, rows_rgba):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + row for row in rows_rgba)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: kwin-screenshot.py OUT.png")
    read_fd, write_fd = os.pipe()
    chunks = []
    reader = threading.Thread(target=lambda: chunks.extend(iter(lambda: os.read(read_fd, 1 << 20), b"")))
    reader.start()
    bus = dbus.SessionBus()
    shot = dbus.Interface(bus.get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2"), "org.kde.KWin.ScreenShot2")
    try:
        result = shot.CaptureActiveScreen({"include-cursor": False, "native-resolution": True},
                                          dbus.types.UnixFd(write_fd), timeout=10)
    finally:
        os.close(write_fd)  # KWin holds its own copy; ours must close for the reader to see EOF
    reader.join(10)
    os.close(read_fd)
    data = b"".join(chunks)
    width, height, stride, fmt = (int(result[k]) for k in ("width", "height", "stride", "format"))
    if fmt not in (RGB32, ARGB32, ARGB32_PREMULTIPLIED):
        sys.exit(f"kwin-screenshot: unsupported QImage format {fmt}")
    if len(data) < stride * height:
        sys.exit(f"kwin-screenshot: got {len(data)} bytes, expected {stride * height}")
    rows = []
    for y in range(height):
        words = struct.unpack_from(f"={width}I", data, y * stride)
        row = bytearray(width * 4)
        for x, p in enumerate(words):
            a = 255 if fmt == RGB32 else p >> 24
            r, g, b = p >> 16 & 255, p >> 8 & 255, p & 255
            if fmt == ARGB32_PREMULTIPLIED and 0 < a < 255:
                r, g, b = (min(255, (c * 255 + a // 2) // a) for c in (r, g, b))
            row[4 * x:4 * x + 4] = bytes((r, g, b, a))
        rows.append(bytes(row))
    with open(sys.argv[1], "wb") as out:
        out.write(png_bytes(width, height, rows))


if __name__ == "__main__":
    main()
