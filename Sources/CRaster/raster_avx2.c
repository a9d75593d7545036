/* AVX2 blits for the sweep: 8 pixels per step, channels widened to 16 bits. Compiled for every
 * x86 CPU (per-function target attribute) and only called after craster_has_avx2(). The same
 * arithmetic as the scalar blits in raster_internal.h, to the bit: x·a/255 rounded is
 * ((x·a + 128) · 257) >> 16 for x·a ≤ 255·255. */

#include "raster_internal.h"

#if defined(CRASTER_X86)

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

AVX2 static inline __m256i div255(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x0101));
}

/* (colour · m) OVER d for one half (16-bit channels of 4 pixels): m16 holds each pixel's
 * coverage in its four channels. */
AVX2 static inline __m256i mask_over16(__m256i c16, __m256i m16, __m256i d16) {
    __m256i s = div255(_mm256_mullo_epi16(c16, m16));
    __m256i ia = _mm256_xor_si256(_mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xff), 0xff),
                                  _mm256_set1_epi16(0xff));
    return _mm256_add_epi16(s, div255(_mm256_mullo_epi16(d16, ia)));
}

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

/* craster_block_argb (raster_internal.h) on 8 cells at once: prefix sums in the vector (exact
 * integer sums, so the same as the scalar walk), alphas, then the mask blend of mask_over16. */
AVX2 static inline __attribute__((always_inline)) uint32_t block_argb(uint32_t *c, uint32_t *row, int n, uint32_t s, int even_odd, const craster_target *t) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i v = _mm256_loadu_si256((const __m256i *)c);
    _mm256_storeu_si256((__m256i *)c, zero);
    /* Inclusive prefix sum of the 8 lanes: within each 128-bit half, then the low half's total
     * into the high half. */
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    __m256i lo_total = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(7, 7, 7, 7, 3, 3, 3, 3));
    v = _mm256_add_epi32(v, _mm256_blend_epi32(zero, lo_total, 0xf0));
    v = _mm256_add_epi32(v, _mm256_set1_epi32((int)s));
    uint32_t last = (uint32_t)_mm256_extract_epi32(v, 7);
    if (n <= 0) return last;
    const __m256i one = _mm256_set1_epi32(CRASTER_ONE);
    __m256i a;
    if (even_odd) {
        a = _mm256_and_si256(v, _mm256_set1_epi32(2 * CRASTER_ONE - 1));
        a = _mm256_min_epu32(a, _mm256_sub_epi32(_mm256_set1_epi32(2 * CRASTER_ONE), a));
    } else {
        a = _mm256_min_epu32(_mm256_abs_epi32(v), one);
    }
    /* (t·255 + 2¹⁵) >> 16 */
    a = _mm256_srli_epi32(_mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(a, 8), a), _mm256_set1_epi32(CRASTER_ONE / 2)), 16);
    /* Each pixel's alpha into its four bytes. */
    __m256i mp = _mm256_or_si256(_mm256_or_si256(a, _mm256_slli_epi32(a, 8)), _mm256_or_si256(_mm256_slli_epi32(a, 16), _mm256_slli_epi32(a, 24)));
    __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i dp = _mm256_maskload_epi32((const int *)row, lanes);
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)t->color), zero);
    __m256i lo = mask_over16(c16, _mm256_unpacklo_epi8(mp, zero), _mm256_unpacklo_epi8(dp, zero));
    __m256i hi = mask_over16(c16, _mm256_unpackhi_epi8(mp, zero), _mm256_unpackhi_epi8(dp, zero));
    _mm256_maskstore_epi32((int *)row, lanes, _mm256_packus_epi16(lo, hi));
    return last;
}

#define CRASTER_SWEEP_NAME craster_sweep_argb_avx2
#define CRASTER_SWEEP_ATTR AVX2
#define CRASTER_SWEEP_BLOCK block_argb
#include "raster_sweep_argb.h"

#endif
