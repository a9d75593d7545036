/* AVX2 kernels: 8 pixels per step, channels widened to 16 bits. Compiled for every x86 CPU
 * (per-function target attribute) and only called after cblit_has_avx2(). Same arithmetic
 * as the portable kernels in blit.c, to the bit. */

#include "blit_internal.h"

#if defined(CBLIT_X86)

#include "blit_avx2.h"

AVX2 static void over_row(uint32_t *d, const uint32_t *s, int w, __m256i a16, int scaled) {
    const __m256i amask = _mm256_set1_epi32((int)0xff000000);
    const __m256i ia16 = _mm256_xor_si256(a16, _mm256_set1_epi16(0xff));
    int i = 0;
    for (; i + 8 <= w; i += 8) {
        __m256i sp = _mm256_loadu_si256((const __m256i *)(s + i));
        if (_mm256_testz_si256(sp, sp)) continue;          /* transparent: d unchanged */
        if (_mm256_testc_si256(sp, amask)) {                /* opaque: d = s, or a fixed blend */
            if (!scaled) {
                _mm256_storeu_si256((__m256i *)(d + i), sp);
            } else {
                __m256i dp = _mm256_loadu_si256((const __m256i *)(d + i));
                _mm256_storeu_si256((__m256i *)(d + i), over8_opaque(sp, dp, a16, ia16));
            }
            continue;
        }
        __m256i dp = _mm256_loadu_si256((const __m256i *)(d + i));
        _mm256_storeu_si256((__m256i *)(d + i), over8(sp, dp, a16, scaled));
    }
    if (i < w) {
        __m256i m = first_lanes(w - i);
        __m256i sp = _mm256_maskload_epi32((const int *)(s + i), m);
        __m256i dp = _mm256_maskload_epi32((const int *)(d + i), m);
        _mm256_maskstore_epi32((int *)(d + i), m, over8(sp, dp, a16, scaled));
    }
}

AVX2 void cblit_over_avx2(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                          int width, int height, uint32_t alpha) {
    if (alpha == 0 || width <= 0) return;
    if (alpha > 255) alpha = 255;
    __m256i a16 = _mm256_set1_epi16((short)alpha);
    for (int j = 0; j < height; j++) {
        if (alpha == 255) over_row(dst + j * dst_stride, src + j * src_stride, width, a16, 0);
        else over_row(dst + j * dst_stride, src + j * src_stride, width, a16, 1);
    }
}

/* `stream`: streaming stores, which bypass the caches (blit.c decides when). */
AVX2 void cblit_fill_avx2(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, uint32_t pixel, int stream) {
    if (width <= 0 || height <= 0) return;
    __m256i p = _mm256_set1_epi32((int)pixel);
    for (int j = 0; j < height; j++) {
        uint32_t *d = dst + j * dst_stride;
        int i = 0;
        if (stream) {
            /* Head up to 32-byte alignment (4-byte aligned pixels), then aligned streaming. */
            while (i < width && ((uintptr_t)(d + i) & 31) != 0) d[i++] = pixel;
            for (; i + 8 <= width; i += 8) _mm256_stream_si256((__m256i *)(d + i), p);
        } else {
            /* Aligned stores (a 32-byte store across two cache lines costs two): a masked head
             * up to 32-byte alignment, when the row is long enough to pay for it. */
            int head = (int)((32 - ((uintptr_t)d & 31)) & 31) / 4;
            if (head && ((uintptr_t)d & 3) == 0 && width >= 64) {
                _mm256_maskstore_epi32((int *)d, first_lanes(head), p);
                i = head;
            }
            for (; i + 8 <= width; i += 8) _mm256_storeu_si256((__m256i *)(d + i), p);
        }
        if (i < width) _mm256_maskstore_epi32((int *)(d + i), first_lanes(width - i), p);
    }
    if (stream) _mm_sfence();
}

/* Bilinear interpolation of 8 pixels from their four neighbours and 7-bit weights (32-bit
 * lanes), as 16-bit channels in unpack order (lo: pixels 0, 1 | 4, 5; hi: 2, 3 | 6, 7). */
AVX2 static inline void bilerp8(__m256i tl, __m256i tr, __m256i bl, __m256i br, __m256i wx, __m256i wy,
                                __m256i *lo, __m256i *hi) {
    /* Vertical: top · (128 − wy) + bottom · wy ≤ 255 · 128, by maddubs on (top, bottom) byte
     * pairs with signed byte weights. 128 is not a signed byte: where wy = 0 the bottom row is
     * replaced by the top one and both weigh 64 (the same sum). */
    __m256i flat = _mm256_cmpeq_epi32(wy, _mm256_setzero_si256());
    bl = _mm256_blendv_epi8(bl, tl, flat);
    br = _mm256_blendv_epi8(br, tr, flat);
    wy = _mm256_blendv_epi8(wy, _mm256_set1_epi32(64), flat);
    __m256i pair = _mm256_or_si256(_mm256_slli_epi32(wy, 8), _mm256_sub_epi32(_mm256_set1_epi32(128), wy));
    pair = _mm256_or_si256(pair, _mm256_slli_epi32(pair, 16));
    __m256i wlo = _mm256_unpacklo_epi32(pair, pair), whi = _mm256_unpackhi_epi32(pair, pair);
    __m256i l_lo = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(tl, bl), wlo);
    __m256i l_hi = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(tl, bl), whi);
    __m256i r_lo = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(tr, br), wlo);
    __m256i r_hi = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(tr, br), whi);
    /* Horizontal: (left, right) pairs times (128 − wx, wx), summed in 32 bits, then >> 14. */
    __m256i wxp = _mm256_or_si256(_mm256_slli_epi32(wx, 16), _mm256_sub_epi32(_mm256_set1_epi32(128), wx));
    __m256i p0 = _mm256_madd_epi16(_mm256_unpacklo_epi16(l_lo, r_lo), _mm256_shuffle_epi32(wxp, 0x00));
    __m256i p1 = _mm256_madd_epi16(_mm256_unpackhi_epi16(l_lo, r_lo), _mm256_shuffle_epi32(wxp, 0x55));
    __m256i p2 = _mm256_madd_epi16(_mm256_unpacklo_epi16(l_hi, r_hi), _mm256_shuffle_epi32(wxp, 0xaa));
    __m256i p3 = _mm256_madd_epi16(_mm256_unpackhi_epi16(l_hi, r_hi), _mm256_shuffle_epi32(wxp, 0xff));
    *lo = _mm256_packs_epi32(_mm256_srli_epi32(p0, 14), _mm256_srli_epi32(p1, 14));
    *hi = _mm256_packs_epi32(_mm256_srli_epi32(p2, 14), _mm256_srli_epi32(p3, 14));
}

/* Interpolated pixels (16-bit, unpack order) scaled by alpha, OVER the 8 pixels at d (lanes
 * of `m` only). */
AVX2 static inline void blend8(uint32_t *d, __m256i m, int full, __m256i lo, __m256i hi, __m256i a16, int scaled) {
    const __m256i zero = _mm256_setzero_si256();
    if (scaled) {
        lo = div255(_mm256_mullo_epi16(lo, a16));
        hi = div255(_mm256_mullo_epi16(hi, a16));
    }
    __m256i dp = full ? _mm256_loadu_si256((const __m256i *)d) : _mm256_maskload_epi32((const int *)d, m);
    __m256i out = _mm256_packus_epi16(over16(lo, _mm256_unpacklo_epi8(dp, zero)), over16(hi, _mm256_unpackhi_epi8(dp, zero)));
    if (full) _mm256_storeu_si256((__m256i *)d, out);
    else _mm256_maskstore_epi32((int *)d, m, out);
}

/* n pixels of a row, any affine step: the four neighbours gathered, the ones outside the
 * source read as 0. x, y: the first pixel's sample point (16.16, half a pixel off). */
AVX2 static void bilinear_gather(uint32_t *d, int n, int32_t x, int32_t y, int32_t ux, int32_t uy,
                                 const uint32_t *src, int32_t stride, int32_t w, int32_t h, __m256i a16, int scaled) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i zero = _mm256_setzero_si256(), m127 = _mm256_set1_epi32(127);
    const __m256i minus1 = _mm256_set1_epi32(-1), minus2 = _mm256_set1_epi32(-2);
    const __m256i wv = _mm256_set1_epi32(w), wm1 = _mm256_set1_epi32(w - 1);
    const __m256i hv = _mm256_set1_epi32(h), hm1 = _mm256_set1_epi32(h - 1);
    const __m256i sv = _mm256_set1_epi32(stride);
    const int *base = (const int *)src;
    __m256i xv = _mm256_add_epi32(_mm256_set1_epi32(x), _mm256_mullo_epi32(lane, _mm256_set1_epi32(ux)));
    __m256i yv = _mm256_add_epi32(_mm256_set1_epi32(y), _mm256_mullo_epi32(lane, _mm256_set1_epi32(uy)));
    const __m256i step_x = _mm256_set1_epi32((int32_t)((uint32_t)ux * 8)), step_y = _mm256_set1_epi32((int32_t)((uint32_t)uy * 8));
    for (int i = 0; i < n; i += 8) {
        int full = n - i >= 8;
        __m256i live = full ? minus1 : first_lanes(n - i);
        __m256i x1 = _mm256_srai_epi32(xv, 16), y1 = _mm256_srai_epi32(yv, 16);
        __m256i cx0 = _mm256_and_si256(_mm256_cmpgt_epi32(x1, minus1), _mm256_cmpgt_epi32(wv, x1));
        __m256i cx1 = _mm256_and_si256(_mm256_cmpgt_epi32(x1, minus2), _mm256_cmpgt_epi32(wm1, x1));
        __m256i cy0 = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi32(y1, minus1), _mm256_cmpgt_epi32(hv, y1)), live);
        __m256i cy1 = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi32(y1, minus2), _mm256_cmpgt_epi32(hm1, y1)), live);
        __m256i idx = _mm256_add_epi32(_mm256_mullo_epi32(y1, sv), x1);
        __m256i idx2 = _mm256_add_epi32(idx, sv);
        __m256i tl = _mm256_mask_i32gather_epi32(zero, base, idx, _mm256_and_si256(cx0, cy0), 4);
        __m256i tr = _mm256_mask_i32gather_epi32(zero, base + 1, idx, _mm256_and_si256(cx1, cy0), 4);
        __m256i bl = _mm256_mask_i32gather_epi32(zero, base, idx2, _mm256_and_si256(cx0, cy1), 4);
        __m256i br = _mm256_mask_i32gather_epi32(zero, base + 1, idx2, _mm256_and_si256(cx1, cy1), 4);
        __m256i any = _mm256_or_si256(_mm256_or_si256(tl, tr), _mm256_or_si256(bl, br));
        if (!_mm256_testz_si256(any, any)) {
            __m256i lo, hi;
            bilerp8(tl, tr, bl, br, _mm256_and_si256(_mm256_srli_epi32(xv, 9), m127),
                    _mm256_and_si256(_mm256_srli_epi32(yv, 9), m127), &lo, &hi);
            blend8(d + i, live, full, lo, hi, a16, scaled);
        }
        xv = _mm256_add_epi32(xv, step_x);
        yv = _mm256_add_epi32(yv, step_y);
    }
}

/* n pixels of a row under a whole-pixel step (translation): the neighbours are two runs of
 * the rows r0, r1 starting at x1, loaded directly; all of them lie inside the source. */
AVX2 static void bilinear_runs(uint32_t *d, int n, const uint32_t *r0, const uint32_t *r1, __m256i wx, __m256i wy,
                               __m256i a16, int scaled) {
    const __m256i minus1 = _mm256_set1_epi32(-1);
    for (int i = 0; i < n; i += 8) {
        int full = n - i >= 8;
        __m256i live = full ? minus1 : first_lanes(n - i);
        __m256i tl, tr, bl, br;
        if (full) {
            tl = _mm256_loadu_si256((const __m256i *)(r0 + i));
            tr = _mm256_loadu_si256((const __m256i *)(r0 + i + 1));
            bl = _mm256_loadu_si256((const __m256i *)(r1 + i));
            br = _mm256_loadu_si256((const __m256i *)(r1 + i + 1));
        } else {
            tl = _mm256_maskload_epi32((const int *)(r0 + i), live);
            tr = _mm256_maskload_epi32((const int *)(r0 + i + 1), live);
            bl = _mm256_maskload_epi32((const int *)(r1 + i), live);
            br = _mm256_maskload_epi32((const int *)(r1 + i + 1), live);
        }
        __m256i any = _mm256_or_si256(_mm256_or_si256(tl, tr), _mm256_or_si256(bl, br));
        if (_mm256_testz_si256(any, any)) continue;
        __m256i lo, hi;
        bilerp8(tl, tr, bl, br, wx, wy, &lo, &hi);
        blend8(d + i, live, full, lo, hi, a16, scaled);
    }
}

AVX2 void cblit_over_bilinear_avx2(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, int src_x, int src_y,
                                   const uint32_t *src, ptrdiff_t src_stride, int src_width, int src_height,
                                   const cblit_affine *m, uint32_t alpha) {
    __m256i a16 = _mm256_set1_epi16((short)alpha);
    int scaled = alpha != 255;
    int32_t stride = (int32_t)src_stride;
    for (int j = 0; j < height; j++) {
        cblit_row r = cblit_row_start(m, src_x, src_y + j);
        int lo, hi;
        cblit_row_span(r, width, src_width, src_height, &lo, &hi);
        if (hi <= lo) continue;
        uint32_t *d = dst + j * dst_stride;
        int32_t x = (int32_t)(r.x + (int64_t)lo * r.ux), y = (int32_t)(r.y + (int64_t)lo * r.uy);
        int32_t y1 = y >> 16;
        if (r.ux == 65536 && r.uy == 0 && y1 >= 0 && y1 + 1 < src_height) {
            /* Translation: the pixels whose both columns are inside use direct loads. */
            int32_t x1 = x >> 16;
            int a = lo + (x1 < 0 ? -x1 : 0);
            int b = hi;
            if (x1 + (b - lo) > src_width - 1) b = lo + (src_width - 1 - x1);
            if (b > a) {
                if (a > lo) bilinear_gather(d + lo, a - lo, x, y, r.ux, r.uy, src, stride, src_width, src_height, a16, scaled);
                const uint32_t *r0 = src + (ptrdiff_t)y1 * src_stride + x1 + (a - lo);
                bilinear_runs(d + a, b - a, r0, r0 + src_stride, _mm256_set1_epi32((x >> 9) & 127),
                              _mm256_set1_epi32((y >> 9) & 127), a16, scaled);
                if (hi > b) {
                    int32_t xb = (int32_t)(r.x + (int64_t)b * r.ux);
                    bilinear_gather(d + b, hi - b, xb, y, r.ux, r.uy, src, stride, src_width, src_height, a16, scaled);
                }
                continue;
            }
        }
        bilinear_gather(d + lo, hi - lo, x, y, r.ux, r.uy, src, stride, src_width, src_height, a16, scaled);
    }
}

#endif
