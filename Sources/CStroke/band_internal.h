#ifndef CSTROKE_BAND_INTERNAL_H
#define CSTROKE_BAND_INTERNAL_H

/* What the portable and the AVX2 band kernels share: per-band constants, where a column's rows
 * start, one column's coverage in scalar float (the arithmetic the AVX2 kernel does lane by
 * lane) and the pixel blend. */

#include "CStroke.h"
#include "CPixelMath.h"

#include <math.h>

/* No fused multiply-adds: every build must round like the Swift reference. GCC ignores this
 * pragma (meson passes -ffp-contract=off instead). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#if defined(__x86_64__) || defined(__i386__)
#define CSTROKE_X86 1
#endif

/* What a band's columns share. `low`: the slope if negative, else 0 (the top edge's lowest v
 * in a column is the near side's plus that); the float constants of the coverage. */
typedef struct {
    double top, slope, low, row_lo, row_hi;
    int origin, lo, hi, transposed;
    float neg, half, inv, h, slope_f;
} cstroke_band_setup;

static inline cstroke_band_setup cstroke_setup(const cstroke_run *r, const cstroke_clip *c) {
    cstroke_band_setup b;
    b.top = r->top;
    b.slope = r->slope;
    b.low = r->slope < 0 ? r->slope : 0;
    b.origin = r->origin;
    b.transposed = r->transposed;
    b.lo = r->transposed ? c->x0 : c->y0;
    b.hi = r->transposed ? c->x1 : c->y1;
    /* A column's first row is clamped 8 rows beyond the clip: the band (at most 3.5 rows tall)
     * then draws nothing there, and huge coordinates never reach an integer conversion. */
    b.row_lo = (double)b.lo - 8;
    b.row_hi = (double)b.hi + 8;
    float s = (float)r->slope, m = fabsf(s);
    b.slope_f = s;
    b.neg = s < 0.0f ? s : 0.0f;
    b.half = 0.5f * m;
    b.inv = 1.0f / (m > 1e-30f ? m : 1e-30f);
    b.h = (float)r->height;
    return b;
}

/* Column u of the band: its first row (returned) and the band's top edge at the column's near
 * side relative to that row (`a`, in [0, 2)). */
static inline int cstroke_locate(const cstroke_band_setup *b, int u, float *a) {
    double tc = b->top + b->slope * (double)(u - b->origin);
    double mn = tc + b->low;
    mn = mn < b->row_lo ? b->row_lo : mn;
    mn = mn > b->row_hi ? b->row_hi : mn;
    double r = floor(mn);
    *a = (float)(tc - r);
    return (int)r;
}

/* E(hi): ∫₀¹ max(z − s·x, 0) dx for an edge whose larger end value is hi = z − min(s, 0): the
 * positive share p of the column times the mean there, without dividing by a small slope. */
static inline float cstroke_edge(float hi, float half, float inv) {
    float p = hi * inv;
    p = p > 0.0f ? p : 0.0f;
    p = p < 1.0f ? p : 1.0f;
    float m = half * p;
    float d = hi - m;
    return p * d;
}

/* The 4 rows' coverage of a column whose top edge sits `a` below its first row. */
static inline void cstroke_coverage(const cstroke_band_setup *b, float a, float cov[4]) {
    float q[4];
    for (int k = 0; k < 4; k++) {
        float z = (float)(k + 1) - a;
        float hi = z - b->neg;
        float hb = hi - b->h;
        q[k] = cstroke_edge(hi, b->half, b->inv) - cstroke_edge(hb, b->half, b->inv);
    }
    cov[0] = q[0];
    cov[1] = q[1] - q[0];
    cov[2] = q[2] - q[1];
    cov[3] = q[3] - q[2];
}

/* Coverage c to an alpha byte: 255·c rounded to nearest even, clamped. */
static inline uint32_t cstroke_alpha(float c) {
    float v = nearbyintf(c * 255.0f);
    return v <= 0.0f ? 0u : (v >= 255.0f ? 255u : (uint32_t)v);
}

/* Coverage `alpha` (1…255) of the colour OVER the pixel at element offset `at`. */
static inline void cstroke_blend(const cstroke_target *t, ptrdiff_t at, uint32_t alpha) {
    if (t->a8) {
        uint8_t *p = (uint8_t *)t->pixels + at;
        uint32_t s = cpixel_mul8(alpha, t->color >> 24);
        *p = (uint8_t)(s + cpixel_mul8(*p, 255 - s));
        return;
    }
    uint32_t *p = (uint32_t *)t->pixels + at;
    if (alpha == 255 && t->color >> 24 == 255) {
        *p = t->color;
        return;
    }
    uint32_t s = alpha == 255 ? t->color : cpixel_scaled(t->scaled, t->color, alpha);
    *p = s + cpixel_mul_channels(*p, 255 - (s >> 24));
}

/* Blends column u's 4 rows from `row` (alphas: the bytes of `alpha`, row 0 lowest; 0 skipped,
 * rows outside lo…hi left alone). */
static inline void cstroke_blend_column(const cstroke_target *t, int u, int row, uint32_t alpha,
                                        int lo, int hi, int transposed) {
    for (int k = 0; k < 4; k++) {
        int v = row + k;
        uint32_t a = (alpha >> (8 * k)) & 0xff;
        if (a == 0 || v < lo || v > hi) continue;
        ptrdiff_t at = transposed ? (ptrdiff_t)u * t->stride + v : (ptrdiff_t)v * t->stride + u;
        cstroke_blend(t, at, a);
    }
}

#endif
