/* Native Blend2D for the peers' harness: the anchors' blend2d-C fill and stroke tasks
 * (anc_b2d_fill_new, anc_b2d_stroke_new; libs.py registers a "blend2d-C" column when
 * libanchors.so has them), drawn by the static Blend2D library that PyPI's blend2d-python wheel
 * ships (blend2d/libblend2d.a), called from C with no Python per operation.
 *
 * The wheel has no headers: the C API functions used are declared in blend2d_capi.h.
 * Colours follow the anchors: non-premultiplied RGBA doubles, converted to Blend2D's 0xAARRGGBB.
 * Strokes use round caps and joins, as the harness's other strokers do; dashed strokes get no
 * task (libs.py asks for none: Blend2D's stroker ignores dashes). The composite, rounded-clip and
 * gradient tasks are not provided: libs.py then reports those scenes' blend2d-C setup as failed
 * and leaves the column empty.
 *
 * Built and linked into build/libanchors.so by scripts/bench-peers. */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "anchors.h"
#include "blend2d_capi.h"

void anc_free(Task *t);   /* anchors.c */

typedef struct {
    BLCore image, context;
    BLCore *paths;
    int npaths, stroke;
    uint32_t color, background;
} B2D;

static uint32_t argb32(const double *c) {
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        double x = c[k] < 0 ? 0 : (c[k] > 1 ? 1 : c[k]);
        uint32_t b = (uint32_t)lround(x * 255.0);
        v |= b << (k == 3 ? 24 : 16 - 8 * k);
    }
    return v;
}

/* One spec path (verbs M, L, C, Z and their points) as a Blend2D path; *used: doubles read. */
static void build_path(BLCore *p, const char *verbs, int n, const double *pts, int *used) {
    blPathInit(p);
    int k = 0;
    for (int i = 0; i < n; i++) {
        switch (verbs[i]) {
        case 'M': blPathMoveTo(p, pts[k], pts[k + 1]); k += 2; break;
        case 'L': blPathLineTo(p, pts[k], pts[k + 1]); k += 2; break;
        case 'C': blPathCubicTo(p, pts[k], pts[k + 1], pts[k + 2], pts[k + 3], pts[k + 4], pts[k + 5]); k += 6; break;
        default: blPathClose(p); break;
        }
    }
    *used = k;
}

static void b2d_reset(Task *t) {
    B2D *d = t->priv;
    blContextSetCompOp(&d->context, BL_COMP_OP_SRC_COPY);
    blContextFillAllRgba32(&d->context, d->background);
    blContextSetCompOp(&d->context, BL_COMP_OP_SRC_OVER);
}

static void b2d_op(Task *t) {
    B2D *d = t->priv;
    const BLPoint origin = { 0, 0 };
    for (int i = 0; i < d->npaths; i++) {
        if (d->stroke) blContextStrokePathDRgba32(&d->context, &origin, &d->paths[i], d->color);
        else blContextFillPathDRgba32(&d->context, &origin, &d->paths[i], d->color);
    }
}

/* A synchronous context draws before each call returns; the flush is for form's sake. */
static void b2d_sync(Task *t) {
    B2D *d = t->priv;
    blContextFlush(&d->context, BL_CONTEXT_FLUSH_SYNC);
}

static void b2d_destroy(Task *t) {
    B2D *d = t->priv;
    blContextEnd(&d->context);
    blContextDestroy(&d->context);
    blImageDestroy(&d->image);
    for (int i = 0; i < d->npaths; i++) blPathDestroy(&d->paths[i]);
    free(d->paths);
    free(d);
}

static Task *b2d_task(int W, int H, int npaths, const double *color, const double *bg) {
    Task *t = task_alloc(W, H);
    if (!t) return NULL;
    B2D *d = calloc(1, sizeof *d);
    d->paths = calloc((size_t)(npaths > 0 ? npaths : 1), sizeof(BLCore));
    d->npaths = npaths;
    d->color = argb32(color);
    d->background = argb32(bg);
    blImageInit(&d->image);
    if (blImageCreateFromData(&d->image, W, H, BL_FORMAT_PRGB32, t->pixels, t->stride, BL_DATA_ACCESS_RW, NULL, NULL) ||
        blContextInitAs(&d->context, &d->image, NULL)) {
        fprintf(stderr, "peers_blend2d_native: Blend2D could not draw into a %dx%d image\n", W, H);
        blImageDestroy(&d->image);
        free(d->paths);
        free(d);
        anc_free(t);
        return NULL;
    }
    t->priv = d;
    t->op = b2d_op;
    t->reset = b2d_reset;
    t->sync = b2d_sync;
    t->destroy = b2d_destroy;
    return t;
}

const char *anc_b2d_version(void) { return "Blend2D (static library of PyPI's blend2d-python wheel)"; }

Task *anc_b2d_fill_new(int W, int H, int npaths, const int *verb_counts, const char *verbs, const double *pts,
                       int evenodd, const double *color, const double *bg) {
    Task *t = b2d_task(W, H, npaths, color, bg);
    if (!t) return NULL;
    B2D *d = t->priv;
    for (int i = 0, v = 0, p = 0; i < npaths; i++) {
        int used;
        build_path(&d->paths[i], verbs + v, verb_counts[i], pts + p, &used);
        v += verb_counts[i];
        p += used;
    }
    blContextSetFillRule(&d->context, evenodd ? BL_FILL_RULE_EVEN_ODD : BL_FILL_RULE_NON_ZERO);
    b2d_reset(t);
    return t;
}

Task *anc_b2d_stroke_new(int W, int H, int nverbs, const char *verbs, const double *pts, double width,
                         int ndash, const double *dash, double dash_offset, const double *color, const double *bg) {
    (void)dash; (void)dash_offset;
    if (ndash > 0) return NULL;
    Task *t = b2d_task(W, H, 1, color, bg);
    if (!t) return NULL;
    B2D *d = t->priv;
    int used;
    build_path(&d->paths[0], verbs, nverbs, pts, &used);
    d->stroke = 1;
    blContextSetStrokeWidth(&d->context, width);
    blContextSetStrokeCaps(&d->context, BL_STROKE_CAP_ROUND);
    blContextSetStrokeJoin(&d->context, BL_STROKE_JOIN_ROUND);
    b2d_reset(t);
    return t;
}
