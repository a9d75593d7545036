#ifndef CBLIT_AVX2_H
#define CBLIT_AVX2_H

/* The 16-bit-channel arithmetic every AVX2 kernel shares (blit_avx2.c, mask_avx2.c): pixman's
 * rounding, to the bit. Only included where CBLIT_X86 is defined. */

#include "blit_internal.h"

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* x / 255 rounded, per 16-bit lane (x ≤ 255 · 255). */
AVX2 static inline __m256i div255(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(0x80)), _mm256_set1_epi16(0x0101));
}

/* Each pixel's alpha in all four of its 16-bit channels (one byte shuffle: the alpha word of
 * each 64-bit pixel, bytes 6-7 and 14-15 of every 128-bit lane). */
AVX2 static inline __m256i alphas(__m256i p16) {
    const __m256i order = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                           6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    return _mm256_shuffle_epi8(p16, order);
}

/* s OVER d, 16-bit channels (s' + d · (255 − s'α) / 255; packing saturates at 255). */
AVX2 static inline __m256i over16(__m256i s, __m256i d) {
    __m256i ia = _mm256_xor_si256(alphas(s), _mm256_set1_epi16(0xff));
    return _mm256_add_epi16(s, div255(_mm256_mullo_epi16(d, ia)));
}

/* 8 source pixels scaled by a16 (alpha in every lane; 255: unscaled) OVER 8 destination pixels. */
AVX2 static inline __m256i over8(__m256i s, __m256i d, __m256i a16, int scaled) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i slo = _mm256_unpacklo_epi8(s, zero), shi = _mm256_unpackhi_epi8(s, zero);
    if (scaled) {
        slo = div255(_mm256_mullo_epi16(slo, a16));
        shi = div255(_mm256_mullo_epi16(shi, a16));
    }
    __m256i lo = over16(slo, _mm256_unpacklo_epi8(d, zero)), hi = over16(shi, _mm256_unpackhi_epi8(d, zero));
    return _mm256_packus_epi16(lo, hi);
}

/* 8 opaque source pixels scaled by a16 (alpha a in every lane, ia16 = 255 − a) OVER 8
 * destination pixels: s' = div255(s · a) has alpha div255(255 · a) = a, so d · (255 − a)
 * needs no per-pixel alpha (the same pixels as over8 with `scaled`). */
AVX2 static inline __m256i over8_opaque(__m256i s, __m256i d, __m256i a16, __m256i ia16) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i slo = div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(s, zero), a16));
    __m256i shi = div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(s, zero), a16));
    __m256i lo = _mm256_add_epi16(slo, div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), ia16)));
    __m256i hi = _mm256_add_epi16(shi, div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), ia16)));
    return _mm256_packus_epi16(lo, hi);
}

/* Lanes 0 … n−1 set (n ≤ 8). */
AVX2 static inline __m256i first_lanes(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

#endif
