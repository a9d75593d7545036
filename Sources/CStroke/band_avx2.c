/* The band kernel with AVX2: the coverage of 8 columns at once (each lane the arithmetic of
 * cstroke_column, to the bit), then the pixels blended one by one. */

#include "band_internal.h"

#if defined(CSTROKE_X86)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* max(d, 0)² */
AVX2 static inline __m256 ramp2(__m256 d) {
    d = _mm256_max_ps(d, _mm256_setzero_ps());
    return _mm256_mul_ps(d, d);
}

/* x / 255 rounded, per 16-bit lane (x ≤ 255 · 255): (t + (t >> 8)) >> 8 with t = x + 128. */
AVX2 static inline __m256i div255(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x0101));
}

/* The colour (c16: its channels in 16-bit lanes, twice per 128 bits) scaled by the 8 pixels'
 * alphas (the bytes of a8, pixel k's in byte k) OVER d: cstroke_blend's arithmetic. */
AVX2 static inline __m256i over8(__m256i c16, uint64_t a8, __m256i d) {
    const __m256i zero = _mm256_setzero_si256(), unit = _mm256_set1_epi16(0xff);
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                            4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)a8), spread);
    __m256i slo = div255(_mm256_mullo_epi16(c16, _mm256_unpacklo_epi8(m, zero)));
    __m256i shi = div255(_mm256_mullo_epi16(c16, _mm256_unpackhi_epi8(m, zero)));
    __m256i ilo = _mm256_xor_si256(_mm256_shufflehi_epi16(_mm256_shufflelo_epi16(slo, 0xff), 0xff), unit);
    __m256i ihi = _mm256_xor_si256(_mm256_shufflehi_epi16(_mm256_shufflelo_epi16(shi, 0xff), 0xff), unit);
    __m256i dlo = _mm256_add_epi16(slo, div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), ilo)));
    __m256i dhi = _mm256_add_epi16(shi, div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), ihi)));
    return _mm256_packus_epi16(dlo, dhi);
}

/* Two columns' 4 rows each (pixels p0, p0 + step, …, p1, p1 + step, …) blended with the 8
 * alphas: one vector load, blend and store when the rows are adjacent in memory. */
AVX2 static inline void blend_pair(uint32_t *p0, uint32_t *p1, ptrdiff_t step, __m256i c16, uint64_t a8) {
    if (step == 1) {
        __m256i d = _mm256_set_m128i(_mm_loadu_si128((const __m128i *)p1), _mm_loadu_si128((const __m128i *)p0));
        d = over8(c16, a8, d);
        _mm_storeu_si128((__m128i *)p0, _mm256_castsi256_si128(d));
        _mm_storeu_si128((__m128i *)p1, _mm256_extracti128_si256(d, 1));
        return;
    }
    __m256i d = _mm256_setr_epi32((int)p0[0], (int)p0[step], (int)p0[2 * step], (int)p0[3 * step],
                                  (int)p1[0], (int)p1[step], (int)p1[2 * step], (int)p1[3 * step]);
    d = over8(c16, a8, d);
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

AVX2 void cstroke_band_avx2(const cstroke_target *t, double top, double slope, double height,
                            int first, int last, int lo, int hi, int transposed) {
    cstroke_band_setup b = cstroke_setup(top, slope, height, lo, hi);
    const __m256d vtop = _mm256_set1_pd(b.top), vslope = _mm256_set1_pd(b.slope);
    const __m256d shift = _mm256_set1_pd(b.low_shift), rlo = _mm256_set1_pd(b.row_lo), rhi = _mm256_set1_pd(b.row_hi);
    const __m256d lanes_lo = _mm256_setr_pd(0, 1, 2, 3), lanes_hi = _mm256_setr_pd(4, 5, 6, 7);
    const __m256 s = _mm256_set1_ps(b.s), h = _mm256_set1_ps(b.h), g = _mm256_set1_ps(b.g), hs = _mm256_set1_ps(b.half_s);
    const __m256 scale = _mm256_set1_ps(255.0f);
    /* Column-major bytes: each 128-bit half holds rows 0…3 of 4 columns after the packs. */
    const __m256i transpose = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                               0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)t->color), _mm256_setzero_si256());
    const ptrdiff_t stride = t->stride, step = transposed ? 1 : stride;
    uint32_t *const pixels = (uint32_t *)t->pixels;
    int32_t rows[8];
    uint32_t alpha[8];
    for (int u = first; u <= last; u += 8) {
        __m256d c = _mm256_set1_pd((double)(u - first));
        __m256d tc0 = _mm256_add_pd(vtop, _mm256_mul_pd(vslope, _mm256_add_pd(c, lanes_lo)));
        __m256d tc1 = _mm256_add_pd(vtop, _mm256_mul_pd(vslope, _mm256_add_pd(c, lanes_hi)));
        __m256d m0 = _mm256_min_pd(_mm256_max_pd(_mm256_add_pd(tc0, shift), rlo), rhi);
        __m256d m1 = _mm256_min_pd(_mm256_max_pd(_mm256_add_pd(tc1, shift), rlo), rhi);
        __m256d r0 = _mm256_floor_pd(m0), r1 = _mm256_floor_pd(m1);
        _mm_storeu_si128((__m128i *)rows, _mm256_cvttpd_epi32(r0));
        _mm_storeu_si128((__m128i *)(rows + 4), _mm256_cvttpd_epi32(r1));
        __m256 a = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_sub_pd(tc1, r1)), _mm256_cvtpd_ps(_mm256_sub_pd(tc0, r0)));
        __m256 q[4];
        if (b.flat) {
            __m256 base = _mm256_add_ps(a, hs);
            for (int k = 0; k < 4; k++) {
                __m256 v = _mm256_sub_ps(_mm256_set1_ps((float)(k + 1)), base);
                q[k] = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), h);
            }
        } else {
            __m256 b1 = _mm256_add_ps(a, s), b2 = _mm256_add_ps(a, h);
            __m256 b3 = _mm256_add_ps(b2, s);
            for (int k = 0; k < 4; k++) {
                __m256 z = _mm256_set1_ps((float)(k + 1));
                __m256 e0 = _mm256_sub_ps(ramp2(_mm256_sub_ps(z, a)), ramp2(_mm256_sub_ps(z, b1)));
                __m256 e1 = _mm256_sub_ps(ramp2(_mm256_sub_ps(z, b2)), ramp2(_mm256_sub_ps(z, b3)));
                q[k] = _mm256_mul_ps(_mm256_sub_ps(e0, e1), g);
            }
        }
        /* Alphas: 255·coverage rounded to nearest even (as cstroke_alpha), clamped by the packs. */
        __m256i v0 = _mm256_cvtps_epi32(_mm256_mul_ps(q[0], scale));
        __m256i v1 = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_sub_ps(q[1], q[0]), scale));
        __m256i v2 = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_sub_ps(q[2], q[1]), scale));
        __m256i v3 = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_sub_ps(q[3], q[2]), scale));
        __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(v0, v1), _mm256_packs_epi32(v2, v3));
        _mm256_storeu_si256((__m256i *)alpha, _mm256_shuffle_epi8(bytes, transpose));
        int n = last - u + 1;
        if (n > 8) n = 8;
        int j = 0;
        if (!t->a8) {
            for (; j + 1 < n; j += 2) {
                int ra = rows[j], rb = rows[j + 1];
                if (ra < lo || ra + 3 > hi || rb < lo || rb + 3 > hi) break;
                ptrdiff_t a0 = transposed ? (ptrdiff_t)(u + j) * stride + ra : (ptrdiff_t)ra * stride + (u + j);
                ptrdiff_t a1 = transposed ? (ptrdiff_t)(u + j + 1) * stride + rb : (ptrdiff_t)rb * stride + (u + j + 1);
                blend_pair(pixels + a0, pixels + a1, step, c16, (uint64_t)alpha[j] | (uint64_t)alpha[j + 1] << 32);
            }
        }
        for (; j < n; j++) {
            uint32_t col[4] = {alpha[j] & 0xff, (alpha[j] >> 8) & 0xff, (alpha[j] >> 16) & 0xff, alpha[j] >> 24};
            cstroke_blend_column(t, u + j, rows[j], col, lo, hi, transposed);
        }
    }
}

#endif
