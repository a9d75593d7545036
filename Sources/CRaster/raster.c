/* The scan converter (see CRaster.h): edge accumulation, the sparse row sweep and the blits. */

#include "CRaster.h"
#include "raster_internal.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* No fused multiply-adds: every build must round like the Swift reference. GCC ignores this
 * pragma (meson passes -ffp-contract=off instead). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

struct craster_scratch {
    float *cells;
    uint64_t *bits;
    uint8_t *mask;
    int32_t *active;
    craster_edge *sorted;
    ptrdiff_t *buckets;
    size_t cell_cap, bit_cap, mask_cap, active_cap, sorted_cap, bucket_cap;
};

craster_scratch *craster_scratch_create(void) { return calloc(1, sizeof(craster_scratch)); }

void craster_scratch_destroy(craster_scratch *s) {
    if (!s) return;
    free(s->cells); free(s->bits); free(s->mask); free(s->active); free(s->sorted); free(s->buckets);
    free(s);
}

int craster_has_avx2(void) {
#if defined(CRASTER_X86)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

/* Makes *p hold at least n elements of size `size` (zeroed when `zero`, which the cells and
 * bitmap rely on: the sweep clears what it reads, so they stay zero between calls). */
static int ensure(void **p, size_t *cap, size_t n, size_t size, int zero) {
    if (n <= *cap) return 0;
    size_t c = n > *cap * 2 ? n : *cap * 2;
    void *q = zero ? calloc(c, size) : malloc(c * size);
    if (!q) return -1;
    free(*p);
    *p = q;
    *cap = c;
    return 0;
}

/* Flags cells i and i+1 of a row's bitmap. */
static inline void flag_pair(uint64_t *bw, int i) {
    unsigned sh = (unsigned)i & 63;
    bw[i >> 6] |= (uint64_t)3 << sh;
    if (sh == 63) bw[(i >> 6) + 1] |= 1;
}

/* One row piece of an edge from x = a to x = b (relative to the band's origin, clamped to
 * 0…width; ca and cb are their cells) covering height |d| with the sign of d. */
static inline void accumulate(float *c, uint64_t *bw, float a, int ca, float b, int cb, float d) {
    float xl = a < b ? a : b, xr = a < b ? b : a;
    int c0 = a < b ? ca : cb, c1 = a < b ? cb : ca;
    if (c0 == c1 || xr - xl < 1e-6f) {
        float xm = (xl + xr) * 0.5f;
        int ci = craster_trunc(xm);
        if (ci > c1) ci = c1;
        float f = xm - (float)ci;
        c[ci] += d - d * f;
        c[ci + 1] += d * f;
        flag_pair(bw, ci);
        return;
    }
    /* Coverage left in column i (running sum) is d·(H(i+1−xl) − H(i+1−xr))/(xr−xl) with
     * H(u) = 0, u²/2, u − ½ for u ≤ 0, 0…1, ≥ 1; the cells get its differences. */
    float inv = d / (xr - xl);
    float a0 = (float)(c0 + 1) - xl;
    float cov0 = inv * a0 * a0 * 0.5f;
    c[c0] += cov0;
    float prev = cov0;
    if (c1 > c0 + 1) {
        float cov1 = inv * (a0 + 0.5f);
        c[c0 + 1] += cov1 - cov0;
        for (int i = c0 + 2; i < c1; i++) c[i] += inv;
        prev = cov1 + inv * (float)(c1 - c0 - 2);
    }
    float b1 = (float)(c1 + 1) - xr;
    float cov_end = inv * (((float)c1 + 0.5f - xl) - b1 * b1 * 0.5f);
    c[c1] += cov_end - prev;
    c[c1 + 1] += d - cov_end;
    /* Flag cells c0 … c1+1. */
    int w = c0 >> 6, last_w = (c1 + 1) >> 6;
    uint64_t m = ~(uint64_t)0 << (c0 & 63);
    while (w < last_w) { bw[w] |= m; m = ~(uint64_t)0; w++; }
    bw[w] |= m & (~(uint64_t)0 >> (63 - ((c1 + 1) & 63)));
}

/* Adds edge e between rows ys…ye (inside the current band). */
static inline void add_edge(const craster_edge *e, float ys, float ye, float bt, float x_origin, float width,
                            float *cells, uint64_t *bits, ptrdiff_t stride, ptrdiff_t words) {
    float ex0 = e->x0 - x_origin, ex1 = e->x1 - x_origin;
    int row = craster_trunc(ys - bt);
    if (ex0 == ex1) {
        /* Vertical: the same two cells in every row. */
        float xc = ex0 < 0 ? 0 : (ex0 > width ? width : ex0);
        int ci = craster_trunc(xc);
        float f = xc - (float)ci;
        float y = ys;
        while (y < ye) {
            float yn = bt + (float)(row + 1);
            if (yn > ye) yn = ye;
            float d = e->dir * (yn - y);
            float *c = cells + row * stride + ci;
            c[0] += d - d * f;
            c[1] += d * f;
            flag_pair(bits + row * words, ci);
            y = yn;
            row++;
        }
        return;
    }
    float dxdy = (e->x1 - e->x0) / (e->y1 - e->y0);
    float lo = ex0 < ex1 ? ex0 : ex1, hi = ex0 < ex1 ? ex1 : ex0;
#define XAT(yy) ({ float v_ = ex0 + ((yy) - e->y0) * dxdy; v_ < lo ? lo : (v_ > hi ? hi : v_); })
#define CLAMPW(vv) ({ float w_ = (vv); w_ < 0 ? 0 : (w_ > width ? width : w_); })
    float y = ys;
    /* The piece's end x, clamped to the row, and its cell carry over to the next row's piece. */
    float x = CLAMPW(y == e->y0 ? ex0 : XAT(y));
    int cx = craster_trunc(x);
    while (y < ye) {
        float yn = bt + (float)(row + 1);
        if (yn > ye) yn = ye;
        float xn = CLAMPW(yn == e->y1 ? ex1 : XAT(yn));
        int cxn = craster_trunc(xn);
        accumulate(cells + row * stride, bits + row * words, x, cx, xn, cxn, e->dir * (yn - y));
        y = yn;
        x = xn;
        cx = cxn;
        row++;
    }
#undef XAT
#undef CLAMPW
}

/* How many rows ahead the sweep prefetches the target pixels where a row's edges are: the first
 * and last pixels edges touch are read and blended, and in a large target they are usually not
 * in cache (a row-by-row walk gives the hardware prefetcher no stride to follow). */
enum { PREFETCH_ROWS = 2 };

/* Turns one row's cells into spans and clears them; then prefetches the target at this row's
 * first and last edge cells in row `prefetch_row` (none when −1). Only flagged cells are read:
 * the running sum is constant across the others (they hold 0), so skipping them adds the same
 * values in the same order as a walk over every cell. */
static inline __attribute__((always_inline))
void sweep_row(float *c, uint64_t *bw, uint8_t *mask, ptrdiff_t words, int width, int y, int x_origin,
               int prefetch_row, int even_odd, const craster_target *t, int avx2) {
    float s = 0;
    int x = 0;          /* first pixel not yet emitted */
    int run_start = 0;  /* first pixel of the pending per-pixel run */
    int first = -1;
    for (ptrdiff_t g = 0; g < words; g += 4) {
        /* One test per group of 4 words (256 cells): interiors and gaps are mostly unflagged. */
        if ((bw[g] | bw[g + 1] | bw[g + 2] | bw[g + 3]) == 0) continue;
        for (ptrdiff_t w = g; w < g + 4; w++) {
            uint64_t word = bw[w];
            if (!word) continue;
            bw[w] = 0;
            int base = (int)(w << 6);
            if (first < 0) first = base | __builtin_ctzll(word);
            do {
                int i = base | __builtin_ctzll(word);
                word &= word - 1;
                if (i != x) {
                    /* Flush the pending per-pixel run, then the constant gap before i. */
                    int run_end = x < width ? x : width;
                    if (run_end > run_start) craster_blit_mask(t, y, x_origin + run_start, run_end - run_start, mask + run_start, avx2);
                    if (x < width) {
                        uint32_t a = craster_alpha(s, even_odd);
                        if (a) craster_blit_span(t, y, x_origin + x, (i < width ? i : width) - x, a, avx2);
                    }
                    run_start = i;
                }
                s += c[i];
                c[i] = 0;
                mask[i] = (uint8_t)craster_alpha(s, even_odd);
                x = i + 1;
            } while (word);
        }
    }
    if (first < 0) return;
    int run_end = x < width ? x : width;
    if (run_end > run_start) craster_blit_mask(t, y, x_origin + run_start, run_end - run_start, mask + run_start, avx2);
    if (x < width) {
        uint32_t a = craster_alpha(s, even_odd);
        if (a) craster_blit_span(t, y, x_origin + x, width - x, a, avx2);
    }
    if (prefetch_row >= 0) {
        craster_prefetch(t, prefetch_row, x_origin + (first < width ? first : width - 1));
        craster_prefetch(t, prefetch_row, x_origin + (run_end > 0 ? run_end - 1 : 0));
    }
}

static inline __attribute__((always_inline))
void sweep_rows(craster_scratch *s, int top, int bottom, int y_end, int x_origin, int width,
                       ptrdiff_t stride, ptrdiff_t words, int even_odd, const craster_target *t,
                       int avx2) {
    for (int row = top; row < bottom; row++) {
        int r = row - top;
        sweep_row(s->cells + r * stride, s->bits + r * words, s->mask, words, width, row, x_origin,
                  row + PREFETCH_ROWS < y_end ? row + PREFETCH_ROWS : -1, even_odd, t, avx2);
    }
}

int craster_fill(craster_scratch *s, const craster_edge *edges, ptrdiff_t count, int x_origin, int width,
                 int y_start, int y_end, int even_odd, const craster_target *t, int portable) {
    if (count <= 0 || width < 0 || y_end <= y_start) return 0;
    const int band_h = 1 << CRASTER_BAND_SHIFT;
    ptrdiff_t stride = (ptrdiff_t)width + 2;
    /* Bitmap rows are padded to groups of 4 words (the padding stays 0), so the sweep can skip
     * 256 untouched cells with one test. */
    ptrdiff_t words = ((stride + 255) >> 8) << 2;
    int bands = (y_end - y_start + band_h - 1) / band_h;
    if (ensure((void **)&s->cells, &s->cell_cap, (size_t)(stride * band_h), sizeof(float), 1)
        || ensure((void **)&s->bits, &s->bit_cap, (size_t)(words * band_h), sizeof(uint64_t), 1)
        || ensure((void **)&s->mask, &s->mask_cap, (size_t)stride, 1, 0)
        || ensure((void **)&s->active, &s->active_cap, (size_t)count, sizeof(int32_t), 0)
        || ensure((void **)&s->sorted, &s->sorted_cap, (size_t)count, sizeof(craster_edge), 0)
        || ensure((void **)&s->buckets, &s->bucket_cap, (size_t)bands + 1, sizeof(ptrdiff_t), 0))
        return -1;
    int avx2 = !portable && craster_has_avx2();

    /* Bucket edges by the band of their top row (a counting sort); with one band (small shapes,
     * glyphs) the edges are used as they are. */
    ptrdiff_t *bc = s->buckets;
    const craster_edge *sorted = edges;
    if (bands == 1) {
        bc[0] = count;
    } else {
        memset(bc, 0, sizeof(ptrdiff_t) * ((size_t)bands + 1));
        float y_origin = (float)y_start;
        int last_band = bands - 1;
#define BAND_OF(e) ({ int b_ = craster_trunc((e).y0 - y_origin) >> CRASTER_BAND_SHIFT; \
                      b_ < 0 ? 0 : (b_ > last_band ? last_band : b_); })
        for (ptrdiff_t i = 0; i < count; i++) bc[BAND_OF(edges[i]) + 1]++;
        for (int b = 0; b < bands; b++) bc[b + 1] += bc[b];
        for (ptrdiff_t i = 0; i < count; i++) {
            int b = BAND_OF(edges[i]);
            s->sorted[bc[b]++] = edges[i];
        }
#undef BAND_OF
        sorted = s->sorted;
    }
    /* bc[b] now holds the end of band b's bucket. */
    ptrdiff_t next = 0;
    int n_active = 0;
    float xo = (float)x_origin, wf = (float)width;
    for (int band = 0; band < bands; band++) {
        int band_top = y_start + band * band_h;
        int band_bottom = band_top + band_h < y_end ? band_top + band_h : y_end;
        ptrdiff_t end = bc[band];
        while (next < end) s->active[n_active++] = (int32_t)next++;
        float btf = (float)band_top, bbf = (float)band_bottom;
        int j = 0;
        while (j < n_active) {
            const craster_edge *e = &sorted[s->active[j]];
            float ys = e->y0 > btf ? e->y0 : btf, ye = e->y1 < bbf ? e->y1 : bbf;
            if (ys < ye) add_edge(e, ys, ye, btf, xo, wf, s->cells, s->bits, stride, words);
            if (e->y1 <= bbf) s->active[j] = s->active[--n_active];
            else j++;
        }
        if (even_odd) sweep_rows(s, band_top, band_bottom, y_end, x_origin, width, stride, words, 1, t, avx2);
        else sweep_rows(s, band_top, band_bottom, y_end, x_origin, width, stride, words, 0, t, avx2);
    }
    return 0;
}
