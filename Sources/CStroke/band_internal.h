#ifndef CSTROKE_BAND_INTERNAL_H
#define CSTROKE_BAND_INTERNAL_H

/* What the portable and the AVX2 band kernels share: per-band constants, one column's rows in
 * scalar float (the arithmetic the AVX2 kernel does lane by lane) and the pixel blend. */

#include "CStroke.h"

#include <math.h>

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__) || defined(__i386__)
#define CSTROKE_X86 1
#endif

/* Slopes below this take the band's edges as flat across a column: the exact formula divides
 * by the slope, and in float its error grows as 1/slope (about 1e-4 of a pixel here), while
 * flat edges are off by at most slope²/8 (5e-5). */
#define CSTROKE_FLAT_SLOPE (1.0 / 64.0)

/* What a band's columns share. */
typedef struct {
    double top, slope, low_shift, row_lo, row_hi;
    float s, h, g, half_s;
    int flat;
} cstroke_band_setup;

static inline cstroke_band_setup cstroke_setup(double top, double slope, double height, int lo, int hi) {
    cstroke_band_setup b;
    b.top = top;
    b.slope = slope;
    b.low_shift = slope < 0 ? slope : 0;
    /* A column's first row is clamped 8 rows beyond the clip: the band (at most 3.5 rows tall)
     * then draws nothing there, and huge coordinates never reach an integer conversion. */
    b.row_lo = (double)lo - 8;
    b.row_hi = (double)hi + 8;
    b.s = (float)slope;
    b.h = (float)height;
    b.flat = fabs(slope) < CSTROKE_FLAT_SLOPE;
    b.g = b.flat ? 0.0f : (float)(0.5 / slope);
    b.half_s = 0.5f * b.s;
    return b;
}

/* Column c of the band (u = first + c): its first row and the 4 rows' coverage from there. */
static inline int cstroke_column(const cstroke_band_setup *b, int c, float cov[4]) {
    double tc = b->top + b->slope * (double)c;
    double mn = tc + b->low_shift;
    mn = mn < b->row_lo ? b->row_lo : mn;
    mn = mn > b->row_hi ? b->row_hi : mn;
    double r = floor(mn);
    float a = (float)(tc - r);
    /* q[k]: the band's area in the column above row r + k + 1. */
    float q[4];
    for (int k = 0; k < 4; k++) {
        float z = (float)(k + 1);
        if (b->flat) {
            float v = z - (a + b->half_s);
            v = v > 0.0f ? v : 0.0f;
            q[k] = v < b->h ? v : b->h;
        } else {
            float b1 = a + b->s, b2 = a + b->h;
            float b3 = b2 + b->s;
            float d0 = z - a, d1 = z - b1, d2 = z - b2, d3 = z - b3;
            d0 = d0 > 0.0f ? d0 : 0.0f;
            d1 = d1 > 0.0f ? d1 : 0.0f;
            d2 = d2 > 0.0f ? d2 : 0.0f;
            d3 = d3 > 0.0f ? d3 : 0.0f;
            float r0 = d0 * d0, r1 = d1 * d1, r2 = d2 * d2, r3 = d3 * d3;
            float e0 = r0 - r1, e1 = r2 - r3;
            float n = e0 - e1;
            q[k] = n * b->g;
        }
    }
    cov[0] = q[0];
    cov[1] = q[1] - q[0];
    cov[2] = q[2] - q[1];
    cov[3] = q[3] - q[2];
    return (int)r;
}

/* x·a/255 on four packed 8-bit channels, rounded to nearest (Strata's _mulChannels). */
static inline uint32_t cstroke_mul_channels(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0x00FF00FFu) * a + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((x >> 8) & 0x00FF00FFu) * a + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

static inline uint32_t cstroke_mul8(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

/* The colour scaled by m (1…254), from the table or computed into it. */
static inline uint32_t cstroke_scaled(const cstroke_target *t, uint32_t m) {
    uint64_t e = t->scaled[m];
    if (e != 0) return (uint32_t)e;
    uint32_t v = cstroke_mul_channels(t->color, m);
    t->scaled[m] = (uint64_t)v | (uint64_t)1 << 32;
    return v;
}

/* Coverage `alpha` (1…255) of the colour OVER the pixel at element offset `at`. */
static inline void cstroke_blend(const cstroke_target *t, ptrdiff_t at, uint32_t alpha) {
    if (t->a8) {
        uint8_t *p = (uint8_t *)t->pixels + at;
        uint32_t s = cstroke_mul8(alpha, t->color >> 24);
        *p = (uint8_t)(s + cstroke_mul8(*p, 255 - s));
        return;
    }
    uint32_t *p = (uint32_t *)t->pixels + at;
    if (alpha == 255 && t->color >> 24 == 255) {
        *p = t->color;
        return;
    }
    uint32_t s = alpha == 255 ? t->color : cstroke_scaled(t, alpha);
    *p = s + cstroke_mul_channels(*p, 255 - (s >> 24));
}

/* Blends one column's 4 rows from `row` (alphas 0 skipped, rows outside lo…hi left alone). */
static inline void cstroke_blend_column(const cstroke_target *t, int u, int row, const uint32_t alpha[4],
                                        int lo, int hi, int transposed) {
    for (int k = 0; k < 4; k++) {
        int v = row + k;
        if (alpha[k] == 0 || v < lo || v > hi) continue;
        ptrdiff_t at = transposed ? (ptrdiff_t)u * t->stride + v : (ptrdiff_t)v * t->stride + u;
        cstroke_blend(t, at, alpha[k]);
    }
}

#endif
