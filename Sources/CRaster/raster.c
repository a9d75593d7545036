/* The scan converter (see CRaster.h): edge accumulation, the sparse row sweep and the blits.
 *
 * A fill runs band by band, 32 rows at a time (CRASTER_BAND_SHIFT). Edges are bucketed by the
 * band of their top row (a counting sort); each band's active edges add their row pieces to the
 * band's cells — one 32-bit integer per pixel in 2⁻¹⁶ units, the touched ones flagged in a
 * bitmap — vertical edges (and every edge in the portable build) through add_edge, edges under
 * 3 rows in the band 8 at a time with a lane per edge (craster_add_short_edges_avx2), the others
 * 8 rows at a time (craster_add_edge_avx2). Pixels given exactly (craster_fill_exact's list,
 * from overlap.c and union.c) are spliced into the cells. The sweep then turns the cells' running
 * sums into pixels: blocks at flagged cells, spans between (raster_sweep_avx2.c; the portable
 * raster_sweep_argb.c; sweep_rows here for A8 targets). A band whose rows are all alike (only
 * vertical edges, each through the whole band: rectangles, the straight sides of rounded ones)
 * is drawn from its first row's runs instead (replay_band: replay_sides for one shape's two
 * sides, replay_ops for several side by side).
 *
 * Where the time goes (AMD EPYC, 2026-12-05): in large shapes, storing the interior spans (about
 * half of circle_r400) and, row by row, each edge's accumulation and blocks; in small ones, the
 * accumulation (the 8-row step's fixed cost) and the sweep's blocks. How that was measured, what
 * each kept choice gained, and the changes measured and left out (and why) are in
 * docs/craster-measurements.md: read it before trying one again. */

#include "CRaster.h"
#include "raster_internal.h"
#include "raster_accumulate.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* No fused multiply-adds: every build must round like the Swift reference. GCC ignores this
 * pragma (meson passes -ffp-contract=off instead). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

struct craster_scratch {
    uint32_t *cells;
    uint64_t *bits;
    uint8_t *mask;
    int32_t *active;
    craster_edge *sorted;
    ptrdiff_t *buckets;
    int32_t *ucov, *uranges;
    craster_union *uni;
    size_t cell_cap, bit_cap, mask_cap, active_cap, sorted_cap, bucket_cap, ucov_cap, urange_cap;
    int replayed;   /* bands the last fill replayed */
    int sides;      /* of those, bands drawn by replay_sides */
    int listed;     /* and by replay_ops */
};

int craster_scratch_replayed_bands(const craster_scratch *s) { return s->replayed; }
int craster_scratch_replayed_sides(const craster_scratch *s) { return s->sides; }
int craster_scratch_replayed_lists(const craster_scratch *s) { return s->listed; }

craster_scratch *craster_scratch_create(void) { return calloc(1, sizeof(craster_scratch)); }

void craster_scratch_destroy(craster_scratch *s) {
    if (!s) return;
    free(s->cells); free(s->bits); free(s->mask); free(s->active); free(s->sorted); free(s->buckets);
    free(s->ucov); free(s->uranges); craster_union_destroy(s->uni);
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

/* One row piece of an edge from device x = a to x = b (ca and cb their columns) covering height
 * |d| with the sign of d; dd is d in cell units (exact: every edge's y lies on a 2⁻¹⁰ grid).
 *
 * Coverage left in column i (the running sum) is d·(H(i+1−xl) − H(i+1−xr))/(xr−xl) with
 * H(u) = 0, u²/2, u − ½ for u ≤ 0, 0…1, ≥ 1; it is computed from device coordinates only, rounded
 * to cell units column by column, and the cells get its differences, the last one what is left
 * of dd. So a piece's cells sum to dd exactly and each cell's value depends on the piece alone,
 * never on the clip, the band or the row's origin. raster_avx2.c computes the same values for 8
 * rows at once, with the same operations in the same order. */
static inline void accumulate(const craster_row *r, float a, int ca, float b, int cb, float d, int32_t dd) {
    float xl = a < b ? a : b, xr = a < b ? b : a;
    int c0 = a < b ? ca : cb, c1 = a < b ? cb : ca;
    if (c0 == c1 || xr - xl < 1e-6f) {
        float xm = (xl + xr) * 0.5f;
        int ci = craster_floor(xm);
        if (ci > c1) ci = c1;
        craster_cells_single(r, ci, craster_fix(d * (xm - (float)ci)), dd);
        return;
    }
    float inv = d / (xr - xl);
    float a0 = (float)(c0 + 1) - xl;
    int32_t cov0 = craster_fix(inv * a0 * a0 * 0.5f);
    int32_t cov1 = craster_fix(inv * (a0 + 0.5f));
    float b1 = (float)(c1 + 1) - xr;
    int32_t cov_end = craster_fix(inv * (((float)c1 + 0.5f - xl) - b1 * b1 * 0.5f));
    craster_cells_multi(r, c0, c1, inv, cov0, cov1, cov_end, dd);
}

/* Adds edge e between rows ys…ye (inside the current band, whose top row is bt). Everything is
 * computed in device coordinates from the edge's own endpoints, so a row gets the same values
 * whichever rows, bands and columns the fill covers. */
static inline void add_edge(const craster_edge *e, float ys, float ye, float bt, int x_origin, int last,
                            uint32_t *cells, uint64_t *bits, ptrdiff_t stride, ptrdiff_t words) {
    int row = craster_trunc(ys - bt);
    craster_row r = { cells + row * stride, bits + row * words, x_origin, last };
    if (e->x0 == e->x1) {
        /* Vertical: the same two cells in every row. */
        int ci = craster_floor(e->x0);
        float f = e->x0 - (float)ci;
        int i = ci - x_origin;
        int inside = i >= 0 && i + 1 <= last;
        float y = ys;
        while (y < ye) {
            float yn = bt + (float)(row + 1);
            if (yn > ye) yn = ye;
            float d = e->dir * (yn - y);
            int32_t dd = craster_fix(d), fd = craster_fix(d * f);
            if (inside) {
                r.c[i] += (uint32_t)(dd - fd);
                r.c[i + 1] += (uint32_t)fd;
                craster_flag_pair(r.bw, i);
            } else {
                craster_put_folded(&r, ci, dd - fd);
                craster_put_folded(&r, ci + 1, fd);
            }
            y = yn;
            r.c += stride;
            r.bw += words;
            row++;
        }
        return;
    }
    float dxdy = (e->x1 - e->x0) / (e->y1 - e->y0);
    float lo = e->x0 < e->x1 ? e->x0 : e->x1, hi = e->x0 < e->x1 ? e->x1 : e->x0;
    float y = ys;
    /* The piece's end x and its column carry over to the next row's piece. */
    float x = y == e->y0 ? e->x0 : craster_x_at(e, dxdy, lo, hi, y);
    int cx = craster_floor(x);
    while (y < ye) {
        float yn = bt + (float)(row + 1);
        if (yn > ye) yn = ye;
        float xn = yn == e->y1 ? e->x1 : craster_x_at(e, dxdy, lo, hi, yn);
        int cxn = craster_floor(xn);
        float d = e->dir * (yn - y);
        accumulate(&r, x, cx, xn, cxn, d, craster_fix(d));
        y = yn;
        x = xn;
        cx = cxn;
        r.c += stride;
        r.bw += words;
        row++;
    }
}

/* One run of a row: n pixels from cell x, blended with the constant alpha, or (CRASTER_RUN_MASK)
 * with the per-pixel alphas the sweep left in its mask. */
typedef struct { int x, n; uint32_t alpha; } craster_run;
#define CRASTER_RUN_MASK 256u

/* A run of the row being swept: blitted, or appended to rec->runs when rec is not NULL. */
typedef struct { craster_run *runs; int n; } run_record;

static inline __attribute__((always_inline))
void emit_run(run_record *rec, const craster_target *t, int y, int x_origin, int x, int n, uint32_t alpha,
              const uint8_t *mask, int avx2) {
    if (rec) rec->runs[rec->n++] = (craster_run){ x, n, alpha };
    else if (alpha == CRASTER_RUN_MASK) craster_blit_mask(t, y, x_origin + x, n, mask + x, avx2);
    else craster_blit_span(t, y, x_origin + x, n, alpha, avx2);
}

/* Turns one row's cells into runs — blitted, or recorded in rec when it is not NULL — and clears
 * them; then prefetches the target at this row's first and last edge cells in row `prefetch_row`
 * (none when −1). Only flagged cells are read: the running sum is constant across the others
 * (they hold 0), so skipping them adds the same values in the same order as a walk over every
 * cell. */
static inline __attribute__((always_inline))
void sweep_row(uint32_t *c, uint64_t *bw, uint8_t *mask, ptrdiff_t words, int width, int y, int x_origin,
               int prefetch_row, int even_odd, const craster_target *t, int avx2, run_record *rec) {
    uint32_t s = 0;
    int x = 0;          /* first pixel not yet emitted */
    int run_start = 0;  /* first pixel of the pending per-pixel run */
    int first = -1;
    CRASTER_FOR_FLAGGED_WORDS(bw, words, word, base,
        if (first < 0) first = base | __builtin_ctzll(word);
        do {
            int i = base | __builtin_ctzll(word);
            word &= word - 1;
            if (i != x) {
                /* Flush the pending per-pixel run, then the constant gap before i. */
                int run_end = x < width ? x : width;
                if (run_end > run_start) emit_run(rec, t, y, x_origin, run_start, run_end - run_start, CRASTER_RUN_MASK, mask, avx2);
                if (x < width) {
                    uint32_t a = craster_alpha(s, even_odd);
                    if (a) emit_run(rec, t, y, x_origin, x, (i < width ? i : width) - x, a, mask, avx2);
                }
                run_start = i;
            }
            s += c[i];
            c[i] = 0;
            mask[i] = (uint8_t)craster_alpha(s, even_odd);
            x = i + 1;
        } while (word);
    )
    if (first < 0) return;
    int run_end = x < width ? x : width;
    if (run_end > run_start) emit_run(rec, t, y, x_origin, run_start, run_end - run_start, CRASTER_RUN_MASK, mask, avx2);
    if (x < width) {
        uint32_t a = craster_alpha(s, even_odd);
        if (a) emit_run(rec, t, y, x_origin, x, width - x, a, mask, avx2);
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
                  row + CRASTER_PREFETCH_ROWS < y_end ? row + CRASTER_PREFETCH_ROWS : -1, even_odd, t, avx2, NULL);
    }
}

/* sweep_rows with the fill rule a constant of each copy. Out of line: inlined into the band
 * loop, its vector constants were hoisted there and reloaded after every edge walk's call. */
static __attribute__((noinline))
void sweep_rows_a8(craster_scratch *s, int top, int bottom, int y_end, int x_origin, int width,
                   ptrdiff_t stride, ptrdiff_t words, int even_odd, const craster_target *t, int avx2) {
    if (even_odd) sweep_rows(s, top, bottom, y_end, x_origin, width, stride, words, 1, t, avx2);
    else sweep_rows(s, top, bottom, y_end, x_origin, width, stride, words, 0, t, avx2);
}

/* Makes the running sums of one row's cells (c, bitmap bw) the exact coverage cov (where it is not
 * CRASTER_UNION_KEEP, which keeps the accumulated sum) in the column ranges ranges[2k] … ranges[2k + 1] (cells, ascending, at least one cell apart) and leaves them
 * as they were everywhere else: each range's first cell gets what brings the sum to its value, the
 * cells inside the differences, the cell after it what brings the sum back. */
static void splice_exact(uint32_t *c, uint64_t *bw, const int32_t *ranges, int n_ranges, const int32_t *cov) {
    uint32_t acc = 0; /* the running sum of the row's original cells up to pos − 1 */
    int pos = 0;
    for (int k = 0; k < n_ranges; k++) {
        int i0 = ranges[2 * k], i1 = ranges[2 * k + 1];
        while (pos < i0) acc += c[pos++];
        uint32_t prev = acc;
        for (int i = i0; i <= i1; i++) {
            acc += c[i];
            int32_t v = *cov++;
            uint32_t e = v == CRASTER_UNION_KEEP ? acc : (uint32_t)v;
            c[i] = e - prev;
            prev = e;
        }
        uint32_t after = c[i1 + 1];
        c[i1 + 1] = after + (acc - prev);
        acc += after;
        pos = i1 + 2;
        craster_flag_range(bw, i0, i1 + 1);
    }
}

/* Most edges a band may have for replay_band (its row's runs then fit a fixed array). */
enum { CRASTER_REPLAY_EDGES = 32 };

/* replay_band's rows when their runs are one shape's two sides (the common case: a rectangle, the
 * straight sides of a rounded one): a mask run of 1 or 2 pixels, a span, another such mask run.
 * The mask pixels' scaled colours are worked out once and held in locals, so that no row reads the
 * mask or the scaled-colour table after its span's fill. Returns 0 when it drew the rows, −1
 * (nothing done) when the runs have another shape.
 *
 * Why (2026-12-05, AMD EPYC, scripts/raster-pair on rrect_r24): drawn by emit_run, the rows' 3
 * edge pixels cost ~12 % of the whole fill, the right side's ~3/4 of it — pixels blended right after
 * the span's wmemset, from alphas and colours loaded from memory then (stores of the fill are still
 * in flight; a load whose low 12 address bits match one waits for it). Blending them from values
 * already in registers (or a trivial read-modify-write of the pixel) costs next to nothing: the
 * fill −13 %. The same pixels to the bit: each is craster_mask_argb's s + x·(255 − s_a)/255 with
 * s the colour scaled by the alpha m, which for m = 0 leaves x as it was (x·255/255 = x) and for
 * m = 255 gives the colour where it is opaque. */
static int replay_sides(const craster_target *t, const craster_run *runs, int n_runs, const uint8_t *mask, int top,
                        int bottom, int x_origin, int avx2) {
    if (t->format != CRASTER_ARGB32 || n_runs != 3) return -1;
    const craster_run *l = &runs[0], *m = &runs[1], *r = &runs[2];
    if (l->alpha != CRASTER_RUN_MASK || r->alpha != CRASTER_RUN_MASK || m->alpha == CRASTER_RUN_MASK || l->n > 2
        || r->n > 2)
        return -1;
    uint32_t color = t->color;
    /* l1 and r1 are used only for runs of 2 pixels. */
    uint32_t l0 = cpixel_mul_channels(color, mask[l->x]), l1 = l->n > 1 ? cpixel_mul_channels(color, mask[l->x + 1]) : 0;
    uint32_t r0 = cpixel_mul_channels(color, mask[r->x]), r1 = r->n > 1 ? cpixel_mul_channels(color, mask[r->x + 1]) : 0;
    uint32_t il0 = 255 - (l0 >> 24), il1 = 255 - (l1 >> 24), ir0 = 255 - (r0 >> 24), ir1 = 255 - (r1 >> 24);
    int ln = l->n, rn = r->n, mx = m->x, mn = m->n;
    uint32_t ma = m->alpha;
    ptrdiff_t stride = t->stride;
    uint32_t *pl = (uint32_t *)t->base + (top * stride + x_origin + l->x);
    uint32_t *pm = (uint32_t *)t->base + (top * stride + x_origin + mx);
    uint32_t *pr = (uint32_t *)t->base + (top * stride + x_origin + r->x);
#define SIDES_ROWS(SPAN)                                                            \
    for (int y = top; y < bottom; y++, pl += stride, pm += stride, pr += stride) { \
        pl[0] = l0 + cpixel_mul_channels(pl[0], il0);                              \
        if (ln > 1) pl[1] = l1 + cpixel_mul_channels(pl[1], il1);                  \
        SPAN;                                                                       \
        pr[0] = r0 + cpixel_mul_channels(pr[0], ir0);                              \
        if (rn > 1) pr[1] = r1 + cpixel_mul_channels(pr[1], ir1);                  \
    }
    /* Opaque spans filled directly: craster_blit_span would read the target's fields again after
     * each row's first blends (8 % of rrect_r24). Long ones by wmemset alone, the length tested
     * once (craster_fill_pixels tests it per row: rectangles +2 %). */
    if (ma == 255 && color >> 24 == 255 && mn >= 16) SIDES_ROWS(wmemset((wchar_t *)pm, (wchar_t)color, (size_t)mn))
    else if (ma == 255 && color >> 24 == 255) SIDES_ROWS(craster_fill_pixels(pm, mn, color))
    else SIDES_ROWS(craster_blit_span(t, y, x_origin + mx, mn, ma, avx2))
#undef SIDES_ROWS
    return 0;
}

/* replay_band's rows otherwise, for an opaque colour whose runs are spans at full coverage and
 * mask runs of 1 or 2 pixels (the sides of several shapes side by side: bars, a rectangle's
 * stroke): the mask pixels' scaled colours worked out once into a list of operations, each row
 * then replaying the list — a pixel blended from its entry, or a span filled. Returns 0 when it
 * drew the rows, −1 (nothing done) when the runs have another shape. The same pixels as
 * emit_run's (see replay_sides; pixels at alpha 0 are left out of the list).
 *
 * Why (2026-12-05, scripts/raster-pair, AMD EPYC): against emit_run's blits, 4 bars side by
 * side −10 %, an 8 px frame −3 to −19 %; the pixels of a row blended before its spans instead
 * +20 % on the bars. For one shape's two sides replay_sides is faster still (this list on a
 * rectangle or rrect_r24 +8 to +12 %): its values stay in locals. Prefetching the listed
 * pixels 4–16 rows ahead (into L1 or L2) took 5–11 % off the bars but put 3–15 % on the frame
 * (bench/ui-scenes.json): left out then.
 *
 * Measured again in the fourth session of 2026-12-05 (scripts/raster-pair, 301–1001 rounds,
 * both orders): perf put a third of the bars' replay on the instruction after each listed
 * pixel's load — the pixel's line, pushed out by the row's 150-pixel spans, comes from L3 while
 * the spans' stores are in flight. Asked for 8 rows ahead into L1 (one prefetch per listed pixel,
 * at its blend): the bars −9 to −13 %, the frame ±2.5 % (its rows' lines stay in L2 with or
 * without; limiting the prefetch to rows filling ≥ 128 pixels measured 2 % worse on it), every
 * other fill scene within ±2 % (none has such bands). 4 rows ahead: −9 to −10 %; 16: −13 % in
 * one order; into L2: ±1 %. The same prefetch in replay_sides: a rectangle +4 %, rrect_r24
 * +3 to +4 %, left out there. */
typedef struct { int32_t x, n; uint32_t sc, inv; } replay_op;
enum { REPLAY_AHEAD = 8 };

static int replay_ops(const craster_target *t, const craster_run *runs, int n_runs, const uint8_t *mask, int top,
                      int bottom, int x_origin) {
    uint32_t color = t->color;
    if (t->format != CRASTER_ARGB32 || color >> 24 != 255) return -1;
    /* At most 2 entries per run (a run of 2 mask pixels). */
    replay_op ops[2 * 4 * CRASTER_REPLAY_EDGES];
    int n = 0;
    for (int k = 0; k < n_runs; k++) {
        const craster_run *r = &runs[k];
        if (r->alpha == CRASTER_RUN_MASK) {
            if (r->n > 2) return -1;
            for (int i = 0; i < r->n; i++) {
                uint32_t m = mask[r->x + i];
                if (m == 0) continue;
                uint32_t sc = cpixel_mul_channels(color, m);
                ops[n++] = (replay_op){ r->x + i, 0, sc, 255 - (sc >> 24) };
            }
        } else {
            if (r->alpha != 255) return -1;
            ops[n++] = (replay_op){ r->x, r->n, 0, 0 };
        }
    }
    ptrdiff_t stride = t->stride;
    /* Each listed pixel is asked for REPLAY_AHEAD rows down (see above). */
    const uintptr_t ahead_bytes = (uintptr_t)(REPLAY_AHEAD * stride) * sizeof(uint32_t);
    uint32_t *row = (uint32_t *)t->base + (top * stride + x_origin);
    for (int y = top; y < bottom; y++, row += stride) {
        for (int k = 0; k < n; k++) {
            replay_op o = ops[k];
            if (o.n) {
                craster_fill_pixels(row + o.x, o.n, color);
            } else {
                /* An integer address: rows below the target's last one are past its end, which a
                 * prefetch may ask for (it never faults) and a pointer may not point to. */
                __builtin_prefetch((const void *)((uintptr_t)(row + o.x) + ahead_bytes), 1, 3);
                row[o.x] = o.sc + cpixel_mul_channels(row[o.x], o.inv);
            }
        }
    }
    return 0;
}

/* A band whose active edges (active[0 … n − 1] of `edges`) are all vertical and run through all
 * of its rows (top … bottom − 1, top's y being bt) has the same cells in every row: those of its
 * first row, accumulated as add_edge does, become that row's runs (sweep_row's, recorded), which
 * are then blitted on every row — the pixels a sweep of each row would give, to the bit (the same
 * blits the A8 sweep makes, and the ARGB32 sweeps' blocks give the mask blits' pixels), without
 * walking each row's cells. Rectangles and the straight sides of rounded ones are such bands.
 * Returns 0 when it did so, −1 (nothing done) when the band is not such a band. */
static int replay_band(craster_scratch *s, const craster_edge *edges, const int32_t *active, int n, float bt,
                       int top, int bottom, int x_origin, int width, int last, ptrdiff_t words, int even_odd,
                       const craster_target *t, int avx2) {
    if (n == 0 || n > CRASTER_REPLAY_EDGES) return -1;
    float bb = bt + (float)(bottom - top);
    for (int q = 0; q < n; q++) {
        const craster_edge *e = &edges[active[q]];
        if (!(e->x0 == e->x1 && e->y0 <= bt && e->y1 >= bb)) return -1;
    }
    /* The first row alone: add_edge's cells for it, the same as in every other row. */
    for (int q = 0; q < n; q++) add_edge(&edges[active[q]], bt, bt + 1.0f, bt, x_origin, last, s->cells, s->bits, 0, words);
    /* At most 2 runs per stretch of flagged cells (its mask run and the span after it), and at
     * most 2 flagged cells per edge. */
    craster_run runs[4 * CRASTER_REPLAY_EDGES];
    run_record rec = { runs, 0 };
    sweep_row(s->cells, s->bits, s->mask, words, width, top, x_origin, -1, even_odd, t, avx2, &rec);
    if (replay_sides(t, runs, rec.n, s->mask, top, bottom, x_origin, avx2) == 0) {
        s->sides++;
        return 0;
    }
    if (replay_ops(t, runs, rec.n, s->mask, top, bottom, x_origin) == 0) {
        s->listed++;
        return 0;
    }
    for (int y = top; y < bottom; y++)
        for (int k = 0; k < rec.n; k++) emit_run(NULL, t, y, x_origin, runs[k].x, runs[k].n, runs[k].alpha, s->mask, avx2);
    return 0;
}

int craster_fill(craster_scratch *s, const craster_edge *edges, ptrdiff_t count, int x_origin, int width,
                 int y_start, int y_end, int even_odd, const craster_target *t, int flags) {
    return craster_fill_exact(s, edges, count, x_origin, width, y_start, y_end, even_odd, NULL, 0, t, flags);
}

int craster_fill_exact(craster_scratch *s, const craster_edge *edges, ptrdiff_t count, int x_origin, int width,
                       int y_start, int y_end, int even_odd, const int32_t *exact, ptrdiff_t exact_count,
                       const craster_target *t, int flags) {
    if (count <= 0 || width < 0 || y_end <= y_start) return 0;
    const int band_h = 1 << CRASTER_BAND_SHIFT;
    /* Cells 0 … width + 1, then room for a block of the ARGB32 sweep starting at the last one. */
    ptrdiff_t stride = (ptrdiff_t)width + 2 + CRASTER_BLOCK - 1;
    /* Bitmap rows are padded to groups of 4 words (the padding stays 0), so the sweep can skip
     * 256 untouched cells with one test. */
    ptrdiff_t words = ((stride + 255) >> 8) << 2;
    int bands = (y_end - y_start + band_h - 1) / band_h;
    if (ensure((void **)&s->cells, &s->cell_cap, (size_t)(stride * band_h), sizeof(uint32_t), 1)
        || ensure((void **)&s->bits, &s->bit_cap, (size_t)(words * band_h), sizeof(uint64_t), 1)
        || ensure((void **)&s->mask, &s->mask_cap, (size_t)stride, 1, 0)
        || ensure((void **)&s->active, &s->active_cap, (size_t)count, sizeof(int32_t), 0)
        || ensure((void **)&s->sorted, &s->sorted_cap, (size_t)count, sizeof(craster_edge), 0)
        || ensure((void **)&s->buckets, &s->bucket_cap, (size_t)bands + 1, sizeof(ptrdiff_t), 0))
        return -1;
    /* Held in locals: read through s, each would be loaded again after every call of the band
     * loop (which the compiler must assume can change *s), lengthening the chain of loads before
     * each edge's branch. */
    int32_t *const active = s->active;
    uint32_t *const cells = s->cells;
    uint64_t *const bits = s->bits;
    if (even_odd) exact_count = 0;
    if (exact_count > 0 && !s->uni && !(s->uni = craster_union_create())) return -1;
    if (exact_count > 0) craster_union_begin(s->uni);
    ptrdiff_t next_exact = 0;
    int avx2 = !(flags & CRASTER_PORTABLE) && craster_has_avx2();
    int replay = !(flags & CRASTER_NO_REPLAY);
    s->replayed = 0;
    s->sides = 0;
    s->listed = 0;

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
        /* A contour's consecutive edges mostly share a band: counted (and placed) a run at a
         * time, so that each edge does not wait on the previous one's increment of the same
         * counter in memory. */
        int prev = BAND_OF(edges[0]);
        ptrdiff_t run = 0;
        for (ptrdiff_t i = 0; i < count; i++) {
            int b = BAND_OF(edges[i]);
            if (b != prev) { bc[prev + 1] += run; prev = b; run = 0; }
            run++;
        }
        bc[prev + 1] += run;
        for (int b = 0; b < bands; b++) bc[b + 1] += bc[b];
        prev = BAND_OF(edges[0]);
        ptrdiff_t pos = bc[prev];
        for (ptrdiff_t i = 0; i < count; i++) {
            int b = BAND_OF(edges[i]);
            if (b != prev) { bc[prev] = pos; prev = b; pos = bc[b]; }
            s->sorted[pos++] = edges[i];
        }
        bc[prev] = pos;
#undef BAND_OF
        sorted = s->sorted;
    }
    /* bc[b] now holds the end of band b's bucket. */
    ptrdiff_t next = 0;
    int n_active = 0;
    for (int band = 0; band < bands; band++) {
        int band_top = y_start + band * band_h;
        int band_bottom = band_top + band_h < y_end ? band_top + band_h : y_end;
        ptrdiff_t end = bc[band];
        while (next < end) active[n_active++] = (int32_t)next++;
        float btf = (float)band_top, bbf = (float)band_bottom;
        /* Marked pixels of the band: their exact coverage, worked out before the active edges are
         * accumulated (those ending in the band leave the active list then). */
        int marked[1 << CRASTER_BAND_SHIFT][2], n_marked = 0;
        if (exact_count > 0) {
            while (next_exact < exact_count && exact[3 * next_exact] < band_top) next_exact++;
            ptrdiff_t k_end = next_exact;
            while (k_end < exact_count && exact[3 * k_end] < band_bottom) k_end++;
            if (ensure((void **)&s->uranges, &s->urange_cap, 2 * (size_t)(k_end - next_exact) + 2, sizeof(int32_t), 0))
                return -1;
            size_t columns = 0;
            for (ptrdiff_t k = next_exact; k < k_end; k++) {
                int c0 = exact[3 * k + 1] > x_origin ? exact[3 * k + 1] : x_origin;
                int c1 = exact[3 * k + 2] < x_origin + width ? exact[3 * k + 2] : x_origin + width;
                if (c0 < c1) columns += (size_t)(c1 - c0);
            }
            if (ensure((void **)&s->ucov, &s->ucov_cap, columns + 1, sizeof(int32_t), 0)) return -1;
            int32_t *ranges = s->uranges, *cov = s->ucov;
            for (ptrdiff_t k = next_exact; k < k_end;) {
                int row = exact[3 * k], n = 0;
                int32_t *rr = ranges;
                for (; k < k_end && exact[3 * k] == row; k++) {
                    int c0 = exact[3 * k + 1] > x_origin ? exact[3 * k + 1] : x_origin;
                    int c1 = exact[3 * k + 2] < x_origin + width ? exact[3 * k + 2] : x_origin + width;
                    if (c0 >= c1) continue;
                    rr[2 * n] = c0;
                    rr[2 * n + 1] = c1 - 1;
                    n++;
                }
                if (n == 0 || craster_union_row(s->uni, sorted, active, n_active, row, rr, n, cov)) continue;
                marked[n_marked][0] = row;
                marked[n_marked][1] = n;
                n_marked++;
                for (int q = 0; q < n; q++) {
                    cov += rr[2 * q + 1] - rr[2 * q] + 1;
                    rr[2 * q] -= x_origin;
                    rr[2 * q + 1] -= x_origin;
                }
                ranges += 2 * n;
            }
        }
        if (n_marked == 0 && replay
            && replay_band(s, sorted, active, n_active, btf, band_top, band_bottom, x_origin, width, width + 1,
                           words, even_odd, t, avx2) == 0) {
            s->replayed++;
            for (int q = 0; q < n_active;) {
                if (sorted[active[q]].y1 <= bbf) active[q] = active[--n_active];
                else q++;
            }
            continue;
        }
        int j = 0;
#if defined(CRASTER_X86)
        /* Short non-vertical edges wait here for craster_add_short_edges_avx2, 8 at a time. */
        const craster_edge *batch[8];
        float batch_ys[8], batch_ye[8];
        int n_batch = 0;
#endif
        while (j < n_active) {
            const craster_edge *e = &sorted[active[j]];
            float ys = e->y0 > btf ? e->y0 : btf, ye = e->y1 < bbf ? e->y1 : bbf;
            if (ys < ye) {
#if defined(CRASTER_X86)
                if (avx2 && e->x0 != e->x1) {
                    if (ye - ys >= 3.0f) {
                        craster_add_edge_avx2(e, ys, ye, btf, x_origin, width + 1, cells, bits, stride, words);
                    } else {
                        batch[n_batch] = e;
                        batch_ys[n_batch] = ys;
                        batch_ye[n_batch] = ye;
                        if (++n_batch == 8) {
                            craster_add_short_edges_avx2(batch, batch_ys, batch_ye, 8, btf, x_origin, width + 1, cells, bits, stride, words);
                            n_batch = 0;
                        }
                    }
                } else
#endif
                add_edge(e, ys, ye, btf, x_origin, width + 1, cells, bits, stride, words);
            }
            if (e->y1 <= bbf) active[j] = active[--n_active];
            else j++;
        }
#if defined(CRASTER_X86)
        if (n_batch > 0)
            craster_add_short_edges_avx2(batch, batch_ys, batch_ye, n_batch, btf, x_origin, width + 1, cells, bits, stride, words);
#endif
        {
            const int32_t *ranges = s->uranges, *cov = s->ucov;
            for (int k = 0; k < n_marked; k++) {
                int r = marked[k][0] - band_top, n = marked[k][1];
                splice_exact(cells + r * stride, bits + r * words, ranges, n, cov);
                for (int q = 0; q < n; q++) cov += ranges[2 * q + 1] - ranges[2 * q] + 1;
                ranges += 2 * n;
            }
        }
        if (t->format == CRASTER_ARGB32) {
            craster_band rows = { cells, bits, stride, words, band_top, band_bottom, y_end, x_origin, width, even_odd };
#if defined(CRASTER_X86)
            if (avx2) { craster_sweep_argb_avx2(&rows, t); continue; }
#endif
            craster_sweep_argb(&rows, t);
        } else {
            sweep_rows_a8(s, band_top, band_bottom, y_end, x_origin, width, stride, words, even_odd, t, avx2);
        }
    }
    return 0;
}
