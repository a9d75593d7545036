/* craster_polyline_edges in AVX2 (edges_polyline.h): 4 points' grid rounding and 8 edges at a
 * time, the same edges to the bit as the portable loop in edges.c (EdgePathTests compare both
 * with the segment-by-segment reference).
 *
 * Why (2026-12-03, AMD EPYC): the portable loop, compiled for x86-64's baseline, spent about
 * 4 ns per point, 40 % of the edge building of the bench's glyphs and a quarter of blob32's. */

#include "edges_polyline.h"

#if defined(CRASTER_X86)

#include <immintrin.h>
#include <math.h>

#define AVX2 __attribute__((target("avx2")))

/* craster_on_grid of 4 values: round(y·1024) ties away from zero, y's sign kept, / 1024. */
AVX2 static inline __m256d on_grid4(__m256d y) {
    const __m256d sign = _mm256_set1_pd(-0.0), half = _mm256_set1_pd(0.5);
    const __m256d v = _mm256_mul_pd(y, _mm256_set1_pd(1024));
    const __m256d vs = _mm256_and_pd(v, sign);
    /* Nearest, ties to even: what the scalar's 1.5·2⁵² trick gives for |v| < 2⁵¹. */
    const __m256d even = _mm256_round_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256d tie = _mm256_cmp_pd(_mm256_andnot_pd(sign, _mm256_sub_pd(v, even)), half, _CMP_EQ_OQ);
    const __m256d r = _mm256_blendv_pd(even, _mm256_add_pd(v, _mm256_or_pd(half, vs)), tie);
    /* copysign(r, v) / 1024 (a power of two: the product is the quotient). */
    return _mm256_mul_pd(_mm256_or_pd(_mm256_andnot_pd(sign, r), vs), _mm256_set1_pd(1.0 / 1024));
}

AVX2 int craster_polyline_box_avx2(const double *px, const double *py, ptrdiff_t n, double box[4]) {
    const __m256d inf = _mm256_set1_pd(INFINITY), ninf = _mm256_set1_pd(-INFINITY);
    __m256d x0 = inf, x1 = ninf, y0 = inf, y1 = ninf, nan = _mm256_setzero_pd();
    const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
    for (ptrdiff_t i = 0; i < n; i += 4) {
        const ptrdiff_t left = n - i;
        /* Lanes past the end (the padding) are left out. */
        const __m256d valid = _mm256_castsi256_pd(_mm256_cmpgt_epi64(_mm256_set1_epi64x(left < 4 ? left : 4), lane));
        const __m256d x = _mm256_loadu_pd(px + i), y = _mm256_loadu_pd(py + i);
        x0 = _mm256_min_pd(x0, _mm256_blendv_pd(inf, x, valid));
        x1 = _mm256_max_pd(x1, _mm256_blendv_pd(ninf, x, valid));
        y0 = _mm256_min_pd(y0, _mm256_blendv_pd(inf, y, valid));
        y1 = _mm256_max_pd(y1, _mm256_blendv_pd(ninf, y, valid));
        nan = _mm256_or_pd(nan, _mm256_and_pd(valid, _mm256_cmp_pd(x, y, _CMP_UNORD_Q)));
    }
    double l0[4], l1[4], l2[4], l3[4];
    _mm256_storeu_pd(l0, x0); _mm256_storeu_pd(l1, x1); _mm256_storeu_pd(l2, y0); _mm256_storeu_pd(l3, y1);
    box[0] = INFINITY; box[1] = -INFINITY; box[2] = INFINITY; box[3] = -INFINITY;
    for (int k = 0; k < 4; k++) {
        box[0] = l0[k] < box[0] ? l0[k] : box[0];
        box[1] = l1[k] > box[1] ? l1[k] : box[1];
        box[2] = l2[k] < box[2] ? l2[k] : box[2];
        box[3] = l3[k] > box[3] ? l3[k] : box[3];
    }
    return _mm256_movemask_pd(nan) != 0;
}

AVX2 ptrdiff_t craster_polyline_edges_avx2(const double *px, const double *py, ptrdiff_t n, float *gx, float *gy,
                                           craster_edge *out, float box[4]) {
    /* Whole groups, into the padding (CRASTER_POLYLINE_PAD): lanes past the end are not kept. */
    for (ptrdiff_t i = 0; i < n; i += 4) {
        _mm_storeu_ps(gx + i, _mm256_cvtpd_ps(_mm256_loadu_pd(px + i)));
        _mm_storeu_ps(gy + i, _mm256_cvtpd_ps(on_grid4(_mm256_loadu_pd(py + i))));
    }
    gx[n] = gx[0];
    gy[n] = gy[0];

    craster_edge *const first = out;
    /* Each lane's box, reduced after the loop in the scalar's order of comparisons. */
    __m256 vmnx = _mm256_set1_ps(INFINITY), vmxx = _mm256_set1_ps(-INFINITY);
    __m256 vmny = _mm256_set1_ps(INFINITY), vmxy = _mm256_set1_ps(-INFINITY);
    const __m256 one = _mm256_set1_ps(1), minus_one = _mm256_set1_ps(-1);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (ptrdiff_t j = 0; j < n; j += 8) {
        const ptrdiff_t left = n - j;
        const __m256 valid = _mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_set1_epi32(left < 8 ? (int)left : 8), lane));
        const __m256 ga = _mm256_loadu_ps(gy + j), gb = _mm256_loadu_ps(gy + j + 1);
        const __m256 xa = _mm256_loadu_ps(gx + j), xb = _mm256_loadu_ps(gx + j + 1);
        const __m256 down = _mm256_cmp_ps(ga, gb, _CMP_LT_OQ);
        const __m256 fy0 = _mm256_blendv_ps(gb, ga, down), fy1 = _mm256_blendv_ps(ga, gb, down);
        const __m256 fx0 = _mm256_blendv_ps(xb, xa, down), fx1 = _mm256_blendv_ps(xa, xb, down);
        const __m256 keep = _mm256_and_ps(valid, _mm256_cmp_ps(fy0, fy1, _CMP_LT_OQ));
        const __m256 lt = _mm256_cmp_ps(fx0, fx1, _CMP_LT_OQ);
        const __m256 lo = _mm256_blendv_ps(fx1, fx0, lt), hi = _mm256_blendv_ps(fx0, fx1, lt);
        vmnx = _mm256_blendv_ps(vmnx, lo, _mm256_and_ps(keep, _mm256_cmp_ps(lo, vmnx, _CMP_LT_OQ)));
        vmxx = _mm256_blendv_ps(vmxx, hi, _mm256_and_ps(keep, _mm256_cmp_ps(hi, vmxx, _CMP_GT_OQ)));
        vmny = _mm256_blendv_ps(vmny, fy0, _mm256_and_ps(keep, _mm256_cmp_ps(fy0, vmny, _CMP_LT_OQ)));
        vmxy = _mm256_blendv_ps(vmxy, fy1, _mm256_and_ps(keep, _mm256_cmp_ps(fy1, vmxy, _CMP_GT_OQ)));
        /* Lanes to edges: e0 holds edge 0's x0, y0, x1, y1 in its low half and edge 4's in its
         * high half, e1 edges 1 and 5, … */
        const __m256 t0 = _mm256_unpacklo_ps(fx0, fy0), t1 = _mm256_unpackhi_ps(fx0, fy0);
        const __m256 t2 = _mm256_unpacklo_ps(fx1, fy1), t3 = _mm256_unpackhi_ps(fx1, fy1);
        const __m256 e0 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
        const __m256 e1 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
        const __m256 e2 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
        const __m256 e3 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2));
        float dir[8];
        _mm256_storeu_ps(dir, _mm256_blendv_ps(minus_one, one, down));
        const unsigned kept = (unsigned)_mm256_movemask_ps(keep);
        /* Every edge is written, and kept when rounding left it some height (as the scalar). */
#define PUT(E, L) do { _mm_storeu_ps(&out->x0, (E)); out->dir = dir[L]; out += (kept >> (L)) & 1; } while (0)
        PUT(_mm256_castps256_ps128(e0), 0);
        PUT(_mm256_castps256_ps128(e1), 1);
        PUT(_mm256_castps256_ps128(e2), 2);
        PUT(_mm256_castps256_ps128(e3), 3);
        PUT(_mm256_extractf128_ps(e0, 1), 4);
        PUT(_mm256_extractf128_ps(e1, 1), 5);
        PUT(_mm256_extractf128_ps(e2, 1), 6);
        PUT(_mm256_extractf128_ps(e3, 1), 7);
#undef PUT
    }
    float l0[8], l1[8], l2[8], l3[8];
    _mm256_storeu_ps(l0, vmnx); _mm256_storeu_ps(l1, vmxx); _mm256_storeu_ps(l2, vmny); _mm256_storeu_ps(l3, vmxy);
    float mnx = INFINITY, mxx = -INFINITY, mny = INFINITY, mxy = -INFINITY;
    for (int k = 0; k < 8; k++) {
        mnx = l0[k] < mnx ? l0[k] : mnx;
        mxx = l1[k] > mxx ? l1[k] : mxx;
        mny = l2[k] < mny ? l2[k] : mny;
        mxy = l3[k] > mxy ? l3[k] : mxy;
    }
    box[0] = mnx; box[1] = mxx; box[2] = mny; box[3] = mxy;
    return out - first;
}

#endif
