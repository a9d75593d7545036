/* Portable kernels and the runtime choice between them and the AVX2 ones (blit_avx2.c). */

#include "CBlit.h"
#include "blit_internal.h"

#include <string.h>
#include <unistd.h>

int cblit_has_avx2(void) {
#if defined(CBLIT_X86)
    /* A read of the CPU model the runtime filled in at start-up: cheap and race-free. */
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

void cblit_over_portable(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                         int width, int height, uint32_t alpha) {
    if (alpha == 0) return;
    if (alpha > 255) alpha = 255;
    for (int j = 0; j < height; j++) {
        uint32_t *d = dst + j * dst_stride;
        const uint32_t *s = src + j * src_stride;
        for (int i = 0; i < width; i++) {
            uint32_t p = alpha == 255 ? s[i] : cblit_scale_px(s[i], alpha);
            if (p) d[i] = cblit_over_px(p, d[i]);
        }
    }
}

void cblit_over(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                int width, int height, uint32_t alpha) {
#if defined(CBLIT_X86)
    if (cblit_has_avx2()) {
        cblit_over_avx2(dst, dst_stride, src, src_stride, width, height, alpha);
        return;
    }
#endif
    cblit_over_portable(dst, dst_stride, src, src_stride, width, height, alpha);
}

void cblit_copy(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                int width, int height) {
    if (width <= 0) return;
    for (int j = 0; j < height; j++) memcpy(dst + j * dst_stride, src + j * src_stride, (size_t)width * 4);
}

/* Fills larger than this bypass the caches (streaming stores): ¾ of the last-level cache, as
 * glibc's memset decides. Below it a frame stays cached for the layers drawn over it next, and
 * regular stores measured faster than streaming ones (1920×1080 on a 260 MiB L3: 0.34 against
 * 0.39 ms; the layers' reads then hit the cache); above it the fill would only evict what the
 * frame needs and streaming saves reading every line before writing it. 0: not yet known. */
static size_t stream_bytes;

static size_t cblit_stream_bytes(void) {
    size_t t = __atomic_load_n(&stream_bytes, __ATOMIC_RELAXED);
    if (t) return t;
    long l3 = 0;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
    t = l3 > 0 ? (size_t)l3 / 4 * 3 : (size_t)8 << 20;
    if (t < ((size_t)1 << 20)) t = (size_t)1 << 20;
    __atomic_store_n(&stream_bytes, t, __ATOMIC_RELAXED); /* every thread computes the same */
    return t;
}

#if defined(CBLIT_X86)
/* n pixels from d with string stores (`rep stosq`, eight bytes at a time from an 8-byte
 * aligned start): on large blocks these write whole cache lines without reading them first,
 * as glibc's memset does, which vector stores cannot: a 1920×1080 fill took 0.32 ms row by
 * row so against 0.35 ms with aligned AVX2 stores (0.38 unaligned) on a loaded machine; the
 * quiet anchors machine filled as memset in 85 µs against pixman's vector fill's 147 µs. */
static void fill_string(uint32_t *d, size_t n, uint32_t pixel) {
    if (((uintptr_t)d & 7) != 0) {
        *d++ = pixel;
        n--;
    }
    void *p = d;
    size_t q = n / 2;
    uint64_t v = (uint64_t)pixel << 32 | pixel;
    __asm__ volatile("rep stosq" : "+D"(p), "+c"(q) : "a"(v) : "memory");
    if (n & 1) d[n - 1] = pixel;
}
#endif

/* Rows at least this wide (bytes) are filled with string stores, which start slower than
 * vector stores (glibc's threshold for `rep stosb`). */
#define CBLIT_STRING_BYTES 2048

void cblit_fill(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, uint32_t pixel) {
    if (width <= 0 || height <= 0) return;
    int stream = (size_t)width * (size_t)height * 4 >= cblit_stream_bytes();
    if (!stream && (pixel & 0xff) * 0x01010101u == pixel) {
        /* Four equal bytes (transparent, white, black): glibc's memset, faster than vector
         * stores on large blocks (string stores that need not read the lines first). */
        if (dst_stride == width) {
            memset(dst, (int)(pixel & 0xff), (size_t)width * (size_t)height * 4);
        } else {
            for (int j = 0; j < height; j++) memset(dst + j * dst_stride, (int)(pixel & 0xff), (size_t)width * 4);
        }
        return;
    }
#if defined(CBLIT_X86)
    if (!stream && (size_t)width * 4 >= CBLIT_STRING_BYTES) {
        /* The same for any pixel. */
        if (dst_stride == width) {
            fill_string(dst, (size_t)width * (size_t)height, pixel);
        } else {
            for (int j = 0; j < height; j++) fill_string(dst + j * dst_stride, (size_t)width, pixel);
        }
        return;
    }
#endif
    cblit_fill_stores(dst, dst_stride, width, height, pixel, stream);
}

void cblit_fill_stores(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, uint32_t pixel, int stream) {
    if (width <= 0 || height <= 0) return;
#if defined(CBLIT_X86)
    if (cblit_has_avx2()) {
        cblit_fill_avx2(dst, dst_stride, width, height, pixel, stream);
        return;
    }
#endif
    for (int j = 0; j < height; j++) {
        uint32_t *d = dst + j * dst_stride;
        for (int i = 0; i < width; i++) d[i] = pixel;
    }
}

static inline uint32_t sample(const uint32_t *src, ptrdiff_t stride, int w, int h, int32_t x, int32_t y) {
    return (x >= 0 && x < w && y >= 0 && y < h) ? src[y * stride + x] : 0;
}

/* One bilinear sample: vertical then horizontal, 7-bit weights, truncated (see CBlit.h). */
static inline uint32_t bilinear_px(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, uint32_t wx, uint32_t wy) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t l = ((tl >> shift) & 0xff) * (128 - wy) + ((bl >> shift) & 0xff) * wy;
        uint32_t r = ((tr >> shift) & 0xff) * (128 - wy) + ((br >> shift) & 0xff) * wy;
        out |= ((l * (128 - wx) + r * wx) >> 14) << shift;
    }
    return out;
}

int cblit_over_bilinear_portable(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, int src_x, int src_y,
                                 const uint32_t *src, ptrdiff_t src_stride, int src_width, int src_height,
                                 const cblit_affine *m, uint32_t alpha) {
    if (!cblit_bilinear_fits(m, width, height, src_x, src_y, src_stride, src_width, src_height)) return 0;
    if (alpha == 0 || width <= 0 || height <= 0 || src_width <= 0 || src_height <= 0) return 1;
    if (alpha > 255) alpha = 255;
    for (int j = 0; j < height; j++) {
        cblit_row r = cblit_row_start(m, src_x, src_y + j);
        int lo, hi;
        cblit_row_span(r, width, src_width, src_height, &lo, &hi);
        uint32_t *d = dst + j * dst_stride;
        for (int i = lo; i < hi; i++) {
            int32_t x = (int32_t)(r.x + (int64_t)i * r.ux), y = (int32_t)(r.y + (int64_t)i * r.uy);
            int32_t x1 = x >> 16, y1 = y >> 16;
            uint32_t p = bilinear_px(sample(src, src_stride, src_width, src_height, x1, y1),
                                     sample(src, src_stride, src_width, src_height, x1 + 1, y1),
                                     sample(src, src_stride, src_width, src_height, x1, y1 + 1),
                                     sample(src, src_stride, src_width, src_height, x1 + 1, y1 + 1),
                                     ((uint32_t)x >> 9) & 127, ((uint32_t)y >> 9) & 127);
            if (alpha != 255) p = cblit_scale_px(p, alpha);
            if (p) d[i] = cblit_over_px(p, d[i]);
        }
    }
    return 1;
}

int cblit_over_bilinear(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, int src_x, int src_y,
                        const uint32_t *src, ptrdiff_t src_stride, int src_width, int src_height,
                        const cblit_affine *m, uint32_t alpha) {
#if defined(CBLIT_X86)
    if (cblit_has_avx2()) {
        if (!cblit_bilinear_fits(m, width, height, src_x, src_y, src_stride, src_width, src_height)) return 0;
        if (alpha == 0 || width <= 0 || height <= 0 || src_width <= 0 || src_height <= 0) return 1;
        cblit_over_bilinear_avx2(dst, dst_stride, width, height, src_x, src_y, src, src_stride, src_width,
                                 src_height, m, alpha > 255 ? 255 : alpha);
        return 1;
    }
#endif
    return cblit_over_bilinear_portable(dst, dst_stride, width, height, src_x, src_y, src, src_stride, src_width,
                                        src_height, m, alpha);
}
