/* OVER through an a8 mask, AVX2: 8 pixels per step, the mask's 8 bytes tested first (all 0:
 * nothing to do; all 255: an unmasked OVER, a plain store for opaque source pixels). Same
 * arithmetic as mask.c, to the bit. */

#include "blit_internal.h"

#if defined(CBLIT_X86)

#include "blit_avx2.h"

#include <string.h>

/* 8 mask bytes, each repeated over the four channels of its pixel's 32-bit lane. */
AVX2 static inline __m256i spread(uint64_t m8) {
    const __m256i order = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                           4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    return _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)m8), order);
}

/* (s IN m) OVER d for 8 pixels; m as `spread` gives it. */
AVX2 static inline __m256i in_over8(__m256i s, __m256i m, __m256i d) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i slo = div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(s, zero), _mm256_unpacklo_epi8(m, zero)));
    __m256i shi = div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(s, zero), _mm256_unpackhi_epi8(m, zero)));
    return _mm256_packus_epi16(over16(slo, _mm256_unpacklo_epi8(d, zero)), over16(shi, _mm256_unpackhi_epi8(d, zero)));
}

/* The 8 source pixels through the 8 mask bytes onto d (lanes of `live` only when !full). */
AVX2 static inline void step(uint32_t *d, __m256i s, uint64_t m8, int full, __m256i live) {
    const __m256i amask = _mm256_set1_epi32((int)0xff000000), unit = _mm256_set1_epi16(255);
    if (full && m8 == UINT64_MAX && _mm256_testc_si256(s, amask)) {
        _mm256_storeu_si256((__m256i *)d, s);
        return;
    }
    __m256i dp = full ? _mm256_loadu_si256((const __m256i *)d) : _mm256_maskload_epi32((const int *)d, live);
    __m256i out = m8 == UINT64_MAX ? over8(s, dp, unit, 0) : in_over8(s, spread(m8), dp);
    if (full) _mm256_storeu_si256((__m256i *)d, out);
    else _mm256_maskstore_epi32((int *)d, live, out);
}

/* The mask bytes [i, i + 8) of a row of w, zero past its end. The tail is gathered byte by
 * byte: a short memcpy into a word then read whole stalls on store forwarding. */
static inline uint64_t mask8(const uint8_t *m, int i, int w) {
    uint64_t v = 0;
    if (w - i >= 8) {
        memcpy(&v, m + i, 8);
        return v;
    }
    for (int k = w - i - 1; k >= 0; k--) v = v << 8 | m[i + k];
    return v;
}

AVX2 void cblit_over_a8_avx2(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                             const uint8_t *mask, ptrdiff_t mask_stride, int width, int height) {
    if (width <= 0) return;
    for (int j = 0; j < height; j++) {
        uint32_t *d = dst + j * dst_stride;
        const uint32_t *s = src + j * src_stride;
        const uint8_t *m = mask + j * mask_stride;
        int i = 0;
        for (; i + 8 <= width; i += 8) {
            uint64_t m8 = mask8(m, i, width);
            if (m8 == 0) continue;
            __m256i sp = _mm256_loadu_si256((const __m256i *)(s + i));
            if (_mm256_testz_si256(sp, sp)) continue;
            step(d + i, sp, m8, 1, _mm256_setzero_si256());
        }
        if (i < width) {
            uint64_t m8 = mask8(m, i, width);
            if (m8 == 0) continue;
            __m256i live = first_lanes(width - i);
            step(d + i, _mm256_maskload_epi32((const int *)(s + i), live), m8, 0, live);
        }
    }
}

AVX2 void cblit_over_solid_a8_avx2(uint32_t *dst, ptrdiff_t dst_stride, uint32_t pixel, const uint8_t *mask,
                                   ptrdiff_t mask_stride, int width, int height) {
    if (width <= 0 || pixel == 0) return;
    const __m256i sp = _mm256_set1_epi32((int)pixel);
    for (int j = 0; j < height; j++) {
        uint32_t *d = dst + j * dst_stride;
        const uint8_t *m = mask + j * mask_stride;
        int i = 0;
        for (; i + 8 <= width; i += 8) {
            uint64_t m8 = mask8(m, i, width);
            if (m8 != 0) step(d + i, sp, m8, 1, _mm256_setzero_si256());
        }
        if (i < width) {
            uint64_t m8 = mask8(m, i, width);
            if (m8 != 0) step(d + i, sp, m8, 0, first_lanes(width - i));
        }
    }
}

#endif
