/* The AVX2 sweep of one band into an ARGB32 target: the portable sweep's pixels
 * (raster_sweep_argb.c), to the bit, 8 cells per block.
 *
 * Row by row, from each flagged cell not yet swept, the next 8 cells are summed (an exact integer
 * prefix sum in the vector), cleared and their pixels blended at once, whether flagged or not:
 * unflagged cells hold 0, so the sums are those of a cell-by-cell walk, and a pixel inside a
 * constant stretch gets the alpha a span would give it. Rows of cells are padded so that a block
 * never reaches the next row. Constant stretches between blocks are spans.
 *
 * Rows go two at a time (sweep_pair): one walk of the union of both rows' bitmaps, each block 4
 * cells of both rows in one vector (each row's running sum in its own half), and each block asks
 * for the next pair's pixels at the same place (prefetch_next_pair). The fill rule and whether
 * the colour is opaque are constants of each copy of the row loop; long opaque spans are stored by
 * span()'s own loop rather than a call, so that the row loop's vectors stay in registers; a row's
 * non-zero bitmap words come from one vector compare per 4 words. What each of these gained, and
 * the changes measured and left out, are in docs/craster-measurements.md. */

#include "raster_internal.h"

#if defined(CRASTER_X86)

#include "raster_avx2_blend.h"

/* craster_alpha of the running sums in v, per lane. */
AVX2 static inline __attribute__((always_inline)) __m256i alphas8(__m256i v, const int even_odd) {
    __m256i a;
    if (even_odd) {
        a = _mm256_and_si256(v, _mm256_set1_epi32(2 * CRASTER_ONE - 1));
        a = _mm256_min_epu32(a, _mm256_sub_epi32(_mm256_set1_epi32(2 * CRASTER_ONE), a));
    } else {
        a = _mm256_min_epu32(_mm256_abs_epi32(v), _mm256_set1_epi32(CRASTER_ONE));
    }
    /* craster_alpha: (t·255 + 2¹⁵) >> 16 */
    return _mm256_srli_epi32(_mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(a, 8), a),
                                              _mm256_set1_epi32(CRASTER_ONE / 2)), 16);
}

/* The pixels of 8 cells whose running sums are v (one per lane) over destination pixels dp:
 * each sum's alpha (craster_alpha), the colour scaled by it OVER the pixel. block8's and
 * block4x2's arithmetic. */
AVX2 static inline __attribute__((always_inline))
__m256i blend_sums(__m256i v, __m256i dp, const int even_odd, const int opaque, __m256i c16) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i a = alphas8(v, even_odd);
    /* Each pixel's alpha into the four 16-bit channels of its half. */
    const __m256i spread_lo = _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1,
                                               0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1);
    const __m256i spread_hi = _mm256_setr_epi8(8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1,
                                               8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1);
    __m256i m_lo = _mm256_shuffle_epi8(a, spread_lo), m_hi = _mm256_shuffle_epi8(a, spread_hi);
    __m256i lo, hi;
    if (opaque) {
        lo = opaque_over16(c16, m_lo, _mm256_unpacklo_epi8(dp, zero));
        hi = opaque_over16(c16, m_hi, _mm256_unpackhi_epi8(dp, zero));
    } else {
        lo = mask_over16(c16, m_lo, _mm256_unpacklo_epi8(dp, zero));
        hi = mask_over16(c16, m_hi, _mm256_unpackhi_epi8(dp, zero));
    }
    return _mm256_packus_epi16(lo, hi);
}

/* Blends cells c[0 … 7] after the running sum s (in every lane) into row[0 … n − 1] (n ≤ 8; the
 * pixels from n on are left alone), clears the cells and returns the running sum after them in
 * every lane. */
AVX2 static inline __attribute__((always_inline))
__m256i block8(uint32_t *c, uint32_t *row, int n, __m256i s, const int even_odd, const int opaque, __m256i c16) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i v = _mm256_loadu_si256((const __m256i *)c);
    _mm256_storeu_si256((__m256i *)c, zero);
    /* Inclusive prefix sum of the 8 lanes: within each 128-bit half, then the low half's total
     * into the high half. */
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    __m256i lo_total = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(7, 7, 7, 7, 3, 3, 3, 3));
    v = _mm256_add_epi32(v, _mm256_blend_epi32(zero, lo_total, 0xf0));
    v = _mm256_add_epi32(v, s);
    __m256i next = _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(7));
    /* Masked stores are microcoded on AMD's cores (several µops each): a whole block, the usual
     * case, takes plain ones (4–12 % off the bench fills on a Zen 5; docs/craster-measurements.md). */
    const int whole = n == CRASTER_BLOCK;
    __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i dp = whole ? _mm256_loadu_si256((const __m256i *)row) : _mm256_maskload_epi32((const int *)row, lanes);
    __m256i out = blend_sums(v, dp, even_odd, opaque, c16);
    if (whole) _mm256_storeu_si256((__m256i *)row, out);
    else _mm256_maskstore_epi32((int *)row, lanes, out);
    return next;
}

/* n pixels of d blended with the colour at coverage alpha (1 … 255): out of line, so that the
 * row loop keeps its values in registers across the common spans. */
AVX2 static __attribute__((noinline))
void blend_span(uint32_t *d, int n, uint32_t alpha, const craster_target *t) {
    uint32_t v = alpha == 255 ? t->color : cpixel_scaled(t->scaled, t->color, alpha);
    if (n >= 8) {
        craster_span_argb_avx2(d, n, v);
        return;
    }
    uint32_t inv = 255 - (v >> 24);
    for (int i = 0; i < n; i++) d[i] = v + cpixel_mul_channels(d[i], inv);
}

/* n pixels of d covered with alpha (1 … 255): craster_blit_span's pixels. An opaque colour at
 * full coverage is stored as it is, by aligned 8-pixel stores between an unaligned first and last
 * one (long spans), by overlapping 8-pixel stores (short ones). glibc's wmemset stored long spans
 * as fast on its own, but the call cost the row loop its registers (docs/craster-measurements.md). */
AVX2 static inline __attribute__((always_inline))
void span(uint32_t *d, int n, uint32_t alpha, const int opaque, uint32_t color, const craster_target *t) {
    if (opaque && alpha == 255) {
        if (n >= 64) {
            __m256i c = _mm256_set1_epi32((int)color);
            _mm256_storeu_si256((__m256i *)d, c);
            uint32_t *a = (uint32_t *)(((uintptr_t)d + 32) & ~(uintptr_t)31), *e = d + n;
            for (; a + 32 <= e; a += 32) {
                _mm256_store_si256((__m256i *)a, c); _mm256_store_si256((__m256i *)(a + 8), c);
                _mm256_store_si256((__m256i *)(a + 16), c); _mm256_store_si256((__m256i *)(a + 24), c);
            }
            for (; a + 8 <= e; a += 8) _mm256_store_si256((__m256i *)a, c);
            _mm256_storeu_si256((__m256i *)(e - 8), c);
        } else if (n >= 8) {
            __m256i c = _mm256_set1_epi32((int)color);
            for (int i = 0; i + 8 < n; i += 8) _mm256_storeu_si256((__m256i *)(d + i), c);
            _mm256_storeu_si256((__m256i *)(d + n - 8), c);
        } else {
            for (int i = 0; i < n; i++) d[i] = color;
        }
        return;
    }
    blend_span(d, n, alpha, t);
}

/* block8's work for two rows at once, 4 cells each: cells c0[0 … 3] (row y) and c1[0 … 3]
 * (row y + 1) after the running sums in s (row y's in lanes 0 … 3, row y + 1's in lanes 4 … 7)
 * into row0[0 … n − 1] and row1[0 … n − 1] (n ≤ 4); returns the running sums after them, each
 * in its half's lanes. The arithmetic per pixel is block8's (blend_sums). */
AVX2 static inline __attribute__((always_inline))
__m256i block4x2(uint32_t *c0, uint32_t *c1, uint32_t *row0, uint32_t *row1, int n, __m256i s,
                 const int even_odd, const int opaque, __m256i c16) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)c0)),
                                        _mm_loadu_si128((const __m128i *)c1), 1);
    _mm_storeu_si128((__m128i *)c0, _mm256_castsi256_si128(zero));
    _mm_storeu_si128((__m128i *)c1, _mm256_castsi256_si128(zero));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    v = _mm256_add_epi32(v, s);
    __m256i next = _mm256_shuffle_epi32(v, 0xff);
    const int whole = n == 4;
    __m128i lanes = _mm_cmpgt_epi32(_mm_set1_epi32(n), _mm_setr_epi32(0, 1, 2, 3));
    __m128i d0 = whole ? _mm_loadu_si128((const __m128i *)row0) : _mm_maskload_epi32((const int *)row0, lanes);
    __m128i d1 = whole ? _mm_loadu_si128((const __m128i *)row1) : _mm_maskload_epi32((const int *)row1, lanes);
    __m256i out = blend_sums(v, _mm256_inserti128_si256(_mm256_castsi128_si256(d0), d1, 1), even_odd, opaque, c16);
    if (whole) {
        _mm_storeu_si128((__m128i *)row0, _mm256_castsi256_si128(out));
        _mm_storeu_si128((__m128i *)row1, _mm256_extracti128_si256(out, 1));
    } else {
        _mm_maskstore_epi32((int *)row0, lanes, _mm256_castsi256_si128(out));
        _mm_maskstore_epi32((int *)row1, lanes, _mm256_extracti128_si256(out, 1));
    }
    return next;
}

/* Bit k set when word k of b0 or b1 (n ≤ 64 words each, a multiple of 4) is not 0. */
AVX2 static inline __attribute__((always_inline))
uint64_t flagged_words2(const uint64_t *b0, const uint64_t *b1, ptrdiff_t n) {
    uint64_t m = 0;
    for (ptrdiff_t k = 0; k < n; k += 4) {
        __m256i v = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(b0 + k)), _mm256_loadu_si256((const __m256i *)(b1 + k)));
        unsigned z = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v, _mm256_setzero_si256())));
        m |= (uint64_t)(~z & 15u) << k;
    }
    return m;
}

/* Bit k set when word k of bw[0 … n − 1] (n ≤ 64, a multiple of 4) is not 0. */
AVX2 static inline __attribute__((always_inline))
uint64_t flagged_words(const uint64_t *bw, ptrdiff_t n) {
    return flagged_words2(bw, bw, n);
}

/* Each row's span of n pixels from row0 and row1, at the alphas of the running sums in s (row
 * y's in lane 0, row y + 1's in lane 4; both worked out in the vector, which takes fewer
 * instructions than two scalar craster_alpha); a span at alpha 0 is left out. */
AVX2 static inline __attribute__((always_inline))
void spans2(__m256i s, uint32_t *row0, uint32_t *row1, int n, const int even_odd, const int opaque, uint32_t color,
            const craster_target *t) {
    __m256i a = alphas8(s, even_odd);
    uint32_t a0 = (uint32_t)_mm256_cvtsi256_si32(a);
    uint32_t a1 = (uint32_t)_mm256_extract_epi32(a, 4);
    if (a0) span(row0, n, a0, opaque, color, t);
    if (a1) span(row1, n, a1, opaque, color, t);
}

/* Asks for the pixels of the next pair of rows below a block's (row0 and row1: its first pixel in
 * rows y and y + 1), which that pair's block at the same edge will read and blend. In a target
 * larger than the cache those pixels are out in L3 or memory, and the loads of the next pair's
 * blocks would otherwise wait behind this pair's long span stores; steep or slanted edges move
 * only a few pixels in two rows, so the next block usually lies in the same cache line. The
 * addresses are computed as integers: below the target's last rows they point past it, which a
 * prefetch may (it never faults), and a pointer may not. */
AVX2 static inline __attribute__((always_inline)) void prefetch_next_pair(const uint32_t *row0, const uint32_t *row1) {
    const uintptr_t next = (uintptr_t)row1, step = (uintptr_t)row1 - (uintptr_t)row0;
    _mm_prefetch((const char *)(next + step), _MM_HINT_T0);
    _mm_prefetch((const char *)(next + 2 * step), _MM_HINT_T0);
}

/* Rows y and y + 1 of the band (cells c0 and c1, bitmaps b0 and b1, pixels row0 and row1): the
 * blocks at the union of both rows' flagged cells, 4 cells of each row at once; spans between. */
AVX2 static inline __attribute__((always_inline))
void sweep_pair(uint32_t *c0, uint32_t *c1, uint64_t *b0, uint64_t *b1, uint32_t *row0, uint32_t *row1,
                int width, ptrdiff_t words, const int even_odd, const int opaque, uint32_t color, __m256i c16,
                const craster_target *t, const int one_group) {
    __m256i s = _mm256_setzero_si256();
    int x = 0;
    /* one_group: the rows have at most 64 bitmap words (4096 cells), the loop runs once. */
    for (ptrdiff_t g = 0; one_group ? g == 0 : g < words; g += 64) {
        uint64_t m = flagged_words2(b0 + g, b1 + g, one_group ? words : (words - g < 64 ? words - g : 64));
        while (m) {
            ptrdiff_t w = g + __builtin_ctzll(m);
            m &= m - 1;
            uint64_t word = b0[w] | b1[w];
            b0[w] = 0;
            b1[w] = 0;
            int base = (int)(w << 6);
            if (x > base) word &= x - base >= 64 ? 0 : ~(uint64_t)0 << (x - base);
            while (word) {
                int low = __builtin_ctzll(word), i = base | low;
                if (i != x && x < width)
                    spans2(s, row0 + x, row1 + x, (i < width ? i : width) - x, even_odd, opaque, color, t);
                int n = width - i;
                prefetch_next_pair(row0 + i, row1 + i);
                /* Two copies: the whole block's (nearly every one) without the partial one's lane
                 * mask. */
                if (n >= 4) s = block4x2(c0 + i, c1 + i, row0 + i, row1 + i, 4, s, even_odd, opaque, c16);
                else s = block4x2(c0 + i, c1 + i, row0 + i, row1 + i, n < 0 ? 0 : n, s, even_odd, opaque, c16);
                x = i + 4;
                /* The block's 4 cells: the word holds nothing below them, and those past its end
                 * are dropped from the next word's by the test on x above. */
                word &= ~((uint64_t)15 << low);
            }
        }
    }
    if (x > 0 && x < width) spans2(s, row0 + x, row1 + x, width - x, even_odd, opaque, color, t);
}

AVX2 static inline __attribute__((always_inline))
void sweep_rows(const craster_band *b, const craster_target *t, const int even_odd, const int opaque) {
    const uint32_t color = t->color;
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    const int width = b->width, top = b->top, bottom = b->bottom;
    const ptrdiff_t words = b->words, stride = b->stride, tstride = t->stride;
    uint32_t *const cells = b->cells;
    uint64_t *const bits = b->bits;
    uint32_t *const origin = (uint32_t *)t->base + b->x_origin;
    int y = top;
    /* Rows two at a time (see sweep_pair), then a band's odd last row alone. */
    uint32_t *pc = cells, *prow = origin + (ptrdiff_t)top * tstride;
    uint64_t *pbw = bits;
    if (words <= 64) {
        for (; y + 1 < bottom; y += 2, pc += 2 * stride, pbw += 2 * words, prow += 2 * tstride)
            sweep_pair(pc, pc + stride, pbw, pbw + words, prow, prow + tstride, width, words, even_odd, opaque, color, c16, t, 1);
    } else {
        for (; y + 1 < bottom; y += 2, pc += 2 * stride, pbw += 2 * words, prow += 2 * tstride)
            sweep_pair(pc, pc + stride, pbw, pbw + words, prow, prow + tstride, width, words, even_odd, opaque, color, c16, t, 0);
    }
    for (; y < bottom; y++) {
        uint32_t *c = cells + (y - top) * stride;
        uint64_t *bw = bits + (y - top) * words;
        uint32_t *row = origin + (ptrdiff_t)y * tstride;
        __m256i s = _mm256_setzero_si256();
        int x = 0; /* first cell not yet swept; 0 until a block is */
        for (ptrdiff_t g = 0; g < words; g += 64) {
            uint64_t m = flagged_words(bw + g, words - g < 64 ? words - g : 64);
            while (m) {
                ptrdiff_t w = g + __builtin_ctzll(m);
                m &= m - 1;
                uint64_t word = bw[w];
                bw[w] = 0;
                int base = (int)(w << 6);
                /* Drop the cells a block from the previous word already swept. */
                if (x > base) word &= x - base >= 64 ? 0 : ~(uint64_t)0 << (x - base);
                while (word) {
                    int i = base | __builtin_ctzll(word);
                    if (i != x && x < width) {
                        uint32_t a = craster_alpha((uint32_t)_mm256_cvtsi256_si32(s), even_odd);
                        if (a) span(row + x, (i < width ? i : width) - x, a, opaque, color, t);
                    }
                    int n = width - i;
                    s = block8(c + i, row + i, n < 0 ? 0 : (n > CRASTER_BLOCK ? CRASTER_BLOCK : n), s, even_odd, opaque, c16);
                    x = i + CRASTER_BLOCK;
                    word &= x - base >= 64 ? 0 : ~(uint64_t)0 << (x - base);
                }
            }
        }
        if (x > 0 && x < width) {
            uint32_t a = craster_alpha((uint32_t)_mm256_cvtsi256_si32(s), even_odd);
            if (a) span(row + x, width - x, a, opaque, color, t);
        }
    }
}

AVX2 void craster_sweep_argb_avx2(const craster_band *b, const craster_target *t) {
    /* One copy of the row loop per fill rule and colour kind. */
    int opaque = t->color >> 24 == 255;
    if (b->even_odd) {
        if (opaque) sweep_rows(b, t, 1, 1);
        else sweep_rows(b, t, 1, 0);
    } else {
        if (opaque) sweep_rows(b, t, 0, 1);
        else sweep_rows(b, t, 0, 0);
    }
}

#endif
