/* AVX2 kernels: the blits (8 pixels per step, channels widened to 16 bits, the scalar blits'
 * arithmetic in raster_internal.h to the bit) and the accumulation of edges' row pieces. Compiled
 * for every x86 CPU (per-function target attribute) and only called after craster_has_avx2().
 * The sweep is raster_sweep_avx2.c. */

#include "raster_internal.h"
#include "raster_accumulate.h"

#if defined(CRASTER_X86)

#include "raster_avx2_blend.h"

AVX2 void craster_mask_argb_avx2(uint32_t *d, const uint8_t *m, int n, const craster_target *t) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)t->color), zero);
    /* Each pixel's coverage byte (lane 4k of the widened mask) into all four of its bytes. */
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                            0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i mb = _mm_loadl_epi64((const __m128i *)(m + i));
        if (_mm_cvtsi128_si64(mb) == 0) continue;
        __m256i mp = _mm256_shuffle_epi8(_mm256_cvtepu8_epi32(mb), spread);
        __m256i dp = _mm256_loadu_si256((const __m256i *)(d + i));
        __m256i lo = mask_over16(c16, _mm256_unpacklo_epi8(mp, zero), _mm256_unpacklo_epi8(dp, zero));
        __m256i hi = mask_over16(c16, _mm256_unpackhi_epi8(mp, zero), _mm256_unpackhi_epi8(dp, zero));
        _mm256_storeu_si256((__m256i *)(d + i), _mm256_packus_epi16(lo, hi));
    }
    if (i < n) craster_mask_argb(d + i, m + i, n - i, t);
}

/* Each byte of d times k/255, rounded as div255 does (cpixel_mul_channels' and cpixel_mul8's
 * rounding), packed back to bytes (no value exceeds 255: a product of two bytes divided by 255);
 * inv holds k in every 16-bit lane. */
AVX2 static inline __m256i scale_bytes(__m256i d, __m256i inv) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i lo = div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), inv));
    __m256i hi = div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), inv));
    return _mm256_packus_epi16(lo, hi);
}

/* The spans' blend, 8 pixels a step: d·(255 − v_alpha) per channel, then v added as a 32-bit
 * word, as the scalar loop adds it. */
AVX2 void craster_span_argb_avx2(uint32_t *d, int n, uint32_t v) {
    const __m256i inv = _mm256_set1_epi16((short)(255 - (v >> 24)));
    const __m256i vv = _mm256_set1_epi32((int)v);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i dp = _mm256_loadu_si256((const __m256i *)(d + i));
        _mm256_storeu_si256((__m256i *)(d + i), _mm256_add_epi32(scale_bytes(dp, inv), vv));
    }
    uint32_t ia = 255 - (v >> 24);
    for (; i < n; i++) d[i] = v + cpixel_mul_channels(d[i], ia);
}

/* The A8 spans' blend, 32 pixels a step: v + d·(255 − v)/255 with cpixel_mul8's rounding; the
 * sum is at most 255, so the byte add never wraps. */
AVX2 void craster_span_a8_avx2(uint8_t *d, int n, uint32_t v) {
    const __m256i inv = _mm256_set1_epi16((short)(255 - v));
    const __m256i vv = _mm256_set1_epi8((char)v);
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i dp = _mm256_loadu_si256((const __m256i *)(d + i));
        _mm256_storeu_si256((__m256i *)(d + i), _mm256_add_epi8(scale_bytes(dp, inv), vv));
    }
    for (; i < n; i++) d[i] = (uint8_t)(v + cpixel_mul8(d[i], 255 - v));
}

/* ⌊v⌋ per lane as craster_floor computes it (truncate, then one less where that rounded up). */
AVX2 static inline __m256i floor8(__m256 v) {
    __m256i i = _mm256_cvttps_epi32(v);
    return _mm256_add_epi32(i, _mm256_castps_si256(_mm256_cmp_ps(_mm256_cvtepi32_ps(i), v, _CMP_GT_OQ)));
}

/* craster_fix per lane. */
AVX2 static inline __m256i fix8(__m256 v) {
    __m256 b = _mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(65536.0f)), _mm256_set1_ps(12582912.0f));
    return _mm256_sub_epi32(_mm256_castps_si256(b), _mm256_set1_epi32(0x4B400000));
}

/* accumulate's values for 8 row pieces at once, one per lane: from x = a (column ca) to x = b
 * (column cb), of height d; the same float operations in the same order as accumulate, so the
 * same values. They stay in registers (pieces8v): cells4_make takes them from there, and only a
 * piece written by raster_accumulate.h's scalar functions needs them stored (pieces8_store). The
 * multi-column values are computed only when a lane in `wanted` needs them (`multi`). */
typedef struct {
    __m256i ci, f, dd, c0, c1, cov0, cov1, cov_end;
    __m256 inv;
    int single, multi;
} pieces8v;

typedef struct {
    int32_t ci[8], f[8], dd[8], c0[8], c1[8], cov0[8], cov1[8], cov_end[8];
    float inv[8];
} pieces8;

AVX2 static inline __attribute__((always_inline)) pieces8v pieces8_compute(__m256 a, __m256i ca, __m256 b, __m256i cb,
                                                                           __m256 d, int wanted) {
    const __m256 half = _mm256_set1_ps(0.5f);
    pieces8v v;
    __m256 lt = _mm256_cmp_ps(a, b, _CMP_LT_OQ);
    __m256 xl = _mm256_blendv_ps(b, a, lt), xr = _mm256_blendv_ps(a, b, lt);
    v.c0 = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(cb), _mm256_castsi256_ps(ca), lt));
    v.c1 = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(ca), _mm256_castsi256_ps(cb), lt));
    __m256 w = _mm256_sub_ps(xr, xl);
    v.single = _mm256_movemask_ps(_mm256_or_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v.c0, v.c1)),
                                               _mm256_cmp_ps(w, _mm256_set1_ps(1e-6f), _CMP_LT_OQ)));
    __m256 xm = _mm256_mul_ps(_mm256_add_ps(xl, xr), half);
    v.ci = _mm256_min_epi32(floor8(xm), v.c1);
    v.f = fix8(_mm256_mul_ps(d, _mm256_sub_ps(xm, _mm256_cvtepi32_ps(v.ci))));
    v.dd = fix8(d);
    v.multi = (v.single & wanted) != wanted;
    if (v.multi) {
        const __m256i one = _mm256_set1_epi32(1);
        v.inv = _mm256_div_ps(d, w);
        __m256 a0 = _mm256_sub_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(v.c0, one)), xl);
        __m256 b1 = _mm256_sub_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(v.c1, one)), xr);
        v.cov0 = fix8(_mm256_mul_ps(_mm256_mul_ps(_mm256_mul_ps(v.inv, a0), a0), half));
        v.cov1 = fix8(_mm256_mul_ps(v.inv, _mm256_add_ps(a0, half)));
        __m256 t = _mm256_sub_ps(_mm256_sub_ps(_mm256_add_ps(_mm256_cvtepi32_ps(v.c1), half), xl),
                                 _mm256_mul_ps(_mm256_mul_ps(b1, b1), half));
        v.cov_end = fix8(_mm256_mul_ps(v.inv, t));
    } else {
        v.inv = _mm256_setzero_ps();
        v.cov0 = v.cov1 = v.cov_end = _mm256_setzero_si256();
    }
    return v;
}

/* The values of v for raster_accumulate.h's scalar functions, lane by lane. */
AVX2 static inline __attribute__((always_inline)) void pieces8_store(const pieces8v *v, pieces8 *p) {
    _mm256_storeu_si256((__m256i *)p->ci, v->ci);
    _mm256_storeu_si256((__m256i *)p->f, v->f);
    _mm256_storeu_si256((__m256i *)p->dd, v->dd);
    if (v->multi) {
        _mm256_storeu_si256((__m256i *)p->cov0, v->cov0);
        _mm256_storeu_si256((__m256i *)p->cov1, v->cov1);
        _mm256_storeu_si256((__m256i *)p->cov_end, v->cov_end);
        _mm256_storeu_ps(p->inv, v->inv);
        _mm256_storeu_si256((__m256i *)p->c0, v->c0);
        _mm256_storeu_si256((__m256i *)p->c1, v->c1);
    }
}

/* Writes lane k's piece into row r (raster_accumulate.h's functions). */
AVX2 static inline __attribute__((always_inline)) void pieces8_write(const pieces8 *p, int k, int single, const craster_row *r) {
    if (single >> k & 1) craster_cells_single(r, p->ci[k], p->f[k], p->dd[k]);
    else craster_cells_multi(r, p->c0[k], p->c1[k], p->inv[k], p->cov0[k], p->cov1[k], p->cov_end[k], p->dd[k]);
}

/* Pieces over at most 3 columns as 4-cell adds: lane k's cell deltas q[k] from cell at[k] of the
 * row (its first column less the row's origin), of which the piece's own are flagged by the low
 * bits of mask[k] (2 for a single-column piece, then c1 − c0 + 2); the rest are 0.
 *
 * Measured (2026-12-03, AMD EPYC; the same cells, scene hashes equal): in strata-bench, 7
 * alternations, blob32 and circle_r400 −8 %, circle_r64 −6 %, glyphs1000_onepath −9 %, the stars
 * −1 to −7 %, glyphs1000 −2.5 %, the circle strokes of 8 and 24 px −4 to −6 %. An earlier try
 * (narrow pieces as 4 unconditional scalar increments, values picked by vector blends) had made
 * blob32 4–7 % slower; one vector add per piece, with only its own cells flagged, does not. */
typedef struct {
    int32_t q[8][4], at[8], mask[8];
} cells4;

/* cells4 of the pieces in v for a row whose cell 0 is column x_origin, the same deltas as
 * craster_cells_single and craster_cells_multi write, transposed so that each lane's 4 are
 * adjacent. Returns the lanes over more than 3 columns, which it leaves out. v's multi-column
 * values must have been computed (some lane is not single). */
AVX2 static inline __attribute__((always_inline)) int cells4_make(const pieces8v *v, int x_origin, cells4 *o) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i one_col = _mm256_cmpgt_epi32(_mm256_and_si256(_mm256_set1_epi32(v->single), _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128)), zero);
    const __m256i dd = v->dd, f = v->f, cov0 = v->cov0, cov1 = v->cov1, cov_end = v->cov_end;
    __m256i span = _mm256_sub_epi32(v->c1, v->c0);
    __m256i two_cols = _mm256_cmpeq_epi32(span, _mm256_set1_epi32(1));
    /* craster_cells_single: dd − f, f. craster_cells_multi over 2 columns: cov0, cov_end − cov0,
     * dd − cov_end; over 3: cov0, cov1 − cov0, cov_end − cov1, dd − cov_end. */
    __m256i d0 = _mm256_blendv_epi8(cov0, _mm256_sub_epi32(dd, f), one_col);
    __m256i d1 = _mm256_blendv_epi8(_mm256_blendv_epi8(_mm256_sub_epi32(cov1, cov0), _mm256_sub_epi32(cov_end, cov0), two_cols),
                                    f, one_col);
    __m256i d2 = _mm256_blendv_epi8(_mm256_blendv_epi8(_mm256_sub_epi32(cov_end, cov1), _mm256_sub_epi32(dd, cov_end), two_cols),
                                    zero, one_col);
    __m256i d3 = _mm256_blendv_epi8(_mm256_sub_epi32(dd, cov_end), zero, _mm256_or_si256(one_col, two_cols));
    __m256i t0 = _mm256_unpacklo_epi32(d0, d1), t1 = _mm256_unpacklo_epi32(d2, d3);
    __m256i t2 = _mm256_unpackhi_epi32(d0, d1), t3 = _mm256_unpackhi_epi32(d2, d3);
    _mm256_storeu2_m128i((__m128i *)o->q[4], (__m128i *)o->q[0], _mm256_unpacklo_epi64(t0, t1));
    _mm256_storeu2_m128i((__m128i *)o->q[5], (__m128i *)o->q[1], _mm256_unpackhi_epi64(t0, t1));
    _mm256_storeu2_m128i((__m128i *)o->q[6], (__m128i *)o->q[2], _mm256_unpacklo_epi64(t2, t3));
    _mm256_storeu2_m128i((__m128i *)o->q[7], (__m128i *)o->q[3], _mm256_unpackhi_epi64(t2, t3));
    __m256i start = _mm256_blendv_epi8(v->c0, v->ci, one_col);
    _mm256_storeu_si256((__m256i *)o->at, _mm256_sub_epi32(start, _mm256_set1_epi32(x_origin)));
    __m256i nbits = _mm256_blendv_epi8(_mm256_add_epi32(span, _mm256_set1_epi32(2)), _mm256_set1_epi32(2), one_col);
    const __m256i one = _mm256_set1_epi32(1);
    _mm256_storeu_si256((__m256i *)o->mask, _mm256_sub_epi32(_mm256_sllv_epi32(one, nbits), one));
    return ~v->single & _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(span, _mm256_set1_epi32(2)))) & 0xff;
}

/* Adds lane k of o into row r, whose cells the piece's columns (and so its 4 cells, the last
 * ones at worst in the row's padding, which gets 0) lie in: one vector add, its cells flagged. */
AVX2 static inline __attribute__((always_inline)) void cells4_add(const craster_row *r, const cells4 *o, int k) {
    int i = o->at[k];
    uint32_t *c = r->c + i;
    _mm_storeu_si128((__m128i *)c, _mm_add_epi32(_mm_loadu_si128((const __m128i *)c), _mm_loadu_si128((const __m128i *)o->q[k])));
    uint64_t m = (uint32_t)o->mask[k];
    unsigned sh = (unsigned)i & 63;
    r->bw[i >> 6] |= m << sh;
    if (sh > 60) r->bw[(i >> 6) + 1] |= m >> (64 - sh);
}

/* What one edge's walk in add_edge_avx2 keeps from step to step. */
typedef struct {
    __m256 ye, y0, y1, x0, x1, dxdy, lo, hi, dir, bt;
    ptrdiff_t stride, words;
    int x_origin, inside;
} walk8;

/* One step of add_edge_avx2: the edge's pieces in up to 8 rows from *row (the edge at *x, in
 * column *cx, at the row's top *y) written into the cells from r on. Returns 1 when the edge ends
 * in them; otherwise moves *y, *x, *cx, *row and r on by 8 rows and returns 0. */
AVX2 static inline __attribute__((always_inline))
int walk8_step(const walk8 *w, float *y, float *x, int *cx, int *row, craster_row *r) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i prev_lane = _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6);
    const ptrdiff_t stride = w->stride, words = w->words;
    /* Row k's bottom: bt + (row + 1 + k), at most ye; rows run while their top is above ye. */
    __m256 yn = _mm256_add_ps(w->bt, _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(*row + 1), lane)));
    yn = _mm256_min_ps(yn, w->ye);
    int done = _mm256_movemask_ps(_mm256_cmp_ps(yn, w->ye, _CMP_GE_OQ));
    int m = done ? __builtin_ctz((unsigned)done) + 1 : 8;
    __m256 xat = _mm256_add_ps(w->x0, _mm256_mul_ps(_mm256_sub_ps(yn, w->y0), w->dxdy));
    xat = _mm256_min_ps(_mm256_max_ps(xat, w->lo), w->hi);
    __m256 xn = _mm256_blendv_ps(xat, w->x1, _mm256_cmp_ps(yn, w->y1, _CMP_EQ_OQ));
    __m256i cxn = floor8(xn);
    /* Each row's top: the previous row's bottom (lane 0: the carried y, x and column). */
    __m256 ya = _mm256_blend_ps(_mm256_permutevar8x32_ps(yn, prev_lane), _mm256_set1_ps(*y), 1);
    __m256 xa = _mm256_blend_ps(_mm256_permutevar8x32_ps(xn, prev_lane), _mm256_set1_ps(*x), 1);
    __m256i ca = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(cxn, prev_lane), _mm256_set1_epi32(*cx), 1);
    __m256 d = _mm256_mul_ps(w->dir, _mm256_sub_ps(yn, ya));
    pieces8v v = pieces8_compute(xa, ca, xn, cxn, d, 0xff);
    cells4 q;
    pieces8 p;
    if (w->inside && v.single != 0xff) {
        int wide = cells4_make(&v, w->x_origin, &q);
        if (!wide) {
            for (int k = 0; k < m; k++) {
                cells4_add(r, &q, k);
                r->c += stride;
                r->bw += words;
            }
        } else {
            pieces8_store(&v, &p);
            for (int k = 0; k < m; k++) {
                if (wide >> k & 1) craster_cells_multi(r, p.c0[k], p.c1[k], p.inv[k], p.cov0[k], p.cov1[k], p.cov_end[k], p.dd[k]);
                else cells4_add(r, &q, k);
                r->c += stride;
                r->bw += words;
            }
        }
    } else {
        pieces8_store(&v, &p);
        for (int k = 0; k < m; k++) {
            pieces8_write(&p, k, v.single, r);
            r->c += stride;
            r->bw += words;
        }
    }
    if (done) return 1;
    /* All 8 rows ran: lane 7 carries over, taken from the registers (a scalar load from a vector
     * just stored would wait for the store). */
    const __m256i last = _mm256_set1_epi32(7);
    *y = _mm256_cvtss_f32(_mm256_permutevar8x32_ps(yn, last));
    *x = _mm256_cvtss_f32(_mm256_permutevar8x32_ps(xn, last));
    *cx = _mm256_cvtsi256_si32(_mm256_permutevar8x32_epi32(cxn, last));
    *row += 8;
    return 0;
}

/* raster.c's add_edge for a non-vertical edge, 8 rows per step: the rows' end points, columns,
 * heights and piece values (accumulate's, operation for operation, so the same floats) in
 * vectors, then each row's cells written by raster_accumulate.h's functions in row order. */
AVX2 void craster_add_edge_avx2(const craster_edge *e, float ys, float ye, float bt, int x_origin, int last,
                                uint32_t *cells, uint64_t *bits, ptrdiff_t stride, ptrdiff_t words) {
    int row = craster_trunc(ys - bt);
    craster_row r = { cells + row * stride, bits + row * words, x_origin, last };
    float dxdy = (e->x1 - e->x0) / (e->y1 - e->y0);
    float lo = e->x0 < e->x1 ? e->x0 : e->x1, hi = e->x0 < e->x1 ? e->x1 : e->x0;
    float y = ys;
    float x = y == e->y0 ? e->x0 : craster_x_at(e, dxdy, lo, hi, y);
    int cx = craster_floor(x);
    walk8 w;
    w.ye = _mm256_set1_ps(ye); w.y0 = _mm256_set1_ps(e->y0); w.y1 = _mm256_set1_ps(e->y1);
    w.x0 = _mm256_set1_ps(e->x0); w.x1 = _mm256_set1_ps(e->x1); w.dxdy = _mm256_set1_ps(dxdy);
    w.lo = _mm256_set1_ps(lo); w.hi = _mm256_set1_ps(hi); w.dir = _mm256_set1_ps(e->dir);
    w.bt = _mm256_set1_ps(bt);
    w.stride = stride;
    w.words = words;
    w.x_origin = x_origin;
    /* Whether the cells of all the edge's pieces (columns ⌊lo⌋ … ⌊hi⌋ + 1) lie in the row: then
     * pieces over at most 3 columns are written as 4-cell adds, without a branch on their shape
     * (which mispredicts where single- and multi-column pieces alternate). */
    w.inside = craster_floor(lo) - x_origin >= 0 && craster_floor(hi) + 1 - x_origin <= last;
    while (y < ye && !walk8_step(&w, &y, &x, &cx, &row, &r)) {}
}

/* raster.c's add_edge for up to 8 short non-vertical edges at once, one lane per edge: each
 * pass computes every active edge's next row piece (the same float operations in the same order
 * as add_edge and accumulate, so the same values), then writes them lane by lane with
 * raster_accumulate.h's functions. A lane is active while its edge has rows left. Cells are
 * integer sums, so the order in which edges' pieces land does not change them. */
AVX2 void craster_add_short_edges_avx2(const craster_edge *const *edges, const float *ys_in, const float *ye_in, int n,
                                       float bt, int x_origin, int last, uint32_t *cells, uint64_t *bits,
                                       ptrdiff_t stride, ptrdiff_t words) {
    float ex0[8], ey0[8], ex1[8], ey1[8], edir[8], eys[8], eye[8];
    for (int k = 0; k < 8; k++) {
        const craster_edge *e = edges[k < n ? k : 0];
        ex0[k] = e->x0; ey0[k] = e->y0; ex1[k] = e->x1; ey1[k] = e->y1; edir[k] = e->dir;
        eys[k] = k < n ? ys_in[k] : 0.0f;
        eye[k] = k < n ? ye_in[k] : 0.0f;
    }
    const __m256 x0 = _mm256_loadu_ps(ex0), y0 = _mm256_loadu_ps(ey0), x1 = _mm256_loadu_ps(ex1), y1 = _mm256_loadu_ps(ey1);
    const __m256 dir = _mm256_loadu_ps(edir), ye = _mm256_loadu_ps(eye);
    const __m256 vbt = _mm256_set1_ps(bt);
    const __m256i one = _mm256_set1_epi32(1);
    const __m256 dxdy = _mm256_div_ps(_mm256_sub_ps(x1, x0), _mm256_sub_ps(y1, y0));
    const __m256 lo = _mm256_min_ps(x0, x1), hi = _mm256_max_ps(x0, x1);
    __m256 y = _mm256_loadu_ps(eys);
    __m256i row = _mm256_cvttps_epi32(_mm256_sub_ps(y, vbt));
    /* x at the first piece's top: the edge's start when it starts in the band. */
    __m256 xat = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(x0, _mm256_mul_ps(_mm256_sub_ps(y, y0), dxdy)), lo), hi);
    __m256 x = _mm256_blendv_ps(xat, x0, _mm256_cmp_ps(y, y0, _CMP_EQ_OQ));
    __m256i cx = floor8(x);
    int32_t rows[8];
    pieces8 p;
    int active = _mm256_movemask_ps(_mm256_cmp_ps(y, ye, _CMP_LT_OQ)) & ((1 << n) - 1);
    /* Whether every edge's cells (columns ⌊lo⌋ … ⌊hi⌋ + 1) lie in the row (see add_edge_avx2). */
    const __m256i vxo = _mm256_set1_epi32(x_origin);
    __m256i in_lo = _mm256_cmpgt_epi32(_mm256_sub_epi32(floor8(lo), vxo), _mm256_set1_epi32(-1));
    __m256i in_hi = _mm256_cmpgt_epi32(_mm256_set1_epi32(last), _mm256_sub_epi32(floor8(hi), vxo));
    int in = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(in_lo, in_hi)));
    const int inside = (in & active) == active;
    cells4 q;
    while (active) {
        __m256 yn = _mm256_min_ps(_mm256_add_ps(vbt, _mm256_cvtepi32_ps(_mm256_add_epi32(row, one))), ye);
        __m256 xa = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(x0, _mm256_mul_ps(_mm256_sub_ps(yn, y0), dxdy)), lo), hi);
        __m256 xn = _mm256_blendv_ps(xa, x1, _mm256_cmp_ps(yn, y1, _CMP_EQ_OQ));
        __m256i cxn = floor8(xn);
        __m256 d = _mm256_mul_ps(dir, _mm256_sub_ps(yn, y));
        _mm256_storeu_si256((__m256i *)rows, row);
        pieces8v v = pieces8_compute(x, cx, xn, cxn, d, active);
        int single = v.single;
        if (inside && (single & active) != active) {
            int wide = cells4_make(&v, x_origin, &q);
            if (wide) pieces8_store(&v, &p);
            for (int a = active; a; a &= a - 1) {
                int k = __builtin_ctz((unsigned)a);
                craster_row r = { cells + rows[k] * stride, bits + rows[k] * words, x_origin, last };
                if (wide >> k & 1) craster_cells_multi(&r, p.c0[k], p.c1[k], p.inv[k], p.cov0[k], p.cov1[k], p.cov_end[k], p.dd[k]);
                else cells4_add(&r, &q, k);
            }
        } else {
            pieces8_store(&v, &p);
            /* Single-column pieces first, then the others: a branch per kind instead of one per
             * lane, which mispredicts when kinds alternate. */
            for (int a = active & single; a; a &= a - 1) {
                int k = __builtin_ctz((unsigned)a);
                craster_row r = { cells + rows[k] * stride, bits + rows[k] * words, x_origin, last };
                craster_cells_single(&r, p.ci[k], p.f[k], p.dd[k]);
            }
            for (int a = active & ~single; a; a &= a - 1) {
                int k = __builtin_ctz((unsigned)a);
                craster_row r = { cells + rows[k] * stride, bits + rows[k] * words, x_origin, last };
                craster_cells_multi(&r, p.c0[k], p.c1[k], p.inv[k], p.cov0[k], p.cov1[k], p.cov_end[k], p.dd[k]);
            }
        }
        y = yn;
        x = xn;
        cx = cxn;
        row = _mm256_add_epi32(row, one);
        active &= _mm256_movemask_ps(_mm256_cmp_ps(y, ye, _CMP_LT_OQ));
    }
}


#endif
