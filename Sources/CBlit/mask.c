/* OVER through an a8 mask: the portable kernels and the runtime choice (mask_avx2.c). */

#include "CBlit.h"
#include "blit_internal.h"

void cblit_over_a8_portable(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                            const uint8_t *mask, ptrdiff_t mask_stride, int width, int height) {
    for (int j = 0; j < height; j++) {
        uint32_t *d = dst + j * dst_stride;
        const uint32_t *s = src + j * src_stride;
        const uint8_t *m = mask + j * mask_stride;
        for (int i = 0; i < width; i++) {
            if (m[i] == 0) continue;
            uint32_t p = m[i] == 255 ? s[i] : cblit_scale_px(s[i], m[i]);
            if (p) d[i] = cblit_over_px(p, d[i]);
        }
    }
}

void cblit_over_solid_a8_portable(uint32_t *dst, ptrdiff_t dst_stride, uint32_t pixel, const uint8_t *mask,
                                  ptrdiff_t mask_stride, int width, int height) {
    if (pixel == 0) return;
    for (int j = 0; j < height; j++) {
        uint32_t *d = dst + j * dst_stride;
        const uint8_t *m = mask + j * mask_stride;
        for (int i = 0; i < width; i++) {
            if (m[i] == 0) continue;
            uint32_t p = m[i] == 255 ? pixel : cblit_scale_px(pixel, m[i]);
            if (p) d[i] = cblit_over_px(p, d[i]);
        }
    }
}

void cblit_over_a8(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                   const uint8_t *mask, ptrdiff_t mask_stride, int width, int height) {
#if defined(CBLIT_X86)
    if (cblit_has_avx2()) {
        cblit_over_a8_avx2(dst, dst_stride, src, src_stride, mask, mask_stride, width, height);
        return;
    }
#endif
    cblit_over_a8_portable(dst, dst_stride, src, src_stride, mask, mask_stride, width, height);
}

void cblit_over_solid_a8(uint32_t *dst, ptrdiff_t dst_stride, uint32_t pixel, const uint8_t *mask,
                         ptrdiff_t mask_stride, int width, int height) {
#if defined(CBLIT_X86)
    if (cblit_has_avx2()) {
        cblit_over_solid_a8_avx2(dst, dst_stride, pixel, mask, mask_stride, width, height);
        return;
    }
#endif
    cblit_over_solid_a8_portable(dst, dst_stride, pixel, mask, mask_stride, width, height);
}
