/* The band kernel with AVX2: columns of any bands gathered 8 at a time in registers (each
 * band's columns located 8 at once), their coverage computed at once (each lane the arithmetic
 * of cstroke_coverage, to the bit), then two columns' 4 rows blended per vector where they lie
 * inside the clip — neighbouring columns of a vertical band side by side, 2 pixels a row — and
 * one by one otherwise.
 *
 * Measured on 2026-12-05 (AMD EPYC, strata-bench A/B on the 1 px stroke scenes): without blend8
 * (and with it what the compiler then drops: the alphas, side_pair) they take 30–42 % less.
 * Left out: every lane pair's pixels loaded before any is stored (rows 4096 bytes apart alias
 * in the CPU's store-to-load check): +2 to +4 %; blend8 unrolled for 8 lanes: ±1 %. Leaving out
 * rows 2–3 of side-by-side columns (wrong pixels, timing only) took 3 % off: the cache lines of
 * rows without ink are not what the blend costs. */

#include "band_internal.h"

#if defined(CSTROKE_X86)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* x / 255 rounded, per 16-bit lane (x ≤ 255 · 255): (t + (t >> 8)) >> 8 with t = x + 128. */
AVX2 static inline __m256i div255(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x0101));
}

/* The colour (c16: its channels in 16-bit lanes, twice per 128 bits) scaled by the 8 pixels'
 * alphas (the bytes of a8, pixel k's in byte k) OVER d: cstroke_blend's arithmetic. `opaque`:
 * the colour's alpha is 255, so the scaled colour's alpha is the pixel's alpha exactly
 * ((255·a + 128 + ((255·a + 128) >> 8)) >> 8 = a) and the destination's factor 255 − a needs no
 * shuffling out of the scaled colour. */
AVX2 static inline __m256i over8(__m256i c16, uint64_t a8, __m256i d, int opaque) {
    const __m256i zero = _mm256_setzero_si256(), unit = _mm256_set1_epi16(0xff);
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                            4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)a8), spread);
    __m256i slo = div255(_mm256_mullo_epi16(c16, _mm256_unpacklo_epi8(m, zero)));
    __m256i shi = div255(_mm256_mullo_epi16(c16, _mm256_unpackhi_epi8(m, zero)));
    __m256i ilo, ihi;
    if (opaque) {
        __m256i im = _mm256_xor_si256(m, _mm256_set1_epi8(-1));
        ilo = _mm256_unpacklo_epi8(im, zero);
        ihi = _mm256_unpackhi_epi8(im, zero);
    } else {
        ilo = _mm256_xor_si256(_mm256_shufflehi_epi16(_mm256_shufflelo_epi16(slo, 0xff), 0xff), unit);
        ihi = _mm256_xor_si256(_mm256_shufflehi_epi16(_mm256_shufflelo_epi16(shi, 0xff), 0xff), unit);
    }
    __m256i dlo = _mm256_add_epi16(slo, div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), ilo)));
    __m256i dhi = _mm256_add_epi16(shi, div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), ihi)));
    return _mm256_packus_epi16(dlo, dhi);
}

/* Neighbouring columns u, u + 1 of vertical bands (x = u), 4 rows from the pixel p (column u,
 * row r) down, 2 pixels a row: 4 loads and stores of 64 bits instead of 8 of 32. The alphas of
 * column u and u + 1 (a and b: row r in the low byte) are interleaved pixel by pixel. */
AVX2 static inline void blend_side(uint32_t *p, ptrdiff_t stride, __m256i c16, uint32_t a, uint32_t b, int opaque) {
    uint64_t a8 = (uint64_t)_mm_cvtsi128_si64(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b)));
    __m128d lo = _mm_loadh_pd(_mm_load_sd((const double *)p), (const double *)(p + stride));
    __m128d hi = _mm_loadh_pd(_mm_load_sd((const double *)(p + 2 * stride)), (const double *)(p + 3 * stride));
    __m256i d = over8(c16, a8, _mm256_set_m128i(_mm_castpd_si128(hi), _mm_castpd_si128(lo)), opaque);
    lo = _mm_castsi128_pd(_mm256_castsi256_si128(d));
    hi = _mm_castsi128_pd(_mm256_extracti128_si256(d, 1));
    _mm_store_sd((double *)p, lo);
    _mm_storeh_pd((double *)(p + stride), lo);
    _mm_store_sd((double *)(p + 2 * stride), hi);
    _mm_storeh_pd((double *)(p + 3 * stride), hi);
}

/* Two columns' 4 rows each (pixels p0, p0 + step, …, p1, p1 + step, …) blended with the 8
 * alphas: one vector load, blend and store when the rows are adjacent in memory. */
AVX2 static inline void blend_pair(uint32_t *p0, uint32_t *p1, ptrdiff_t step, __m256i c16, uint64_t a8, int opaque) {
    if (step == 1) {
        __m256i d = _mm256_set_m128i(_mm_loadu_si128((const __m128i *)p1), _mm_loadu_si128((const __m128i *)p0));
        d = over8(c16, a8, d, opaque);
        _mm_storeu_si128((__m128i *)p0, _mm256_castsi256_si128(d));
        _mm_storeu_si128((__m128i *)p1, _mm256_extracti128_si256(d, 1));
        return;
    }
    __m256i d = _mm256_setr_epi32((int)p0[0], (int)p0[step], (int)p0[2 * step], (int)p0[3 * step],
                                  (int)p1[0], (int)p1[step], (int)p1[2 * step], (int)p1[3 * step]);
    d = over8(c16, a8, d, opaque);
    __m128i lo = _mm256_castsi256_si128(d), hi = _mm256_extracti128_si256(d, 1);
    p0[0] = (uint32_t)_mm_cvtsi128_si32(lo);
    p0[step] = (uint32_t)_mm_extract_epi32(lo, 1);
    p0[2 * step] = (uint32_t)_mm_extract_epi32(lo, 2);
    p0[3 * step] = (uint32_t)_mm_extract_epi32(lo, 3);
    p1[0] = (uint32_t)_mm_cvtsi128_si32(hi);
    p1[step] = (uint32_t)_mm_extract_epi32(hi, 1);
    p1[2 * step] = (uint32_t)_mm_extract_epi32(hi, 2);
    p1[3 * step] = (uint32_t)_mm_extract_epi32(hi, 3);
}

/* E(hi) of cstroke_edge, 8 lanes. */
AVX2 static inline __m256 edge8(__m256 hi, __m256 half, __m256 inv) {
    __m256 p = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(hi, inv), _mm256_setzero_ps()), _mm256_set1_ps(1.0f));
    return _mm256_mul_ps(p, _mm256_sub_ps(hi, _mm256_mul_ps(half, p)));
}

/* Columns gathered from the bands, 8 lanes, kept in registers: each lane's top edge offset and
 * row (cstroke_locate's), column, direction, and its band's slope (as float) and height; the
 * coverage constants and clip rows follow from those when drawn. Gathering through memory (a
 * band's lanes stored after the n gathered so far, then loaded 8 wide) stalls every load on
 * store forwarding; more fields than these spill registers in every merge. */
typedef struct {
    __m256 a, slope, h;
    __m256i row, u, transposed;
} lanes;

/* What blend8 reads lane by lane. */
typedef struct {
    int32_t row[8], u[8], lo[8], hi[8], transposed[8];
} placed;

/* The 8 columns' alphas (each column's 4 rows the bytes of one word): 255·coverage rounded to
 * nearest even (as cstroke_alpha), clamped by the packs. */
AVX2 static inline __m256i alphas8(__m256 a, __m256 neg, __m256 half, __m256 inv, __m256 h) {
    const __m256 scale = _mm256_set1_ps(255.0f);
    __m256 q[4];
    for (int k = 0; k < 4; k++) {
        __m256 hi = _mm256_sub_ps(_mm256_sub_ps(_mm256_set1_ps((float)(k + 1)), a), neg);
        q[k] = _mm256_sub_ps(edge8(hi, half, inv), edge8(_mm256_sub_ps(hi, h), half, inv));
    }
    const __m256i transpose = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                               0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    __m256i v0 = _mm256_cvtps_epi32(_mm256_mul_ps(q[0], scale));
    __m256i v1 = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_sub_ps(q[1], q[0]), scale));
    __m256i v2 = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_sub_ps(q[2], q[1]), scale));
    __m256i v3 = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_sub_ps(q[3], q[2]), scale));
    __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(v0, v1), _mm256_packs_epi32(v2, v3));
    return _mm256_shuffle_epi8(bytes, transpose);
}

/* Blends the first n (1…8) columns of `l` with their alphas. `side` and `pair` (bit j for the
 * columns j, j + 1, j even): how the two go, worked out for all 8 lanes at once (side_pair). */
AVX2 static inline void blend8(const cstroke_target *t, const placed *l, const uint32_t alpha[8], int n,
                               unsigned side, unsigned pair) {
    const ptrdiff_t stride = t->stride;
    int j = 0;
    if (!t->a8) {
        const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)t->color), _mm256_setzero_si256());
        const int opaque = t->color >> 24 == 255;
        uint32_t *const pixels = (uint32_t *)t->pixels;
        for (; j + 1 < n; j += 2) {
            int ra = l->row[j], rb = l->row[j + 1], tr = l->transposed[j];
            if (side >> j & 1) {
                int r = ra < rb ? ra : rb;
                blend_side(pixels + (ptrdiff_t)r * stride + l->u[j], stride, c16, alpha[j] << (8 * (ra - r)),
                           alpha[j + 1] << (8 * (rb - r)), opaque);
                continue;
            }
            if (!(pair >> j & 1)) {
                cstroke_blend_column(t, l->u[j], ra, alpha[j], l->lo[j], l->hi[j], tr);
                cstroke_blend_column(t, l->u[j + 1], rb, alpha[j + 1], l->lo[j + 1], l->hi[j + 1], l->transposed[j + 1]);
                continue;
            }
            ptrdiff_t a0 = tr ? (ptrdiff_t)l->u[j] * stride + ra : (ptrdiff_t)ra * stride + l->u[j];
            ptrdiff_t a1 = tr ? (ptrdiff_t)l->u[j + 1] * stride + rb : (ptrdiff_t)rb * stride + l->u[j + 1];
            blend_pair(pixels + a0, pixels + a1, tr ? 1 : stride, c16, (uint64_t)alpha[j] | (uint64_t)alpha[j + 1] << 32, opaque);
        }
    }
    for (; j < n; j++) cstroke_blend_column(t, l->u[j], l->row[j], alpha[j], l->lo[j], l->hi[j], l->transposed[j]);
}

/* For each even lane j, whether columns j and j + 1 go side by side (blend_side: neighbouring
 * columns of vertical bands whose rows start at most 1 apart, always so within a band, inside
 * the clip, the one starting lower needing only 3 of its rows) and whether they go as a pair
 * (blend_pair: they run the same way, are different columns — bands of different segments may
 * share pixels, blended one after the other — and lie inside the clip); otherwise one by one.
 * The bits of the two masks (movemask order). Lane j + 1's values reach lane j by a 32-bit
 * shift within each 64-bit pair. */
AVX2 static inline void side_pair(__m256i row, __m256i u, __m256i tr, __m256i lo, __m256i hi, __m256i alpha,
                                  unsigned *side, unsigned *pair) {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1), three = _mm256_set1_epi32(3);
    __m256i rowN = _mm256_srli_epi64(row, 32), uN = _mm256_srli_epi64(u, 32), trN = _mm256_srli_epi64(tr, 32);
    __m256i loN = _mm256_srli_epi64(lo, 32), hiN = _mm256_srli_epi64(hi, 32), alphaN = _mm256_srli_epi64(alpha, 32);
    __m256i d = _mm256_sub_epi32(rowN, row);
    __m256i r = _mm256_min_epi32(row, rowN);
    __m256i s = _mm256_and_si256(_mm256_cmpeq_epi32(tr, zero), _mm256_cmpeq_epi32(trN, zero));
    s = _mm256_and_si256(s, _mm256_cmpeq_epi32(uN, _mm256_add_epi32(u, one)));
    s = _mm256_and_si256(s, _mm256_cmpgt_epi32(_mm256_set1_epi32(2), d));
    s = _mm256_and_si256(s, _mm256_cmpgt_epi32(d, _mm256_set1_epi32(-2)));
    s = _mm256_andnot_si256(_mm256_cmpgt_epi32(lo, r), s);
    s = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_add_epi32(r, three), hi), s);
    s = _mm256_and_si256(s, _mm256_or_si256(_mm256_cmpeq_epi32(row, r), _mm256_cmpeq_epi32(_mm256_srli_epi32(alpha, 24), zero)));
    s = _mm256_and_si256(s, _mm256_or_si256(_mm256_cmpeq_epi32(rowN, r), _mm256_cmpeq_epi32(_mm256_srli_epi32(alphaN, 24), zero)));
    __m256i p = _mm256_cmpeq_epi32(tr, trN);
    p = _mm256_andnot_si256(_mm256_cmpeq_epi32(u, uN), p);
    p = _mm256_andnot_si256(_mm256_cmpgt_epi32(lo, row), p);
    p = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_add_epi32(row, three), hi), p);
    p = _mm256_andnot_si256(_mm256_cmpgt_epi32(loN, rowN), p);
    p = _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_add_epi32(rowN, three), hiN), p);
    *side = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(s));
    *pair = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(p));
}

/* Draws the first n (1…8) gathered columns of `l` (the others hold finite values too). The
 * coverage constants per lane as cstroke_setup makes them from the float slope s: neg = s if
 * negative else 0 (min(s, 0) gives the same, −0 and NaN included), half = 0.5·|s|,
 * inv = 1/max(|s|, 1e-30) (max(|s|, 1e-30) is |s| > 1e-30 ? |s| : 1e-30); the clip rows by
 * direction. */
AVX2 static inline __attribute__((always_inline)) void draw_gathered(const cstroke_target *t, const lanes *l,
                                                                     int n, const cstroke_clip *clip) {
    const __m256 m = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), l->slope);
    const __m256 neg = _mm256_min_ps(l->slope, _mm256_setzero_ps());
    const __m256 half = _mm256_mul_ps(_mm256_set1_ps(0.5f), m);
    const __m256 inv = _mm256_div_ps(_mm256_set1_ps(1.0f), _mm256_max_ps(m, _mm256_set1_ps(1e-30f)));
    const __m256i av = alphas8(l->a, neg, half, inv, l->h);
    const __m256i down = _mm256_cmpeq_epi32(l->transposed, _mm256_setzero_si256());
    const __m256i lo = _mm256_blendv_epi8(_mm256_set1_epi32(clip->x0), _mm256_set1_epi32(clip->y0), down);
    const __m256i hi = _mm256_blendv_epi8(_mm256_set1_epi32(clip->x1), _mm256_set1_epi32(clip->y1), down);
    unsigned side, pair;
    side_pair(l->row, l->u, l->transposed, lo, hi, av, &side, &pair);
    uint32_t alpha[8];
    placed p;
    _mm256_storeu_si256((__m256i *)alpha, av);
    _mm256_storeu_si256((__m256i *)p.row, l->row);
    _mm256_storeu_si256((__m256i *)p.u, l->u);
    _mm256_storeu_si256((__m256i *)p.lo, lo);
    _mm256_storeu_si256((__m256i *)p.hi, hi);
    _mm256_storeu_si256((__m256i *)p.transposed, l->transposed);
    blend8(t, &p, alpha, n, side, pair);
}

/* Columns u…u + 7 of one band located at once (cstroke_locate's arithmetic per lane), with the
 * band's constants. */
AVX2 static inline lanes locate8(const cstroke_band_setup *b, int u) {
    const __m256d c = _mm256_set1_pd((double)(u - b->origin));
    const __m256d top = _mm256_set1_pd(b->top), slope = _mm256_set1_pd(b->slope), low = _mm256_set1_pd(b->low);
    const __m256d rlo = _mm256_set1_pd(b->row_lo), rhi = _mm256_set1_pd(b->row_hi);
    __m256d tc0 = _mm256_add_pd(top, _mm256_mul_pd(slope, _mm256_add_pd(c, _mm256_setr_pd(0, 1, 2, 3))));
    __m256d tc1 = _mm256_add_pd(top, _mm256_mul_pd(slope, _mm256_add_pd(c, _mm256_setr_pd(4, 5, 6, 7))));
    __m256d r0 = _mm256_floor_pd(_mm256_min_pd(_mm256_max_pd(_mm256_add_pd(tc0, low), rlo), rhi));
    __m256d r1 = _mm256_floor_pd(_mm256_min_pd(_mm256_max_pd(_mm256_add_pd(tc1, low), rlo), rhi));
    lanes l;
    l.row = _mm256_set_m128i(_mm256_cvttpd_epi32(r1), _mm256_cvttpd_epi32(r0));
    l.a = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_sub_pd(tc1, r1)), _mm256_cvtpd_ps(_mm256_sub_pd(tc0, r0)));
    l.u = _mm256_add_epi32(_mm256_set1_epi32(u), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    l.transposed = _mm256_set1_epi32(b->transposed);
    l.slope = _mm256_set1_ps(b->slope_f);
    l.h = _mm256_set1_ps(b->h);
    return l;
}

/* Puts lanes 0…7 − n of `v` into lanes n…7 of `acc` (1 ≤ n ≤ 7) and rotates `v` by n lanes: its
 * lanes 8 − n…7 then sit in lanes 0…n − 1, for the next gathering. */
AVX2 static inline void merge8(lanes *acc, lanes *v, int n) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i rot = _mm256_and_si256(_mm256_sub_epi32(lane, _mm256_set1_epi32(n)), _mm256_set1_epi32(7));
    const __m256i take = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(n - 1));
    const __m256 takef = _mm256_castsi256_ps(take);
#define ROTATE_F(f) v->f = _mm256_permutevar8x32_ps(v->f, rot); acc->f = _mm256_blendv_ps(acc->f, v->f, takef)
#define ROTATE_I(f) v->f = _mm256_permutevar8x32_epi32(v->f, rot); acc->f = _mm256_blendv_epi8(acc->f, v->f, take)
#define TAKE_F(f) acc->f = _mm256_blendv_ps(acc->f, v->f, takef)
#define TAKE_I(f) acc->f = _mm256_blendv_epi8(acc->f, v->f, take)
    ROTATE_F(a); ROTATE_I(row); ROTATE_I(u);
    /* A band's constants are the same in every lane: no rotation. */
    TAKE_F(slope); TAKE_F(h); TAKE_I(transposed);
#undef ROTATE_F
#undef ROTATE_I
#undef TAKE_F
#undef TAKE_I
}

AVX2 void cstroke_bands_avx2(const cstroke_target *t, const cstroke_run *runs, int count, const cstroke_clip *clip) {
    lanes acc;
    int n = 0;
    for (int i = 0; i < count; i++) {
        cstroke_band_setup b = cstroke_setup(&runs[i], clip);
        int u = runs[i].first;
        const int last = runs[i].last;
        /* Up to 8 columns of the band at a time after the n gathered (most segments of a
         * flattened curve span a few columns), drawn whenever 8 are gathered. */
        while (u <= last) {
            int m = last - u + 1;
            if (m > 8) m = 8;
            lanes v = locate8(&b, u);
            u += m;
            if (n == 0) {
                acc = v;
                n = m;
            } else {
                merge8(&acc, &v, n);
                n += m;
                if (n >= 8) {
                    draw_gathered(t, &acc, 8, clip);
                    n -= 8;
                    acc = v;
                }
                continue;
            }
            if (n == 8) {
                draw_gathered(t, &acc, 8, clip);
                n = 0;
            }
        }
    }
    if (n > 0) draw_gathered(t, &acc, n, clip);
}

#endif
