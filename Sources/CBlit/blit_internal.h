#ifndef CBLIT_INTERNAL_H
#define CBLIT_INTERNAL_H

/* What the portable and the AVX2 kernels share: the sample-point arithmetic of a bilinear row
 * (pixman's, to the bit) and the span of a row that can touch the source. */

#include "CBlit.h"

#include <stdint.h>

/* x / 255 rounded to nearest, for x ≤ 255 · 255. */
static inline uint32_t cblit_div255(uint32_t x) {
    x += 128;
    return (x + (x >> 8)) >> 8;
}

/* s scaled by a/255, every channel rounded. */
static inline uint32_t cblit_scale_px(uint32_t s, uint32_t a) {
    return cblit_div255((s >> 24) * a) << 24 | cblit_div255(((s >> 16) & 0xff) * a) << 16
        | cblit_div255(((s >> 8) & 0xff) * a) << 8 | cblit_div255((s & 0xff) * a);
}

static inline uint32_t cblit_over_px(uint32_t s, uint32_t d) {
    uint32_t ia = 255 - (s >> 24), out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = ((s >> shift) & 0xff) + cblit_div255(((d >> shift) & 0xff) * ia);
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
}

/* The first sample of a destination row and the per-pixel step, 16.16, half a pixel already
 * taken off (pixman: the pixel centre mapped by the transform, rounded to 16.16, then − ½). */
typedef struct {
    int64_t x, y;
    int32_t ux, uy;
} cblit_row;

static inline cblit_row cblit_row_start(const cblit_affine *m, int src_x, int src_y) {
    int64_t px = (int64_t)src_x * 65536 + 32768, py = (int64_t)src_y * 65536 + 32768;
    cblit_row r;
    /* Σ m·v in 32.32, rounded to 16.16 by adding a half and shifting (an arithmetic shift). */
    r.x = (((int64_t)m->xx * px + (int64_t)m->xy * py + (int64_t)m->x0 * 65536) + 32768) >> 16;
    r.y = (((int64_t)m->yx * px + (int64_t)m->yy * py + (int64_t)m->y0 * 65536) + 32768) >> 16;
    r.x -= 32768;
    r.y -= 32768;
    r.ux = m->xx;
    r.uy = m->yx;
    return r;
}

static inline int64_t cblit_floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static inline int64_t cblit_ceil_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

/* Narrows [*lo, *hi) to the i for which lo_v ≤ a + i·u ≤ hi_v. */
static inline void cblit_constrain(int64_t a, int64_t u, int64_t lo_v, int64_t hi_v, int64_t *lo, int64_t *hi) {
    if (u == 0) {
        if (a < lo_v || a > hi_v) *hi = *lo;
        return;
    }
    int64_t first, last;
    if (u > 0) {
        first = cblit_ceil_div(lo_v - a, u);
        last = cblit_floor_div(hi_v - a, u);
    } else {
        first = cblit_ceil_div(hi_v - a, u);
        last = cblit_floor_div(lo_v - a, u);
    }
    if (first > *lo) *lo = first;
    if (last + 1 < *hi) *hi = last + 1;
    if (*hi < *lo) *hi = *lo;
}

/* The pixels [*lo, *hi) of an n-pixel row whose 2×2 footprint meets the source (every other
 * pixel of the row samples only zeros: OVER leaves the destination as it is). */
static inline void cblit_row_span(cblit_row r, int n, int src_width, int src_height, int *lo, int *hi) {
    int64_t a = 0, b = n;
    cblit_constrain(r.x, r.ux, -65536, (int64_t)src_width * 65536 - 1, &a, &b);
    cblit_constrain(r.y, r.uy, -65536, (int64_t)src_height * 65536 - 1, &a, &b);
    *lo = (int)a;
    *hi = (int)b;
}

/* Whether pixman's 32-bit sample arithmetic stays exact for this call (no wrap-around of
 * the per-pixel steps, indices within 32 bits); the callers fall back otherwise. */
static inline int cblit_bilinear_fits(const cblit_affine *m, int width, int height, int src_x, int src_y,
                                      ptrdiff_t src_stride, int src_width, int src_height) {
    if (width <= 0 || height <= 0 || src_width <= 0 || src_height <= 0) return 1;
    if (src_width > 32767 || src_height > 32767 || src_stride < src_width) return 0;
    if ((int64_t)src_stride * (src_height + 1) > INT32_MAX) return 0;
    const int64_t limit = (int64_t)1 << 30;
    cblit_row corners[4] = {
        cblit_row_start(m, src_x, src_y), cblit_row_start(m, src_x + width, src_y),
        cblit_row_start(m, src_x, src_y + height), cblit_row_start(m, src_x + width, src_y + height),
    };
    for (int k = 0; k < 4; k++) {
        if (corners[k].x < -limit || corners[k].x > limit || corners[k].y < -limit || corners[k].y > limit) return 0;
    }
    return 1;
}

#if defined(__x86_64__) || defined(__i386__)
#define CBLIT_X86 1
void cblit_over_avx2(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                     int width, int height, uint32_t alpha);
void cblit_fill_avx2(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, uint32_t pixel, int stream);
void cblit_over_bilinear_avx2(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, int src_x, int src_y,
                              const uint32_t *src, ptrdiff_t src_stride, int src_width, int src_height,
                              const cblit_affine *m, uint32_t alpha);
void cblit_over_a8_avx2(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                        const uint8_t *mask, ptrdiff_t mask_stride, int width, int height);
void cblit_over_solid_a8_avx2(uint32_t *dst, ptrdiff_t dst_stride, uint32_t pixel, const uint8_t *mask,
                              ptrdiff_t mask_stride, int width, int height);
#endif

#endif
