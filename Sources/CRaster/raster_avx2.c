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

#endif
