#ifndef CRASTER_INTERNAL_H
#define CRASTER_INTERNAL_H

/* What the portable and AVX2 code share: index and alpha arithmetic and the scalar blits. */

#include "CRaster.h"
#include "CPixelMath.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* No fused multiply-adds: every build must round like the Swift reference. GCC ignores this
 * pragma (meson passes -ffp-contract=off instead). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#if defined(__x86_64__) || defined(__i386__)
#define CRASTER_X86 1
#endif

/* Rows per band: the cells of one band are accumulated, then swept. */
#define CRASTER_BAND_SHIFT 5

/* ⌊v⌋ for 0 ≤ v < 2³¹ (band-relative rows): truncation is the floor. */
static inline int craster_trunc(float v) {
    return (int)v;
}

/* ⌊v⌋ for |v| < 2³¹ (device columns, which may lie left of the target). */
static inline int craster_floor(float v) {
    int i = (int)v;
    return i - ((float)i > v);
}

/* Cells hold coverage in units of 2⁻¹⁶ (CRASTER_ONE is full coverage), as wrapping 32-bit
 * integers: integer sums do not depend on the order of the additions, so a pixel's running sum
 * is the same whichever edges, bands and clip produced it. */
#define CRASTER_ONE 65536

/* round(v · 2¹⁶) to nearest even for |v| < 64: adding 1.5·2²³ leaves the rounded value in the
 * low mantissa bits (the scaling by 2¹⁶ is exact). */
static inline int32_t craster_fix(float v) {
    union { float f; int32_t i; } b = { v * 65536.0f + 12582912.0f };
    return b.i - 0x4B400000;
}

/* round(255 · rule(|v| / 2¹⁶)), rule non-zero min(t, 1) or even-odd (distance to the nearest
 * even number), halves rounded up. Even-odd is exact even after the sum wrapped (2¹⁷ divides
 * 2³²); non-zero saturates correctly up to 32 767 windings. */
static inline uint32_t craster_alpha(uint32_t v, int even_odd) {
    uint32_t t;
    if (even_odd) {
        t = v & (2 * CRASTER_ONE - 1);
        if (t > CRASTER_ONE) t = 2 * CRASTER_ONE - t;
    } else {
        t = (int32_t)v < 0 ? 0u - v : v;
        if (t > CRASTER_ONE) t = CRASTER_ONE;
    }
    return (t * 255 + CRASTER_ONE / 2) >> 16;
}

static inline void craster_prefetch(const craster_target *t, int y, int x) {
    if (t->format == CRASTER_ARGB32) __builtin_prefetch((uint32_t *)t->base + (y * t->stride + x), 1, 3);
    else __builtin_prefetch((uint8_t *)t->base + (y * t->stride + x), 1, 3);
}

#if defined(CRASTER_X86)
/* n ≥ 8 pixels of per-pixel coverage m blended into ARGB32 row d (raster_avx2.c). */
void craster_mask_argb_avx2(uint32_t *d, const uint8_t *m, int n, const craster_target *t);
/* n ≥ 8 ARGB32 pixels of row d: v + d·(255 − v_alpha)/255 for the scaled colour v (the scalar span's
 * arithmetic, to the bit, carries between channels included). */
void craster_span_argb_avx2(uint32_t *d, int n, uint32_t v);
/* n ≥ 32 A8 pixels of row d: v + d·(255 − v)/255 (likewise). */
void craster_span_a8_avx2(uint8_t *d, int n, uint32_t v);
#endif

/* Runs the statements after the arguments for each non-zero word of a row's bitmap `bw` (`words`
 * words, a multiple of 4), cleared first, with `word` its bits and `base` its first cell. One test
 * per group of 4 words (256 cells): interiors and gaps are mostly unflagged. */
#define CRASTER_FOR_FLAGGED_WORDS(bw, words, word, base, ...) \
    for (ptrdiff_t g_ = 0; g_ < (words); g_ += 4) { \
        if (((bw)[g_] | (bw)[g_ + 1] | (bw)[g_ + 2] | (bw)[g_ + 3]) == 0) continue; \
        for (ptrdiff_t w_ = g_; w_ < g_ + 4; w_++) { \
            uint64_t word = (bw)[w_]; \
            if (!word) continue; \
            (bw)[w_] = 0; \
            int base = (int)(w_ << 6); \
            __VA_ARGS__ \
        } \
    }

/* Cells per block of the ARGB32 sweeps. */
#define CRASTER_BLOCK 8

/* How many rows ahead the portable sweeps prefetch the target pixels where a row's edges are: the
 * first and last pixels edges touch are read and blended, and in a large target they are usually
 * not in cache (a row-by-row walk gives the hardware prefetcher no stride to follow). The AVX2
 * sweep asks for them at each of its blocks instead, for the next pair of rows
 * (prefetch_next_pair in raster_sweep_avx2.c). */
enum { CRASTER_PREFETCH_ROWS = 2 };

/* The rows of one band to sweep: cells and bitmap rows from its top row on. */
typedef struct {
    uint32_t *cells;
    uint64_t *bits;
    ptrdiff_t stride, words;
    int top, bottom, y_end, x_origin, width, even_odd;
} craster_band;

/* Sweeps a band into an ARGB32 target: portable (raster_sweep_argb.c) and AVX2
 * (raster_sweep_avx2.c). */
void craster_sweep_argb(const craster_band *b, const craster_target *t);
#if defined(CRASTER_X86)
void craster_sweep_argb_avx2(const craster_band *b, const craster_target *t);
#endif

/* The running sums of cells c[0 … CRASTER_BLOCK − 1] after s (returned: the last), the cells
 * cleared, and pixels row[0 … n − 1] blended with their alphas: d = v + mul(d, 255 − v_alpha) with
 * v the colour scaled by the alpha (0 leaves d, 255 with an opaque colour gives the colour), the
 * same pixels as the mask blits. */
static inline __attribute__((always_inline))
uint32_t craster_block_argb(uint32_t *c, uint32_t *row, int n, uint32_t s, int even_odd, const craster_target *t) {
    for (int k = 0; k < CRASTER_BLOCK; k++) {
        s += c[k];
        c[k] = 0;
        if (k < n) {
            uint32_t v = cpixel_scaled(t->scaled, t->color, craster_alpha(s, even_odd));
            row[k] = v + cpixel_mul_channels(row[k], 255 - (v >> 24));
        }
    }
    return s;
}

/* n ARGB32 pixels from row set to c (an opaque colour at full coverage). glibc's wmemset (4-byte
 * wchar_t) is the vectorized fill for 32-bit patterns; below 16 pixels, overlapping 4-pixel
 * stores. Why (2026-12-05, scripts/raster-pair, both orders): clang had vectorized the plain
 * loop into per-pixel masked stores (a compare and a test per pixel); an 8 px rectangle stroke,
 * whose sides are 7-pixel spans, −13 to −14 %, every other fill scene within ±2 %. */
static inline __attribute__((always_inline)) void craster_fill_pixels(uint32_t *row, int n, uint32_t c) {
    if (n >= 16) {
        wmemset((wchar_t *)row, (wchar_t)c, (size_t)n);
#if defined(__SSE2__)
    } else if (n >= 4) {
        __m128i v = _mm_set1_epi32((int)c);
        _mm_storeu_si128((__m128i *)row, v);
        if (n > 8) _mm_storeu_si128((__m128i *)(row + 4), v);
        if (n > 12) _mm_storeu_si128((__m128i *)(row + 8), v);
        _mm_storeu_si128((__m128i *)(row + n - 4), v);
#endif
    } else {
        for (int i = 0; i < n; i++) row[i] = c;
    }
}

static inline __attribute__((always_inline)) void craster_blit_span(const craster_target *t, int y, int x, int n, uint32_t alpha, int avx2) {
    (void)avx2;
    if (t->format == CRASTER_ARGB32) {
        uint32_t *row = (uint32_t *)t->base + (y * t->stride + x);
        uint32_t color = t->color;
        if (alpha == 255 && color >> 24 == 255) {
            craster_fill_pixels(row, n, color);
            return;
        }
        uint32_t s = alpha == 255 ? color : cpixel_scaled(t->scaled, t->color, alpha);
#if defined(CRASTER_X86)
        /* Partly covered rows (a horizontal edge's) and translucent colours: as long as the
         * opaque spans' stores, not 10 scalar instructions a pixel. */
        if (avx2 && n >= 8) { craster_span_argb_avx2(row, n, s); return; }
#endif
        uint32_t inv = 255 - (s >> 24);
        for (int i = 0; i < n; i++) row[i] = s + cpixel_mul_channels(row[i], inv);
    } else {
        uint8_t *row = (uint8_t *)t->base + (y * t->stride + x);
        uint32_t s = cpixel_mul8(alpha, t->color >> 24);
        if (s == 255) { memset(row, 255, (size_t)n); return; }
#if defined(CRASTER_X86)
        if (avx2 && n >= 32) { craster_span_a8_avx2(row, n, s); return; }
#endif
        for (int i = 0; i < n; i++) row[i] = (uint8_t)(s + cpixel_mul8(row[i], 255 - s));
    }
}

static inline __attribute__((always_inline)) void craster_mask_argb(uint32_t *row, const uint8_t *alpha, int n, const craster_target *t) {
    uint32_t color = t->color;
    for (int i = 0; i < n; i++) {
        uint32_t m = alpha[i];
        if (m == 0) continue;
        uint32_t s = m == 255 ? color : cpixel_scaled(t->scaled, t->color, m);
        if (s >> 24 == 255) row[i] = s;
        else row[i] = s + cpixel_mul_channels(row[i], 255 - (s >> 24));
    }
}

static inline __attribute__((always_inline)) void craster_blit_mask(const craster_target *t, int y, int x, int n, const uint8_t *alpha, int avx2) {
    if (t->format == CRASTER_ARGB32) {
        uint32_t *row = (uint32_t *)t->base + (y * t->stride + x);
#if defined(CRASTER_X86)
        if (avx2 && n >= 8) { craster_mask_argb_avx2(row, alpha, n, t); return; }
#else
        (void)avx2;
#endif
        craster_mask_argb(row, alpha, n, t);
    } else {
        uint8_t *row = (uint8_t *)t->base + (y * t->stride + x);
        uint32_t ca = t->color >> 24;
        for (int i = 0; i < n; i++) {
            uint32_t s = cpixel_mul8(alpha[i], ca);
            row[i] = (uint8_t)(s + cpixel_mul8(row[i], 255 - s));
        }
    }
}

/* Exact union coverage of marked rows (union.c). */
/* craster_union_row's value for a pixel whose accumulated coverage is already exact (one layer of
 * outline at most): the splice keeps the accumulated value. */
#define CRASTER_UNION_KEEP INT32_MIN
typedef struct craster_union craster_union;
craster_union *craster_union_create(void);
void craster_union_destroy(craster_union *u);
/* Starts a fill: its pixels share one budget of work (union.c: CRASTER_UNION_FILL_BUDGET). */
void craster_union_begin(craster_union *u);
/* The exact non-zero coverage, in cell units, of device row `row`'s pixels in the column ranges
 * ranges[2k] … ranges[2k + 1] (inclusive, k < n_ranges), one after another into cov, from the
 * edges edges[active[0 … n_active − 1]]. Returns −1 when memory is short or the row would take
 * too long (pieces × columns over 2²⁴, or over 2048 pieces left of one of its listed pixels).
 * A pixel holding over 512 pieces of outline, and a pixel whose union would cost more than is
 * left of the fill's budget, gets CRASTER_UNION_KEEP. */
int craster_union_row(craster_union *u, const craster_edge *edges, const int32_t *active, int n_active, int row,
                      const int32_t *ranges, int n_ranges, int32_t *cov);

/* Makes *p (holding *cap elements of `size` bytes) hold at least n, keeping its contents; at
 * least doubles. Returns −1 (nothing changed) when memory runs out. */
static inline int craster_grow(void **p, size_t *cap, size_t n, size_t size) {
    if (n <= *cap) return 0;
    size_t c = n > *cap * 2 ? n : *cap * 2;
    void *q = realloc(*p, c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

#endif
