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
 * same values. The single-column values are always stored; the multi-column ones only when a
 * lane in `wanted` needs them. Returns the lanes whose piece lies in one column. */
typedef struct {
    int32_t ci[8], f[8], dd[8], c0[8], c1[8], cov0[8], cov1[8], cov_end[8];
    float inv[8];
} pieces8;

AVX2 static inline __attribute__((always_inline)) int pieces8_compute(pieces8 *p, __m256 a, __m256i ca, __m256 b, __m256i cb,
                                                                      __m256 d, int wanted) {
    const __m256 half = _mm256_set1_ps(0.5f);
    __m256 lt = _mm256_cmp_ps(a, b, _CMP_LT_OQ);
    __m256 xl = _mm256_blendv_ps(b, a, lt), xr = _mm256_blendv_ps(a, b, lt);
    __m256i vc0 = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(cb), _mm256_castsi256_ps(ca), lt));
    __m256i vc1 = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(ca), _mm256_castsi256_ps(cb), lt));
    __m256 w = _mm256_sub_ps(xr, xl);
    int single = _mm256_movemask_ps(_mm256_or_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(vc0, vc1)),
                                                 _mm256_cmp_ps(w, _mm256_set1_ps(1e-6f), _CMP_LT_OQ)));
    __m256 xm = _mm256_mul_ps(_mm256_add_ps(xl, xr), half);
    __m256i vci = _mm256_min_epi32(floor8(xm), vc1);
    _mm256_storeu_si256((__m256i *)p->ci, vci);
    _mm256_storeu_si256((__m256i *)p->f, fix8(_mm256_mul_ps(d, _mm256_sub_ps(xm, _mm256_cvtepi32_ps(vci)))));
    _mm256_storeu_si256((__m256i *)p->dd, fix8(d));
    if ((single & wanted) != wanted) {
        const __m256i one = _mm256_set1_epi32(1);
        __m256 vinv = _mm256_div_ps(d, w);
        __m256 a0 = _mm256_sub_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(vc0, one)), xl);
        __m256 b1 = _mm256_sub_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(vc1, one)), xr);
        _mm256_storeu_si256((__m256i *)p->cov0, fix8(_mm256_mul_ps(_mm256_mul_ps(_mm256_mul_ps(vinv, a0), a0), half)));
        _mm256_storeu_si256((__m256i *)p->cov1, fix8(_mm256_mul_ps(vinv, _mm256_add_ps(a0, half))));
        __m256 t = _mm256_sub_ps(_mm256_sub_ps(_mm256_add_ps(_mm256_cvtepi32_ps(vc1), half), xl),
                                 _mm256_mul_ps(_mm256_mul_ps(b1, b1), half));
        _mm256_storeu_si256((__m256i *)p->cov_end, fix8(_mm256_mul_ps(vinv, t)));
        _mm256_storeu_ps(p->inv, vinv);
        _mm256_storeu_si256((__m256i *)p->c0, vc0);
        _mm256_storeu_si256((__m256i *)p->c1, vc1);
    }
    return single;
}

/* Writes lane k's piece into row r (raster_accumulate.h's functions). */
AVX2 static inline __attribute__((always_inline)) void pieces8_write(const pieces8 *p, int k, int single, const craster_row *r) {
    if (single >> k & 1) craster_cells_single(r, p->ci[k], p->f[k], p->dd[k]);
    else craster_cells_multi(r, p->c0[k], p->c1[k], p->inv[k], p->cov0[k], p->cov1[k], p->cov_end[k], p->dd[k]);
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
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i prev_lane = _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6);
    const __m256 vye = _mm256_set1_ps(ye), vy0 = _mm256_set1_ps(e->y0), vy1 = _mm256_set1_ps(e->y1);
    const __m256 vx0 = _mm256_set1_ps(e->x0), vx1 = _mm256_set1_ps(e->x1), vdxdy = _mm256_set1_ps(dxdy);
    const __m256 vlo = _mm256_set1_ps(lo), vhi = _mm256_set1_ps(hi), vdir = _mm256_set1_ps(e->dir);
    pieces8 p;
    while (y < ye) {
        /* Row k's bottom: bt + (row + 1 + k), at most ye; rows run while their top is above ye. */
        __m256 yn = _mm256_add_ps(_mm256_set1_ps(bt), _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(row + 1), lane)));
        yn = _mm256_min_ps(yn, vye);
        int done = _mm256_movemask_ps(_mm256_cmp_ps(yn, vye, _CMP_GE_OQ));
        int m = done ? __builtin_ctz((unsigned)done) + 1 : 8;
        __m256 xat = _mm256_add_ps(vx0, _mm256_mul_ps(_mm256_sub_ps(yn, vy0), vdxdy));
        xat = _mm256_min_ps(_mm256_max_ps(xat, vlo), vhi);
        __m256 xn = _mm256_blendv_ps(xat, vx1, _mm256_cmp_ps(yn, vy1, _CMP_EQ_OQ));
        __m256i cxn = floor8(xn);
        /* Each row's top: the previous row's bottom (lane 0: the carried y, x and column). */
        __m256 ya = _mm256_blend_ps(_mm256_permutevar8x32_ps(yn, prev_lane), _mm256_set1_ps(y), 1);
        __m256 xa = _mm256_blend_ps(_mm256_permutevar8x32_ps(xn, prev_lane), _mm256_set1_ps(x), 1);
        __m256i ca = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(cxn, prev_lane), _mm256_set1_epi32(cx), 1);
        __m256 d = _mm256_mul_ps(vdir, _mm256_sub_ps(yn, ya));
        int single = pieces8_compute(&p, xa, ca, xn, cxn, d, 0xff);
        for (int k = 0; k < m; k++) {
            pieces8_write(&p, k, single, &r);
            r.c += stride;
            r.bw += words;
        }
        float ynv[8], xnv[8];
        int32_t cxv[8];
        _mm256_storeu_ps(ynv, yn);
        _mm256_storeu_ps(xnv, xn);
        _mm256_storeu_si256((__m256i *)cxv, cxn);
        y = ynv[m - 1];
        x = xnv[m - 1];
        cx = cxv[m - 1];
        row += m;
    }
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
    while (active) {
        __m256 yn = _mm256_min_ps(_mm256_add_ps(vbt, _mm256_cvtepi32_ps(_mm256_add_epi32(row, one))), ye);
        __m256 xa = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(x0, _mm256_mul_ps(_mm256_sub_ps(yn, y0), dxdy)), lo), hi);
        __m256 xn = _mm256_blendv_ps(xa, x1, _mm256_cmp_ps(yn, y1, _CMP_EQ_OQ));
        __m256i cxn = floor8(xn);
        __m256 d = _mm256_mul_ps(dir, _mm256_sub_ps(yn, y));
        _mm256_storeu_si256((__m256i *)rows, row);
        int single = pieces8_compute(&p, x, cx, xn, cxn, d, active);
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
        y = yn;
        x = xn;
        cx = cxn;
        row = _mm256_add_epi32(row, one);
        active &= _mm256_movemask_ps(_mm256_cmp_ps(y, ye, _CMP_LT_OQ));
    }
}


#endif
