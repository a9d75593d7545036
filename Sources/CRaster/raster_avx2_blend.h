#ifndef CRASTER_AVX2_BLEND_H
#define CRASTER_AVX2_BLEND_H

/* The AVX2 pixel arithmetic shared by the blits (raster_avx2.c) and the sweep
 * (raster_sweep_avx2.c): channels widened to 16 bits, x·a/255 rounded as
 * ((x·a + 128) · 257) >> 16, the scalar blits' values to the bit. Include only where
 * CRASTER_X86 is defined. */

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

/* mask_over16 for an opaque colour, to the bit: the scaled colour's alpha is m itself
 * (div255(255·m) = m), so the destination's factor 255 − m needs no shuffling out of it. */
AVX2 static inline __m256i opaque_over16(__m256i c16, __m256i m16, __m256i d16) {
    __m256i s = div255(_mm256_mullo_epi16(c16, m16));
    return _mm256_add_epi16(s, div255(_mm256_mullo_epi16(d16, _mm256_xor_si256(m16, _mm256_set1_epi16(0xff)))));
}

#endif
