/* Edge accumulation into a band's cells, shared by raster.c (the portable edge walk) and
 * raster_avx2.c (8 rows of an edge at once): the per-row values are computed with the same
 * float operations in the same order in both, and written by the same functions below, so both
 * give the same cells to the bit. */
#ifndef CRASTER_ACCUMULATE_H
#define CRASTER_ACCUMULATE_H

#include "raster_internal.h"

/* Flags cells i and i+1 of a row's bitmap. */
static inline void craster_flag_pair(uint64_t *bw, int i) {
    unsigned sh = (unsigned)i & 63;
    bw[i >> 6] |= (uint64_t)3 << sh;
    if (sh == 63) bw[(i >> 6) + 1] |= 1;
}

/* Flags cells c0 … c1 (c0 ≤ c1) of a row's bitmap. */
static inline void craster_flag_range(uint64_t *bw, int c0, int c1) {
    int w = c0 >> 6, last_w = c1 >> 6;
    uint64_t m = ~(uint64_t)0 << (c0 & 63);
    while (w < last_w) { bw[w] |= m; m = ~(uint64_t)0; w++; }
    bw[w] |= m & (~(uint64_t)0 >> (63 - (c1 & 63)));
}

/* One row of cells: where device column x_origin is (cell 0) and the last cell (width + 1).
 * A contribution to a column left of the row goes to cell 0 (a pixel's coverage is the sum of
 * the cells up to it, so the pixels of the row see the same sums); one right of it is dropped
 * (it only changes pixels further right). */
typedef struct {
    uint32_t *c;
    uint64_t *bw;
    int x_origin, last;
} craster_row;

static inline void craster_put_folded(const craster_row *r, int col, int32_t v) {
    int i = col - r->x_origin;
    if (i > r->last) return;
    if (i < 0) i = 0;
    r->c[i] += (uint32_t)v;
    r->bw[i >> 6] |= (uint64_t)1 << (i & 63);
}

/* A row piece inside one column ci (or too narrow to divide by its width), of height dd (cell
 * units): the running coverage is dd − f after column ci and dd after ci + 1, f being the height
 * times the piece's mean distance from the column's left side. */
static inline __attribute__((always_inline)) void craster_cells_single(const craster_row *r, int ci, int32_t f, int32_t dd) {
    int i = ci - r->x_origin;
    if (i >= 0 && i + 1 <= r->last) {
        r->c[i] += (uint32_t)(dd - f);
        r->c[i + 1] += (uint32_t)f;
        craster_flag_pair(r->bw, i);
    } else {
        craster_put_folded(r, ci, dd - f);
        craster_put_folded(r, ci + 1, f);
    }
}

/* A row piece over columns c0 < c1: the running coverage is cov0 after column c0, cov1 after
 * c0 + 1 (used when c1 > c0 + 1), grows by inv per column up to c1 − 1, is cov_end after c1 and
 * dd after c1 + 1; the cells get its differences. */
static inline __attribute__((always_inline)) void craster_cells_multi(const craster_row *r, int c0, int c1, float inv, int32_t cov0,
                                                                     int32_t cov1, int32_t cov_end, int32_t dd) {
    int i0 = c0 - r->x_origin, i1 = c1 - r->x_origin;
    int32_t prev = cov0;
    if (i0 >= 0 && i1 + 1 <= r->last) {
        uint32_t *c = r->c + i0;
        c[0] += (uint32_t)cov0;
        if (c1 > c0 + 1) {
            c[1] += (uint32_t)(cov1 - cov0);
            prev = cov1;
            if (c1 > c0 + 2) {
                /* Interior columns: coverage grows by inv per column; stepped in 2⁻³² units so
                 * that rounding to cells never drifts. */
                int64_t step = (int64_t)((double)inv * 4294967296.0);
                int64_t acc = (int64_t)cov1 * 65536 + 32768;
                for (int k = 2; k < c1 - c0; k++) {
                    acc += step;
                    int32_t cov = (int32_t)(acc >> 16);
                    c[k] += (uint32_t)(cov - prev);
                    prev = cov;
                }
            }
        }
        c[c1 - c0] += (uint32_t)(cov_end - prev);
        c[c1 - c0 + 1] += (uint32_t)(dd - cov_end);
        craster_flag_range(r->bw, i0, i1 + 1);
        return;
    }
    /* The same values, folded at the row's sides. */
    craster_put_folded(r, c0, cov0);
    if (c1 > c0 + 1) {
        craster_put_folded(r, c0 + 1, cov1 - cov0);
        prev = cov1;
        if (c1 > c0 + 2) {
            int64_t step = (int64_t)((double)inv * 4294967296.0);
            int64_t acc = (int64_t)cov1 * 65536 + 32768;
            int k = 2, end = c1 - c0;
            /* Columns left of the row (k ≤ skip) all add up in cell 0: stepped over at once. */
            int skip = r->x_origin - c0 - 1;
            if (skip >= k) {
                if (skip > end - 1) skip = end - 1;
                acc += step * (int64_t)(skip - 1);
                int32_t cov = (int32_t)(acc >> 16);
                craster_put_folded(r, c0 + skip, cov - prev);
                prev = cov;
                k = skip + 1;
            }
            int stop = r->x_origin + r->last - c0 + 1;
            if (end > stop) end = stop;
            for (; k < end; k++) {
                acc += step;
                int32_t cov = (int32_t)(acc >> 16);
                craster_put_folded(r, c0 + k, cov - prev);
                prev = cov;
            }
        }
    }
    craster_put_folded(r, c1, cov_end - prev);
    craster_put_folded(r, c1 + 1, dd - cov_end);
}

/* Edge e's x at height y (dxdy its slope, lo … hi its x range, which rounding cannot leave):
 * both edge walks start a piece from it. */
static inline float craster_x_at(const craster_edge *e, float dxdy, float lo, float hi, float y) {
    float v = e->x0 + (y - e->y0) * dxdy;
    return v < lo ? lo : (v > hi ? hi : v);
}

/* Adds edge e between rows ys…ye (inside the current band, whose top row is bt) with 8 rows at
 * a time (raster_avx2.c; the same cells as raster.c's add_edge). */
#if defined(CRASTER_X86)
void craster_add_edge_avx2(const craster_edge *e, float ys, float ye, float bt, int x_origin, int last,
                           uint32_t *cells, uint64_t *bits, ptrdiff_t stride, ptrdiff_t words);
void craster_add_short_edges_avx2(const craster_edge *const *edges, const float *ys, const float *ye, int n,
                                  float bt, int x_origin, int last, uint32_t *cells, uint64_t *bits,
                                  ptrdiff_t stride, ptrdiff_t words);
#endif

#endif
