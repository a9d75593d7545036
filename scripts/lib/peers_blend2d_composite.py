
# ----------------------------------------------------------------------------- added by Strata's scripts/bench-peers
# The harness's blend2d-py runs only fill, stroke and gradient scenes, and blend2d-C needs Blend2D
# built from source, which this machine cannot fetch. Issue 5 compares the composite scenes with
# Blend2D, so this adds them to blend2d-py: the same scene as the other peers (clear, then every
# layer blitted OVER with its opacity; integer, fractional (bilinear) or rotated placement), in a
# Python loop like pycairo and skia-py. The loop's overhead (a few calls per layer) is counted
# against Blend2D, as it is for those peers.

_py_b2d_harness = py_b2d


def _b2d_layer_image(b, k, size):
    """Layer image k as a Blend2D image. This binding can't write pixels (getDataAsNumPy returns a
    copy), so the image goes through a QOI file: the scene's unpremultiplied bytes (scenes.py's
    layer formula), which Blend2D premultiplies on load, byte-identical to layer_image(k, size)
    (checked here)."""
    import struct
    import tempfile
    x = np.arange(size)[None, :].repeat(size, 0)
    y = np.arange(size)[:, None].repeat(size, 1)
    a = np.where(x < 3 * size // 4, 255, np.where(x < 7 * size // 8, 128, 0))
    rgba = np.stack([(4 * x + 16 * k) & 255, (4 * y + 32 * k) & 255, (2 * (x + y) + 8 * k) & 255, a], -1)
    chunks = np.concatenate([np.full((size * size, 1), 255), rgba.reshape(-1, 4)], 1).astype(np.uint8)
    with tempfile.NamedTemporaryFile(suffix=".qoi") as f:
        # QOI: header, then every pixel as an explicit RGBA chunk (0xff r g b a), then the end marker.
        f.write(b"qoif" + struct.pack(">IIBB", size, size, 4, 0) + chunks.tobytes() + b"\0" * 7 + b"\1")
        f.flush()
        im = b.BLImage()
        im.readFromFile(f.name)
    if not np.array_equal(im.getDataAsNumPy(), layer_images(size, k + 1)[k]):
        raise RuntimeError("blend2d-py: layer image %d (%d px) does not match the scene's bytes" % (k, size))
    return im


def _b2d_composite(sc):
    import blend2d as b
    W, H = sc["width"], sc["height"]
    s, mode = sc["layer_size"], sc["mode"]
    img = b.BLImage(W, H, b.BLFormat.PRGB32)
    ctx = b.BLContext(img)
    layers = [_b2d_layer_image(b, k, s) for k in range(sc["n_images"])]
    bg = tuple(sc.get("clear") or sc.get("background") or [0, 0, 0, 0])
    items = []
    for i, l in enumerate(sc["layers"]):
        xx, yx, xy, yy, x0, y0 = layer_matrix(mode, s, sc.get("rotation_deg", 0), l)
        im = layers[i % len(layers)]
        if mode == "rot15":
            items.append((im, b.Matrix2D(xx, yx, xy, yy, x0, y0), None, l["opacity"]))
        else:
            items.append((im, None, b.BLPoint(x0, y0), l["opacity"]))
    origin = b.BLPoint(0, 0)

    def clear():
        ctx.comp_op = b.BLCompOp.SRC_COPY
        ctx.set_fill_style(bg)
        ctx.fill_all()
        ctx.comp_op = b.BLCompOp.SRC_OVER

    def op():
        clear()
        for im, m, pt, alpha in items:
            ctx.global_alpha = alpha
            if m is None:
                ctx.blit_image(pt, im)
            else:
                ctx.transform(m)
                ctx.blit_image(origin, im)
                ctx.reset_transform()
        ctx.global_alpha = 1.0

    def readback():
        ctx.flush()
        return img.getDataAsNumPy().copy()

    clear()
    return PyImpl(op, clear, readback, sync=ctx.flush, keep=[img, ctx, layers])


def py_b2d(sc, variant=0):
    if sc["kind"] == "composite":
        return _b2d_composite(sc)
    return _py_b2d_harness(sc, variant)
