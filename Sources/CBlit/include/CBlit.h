#ifndef CBLIT_H
#define CBLIT_H

/* Compositing kernels for the compositor's hot cases.
 *
 * Pixels are premultiplied ARGB32 in native-endian 32-bit words (pixman's a8r8g8b8); strides
 * count pixels, not bytes. Every function gives exactly the pixels pixman 0.42 gives for the
 * same operation (the arithmetic is spelled out below and tested against pixman), so the
 * compositor may use either.
 *
 * Each entry point picks an AVX2 kernel when the CPU has AVX2 and a portable one otherwise;
 * the `_portable` variants force the portable kernel (tests compare the two).
 *
 * Arithmetic (per 8-bit channel; div255(x) = (x + 128 + ((x + 128) >> 8)) >> 8, x / 255
 * rounded to nearest):
 *   with alpha:  s' = div255(s * alpha)                      (alpha 255: s' = s)
 *   OVER:        d  = min(255, s' + div255(d * (255 - s'_alpha)))
 *   bilinear:    pixman's 7-bit weights wx = (x >> 9) & 127, wy likewise, of the sample point
 *                minus half a pixel; s = (Σ c · wx_i · wy_j) >> 14 (truncated), samples
 *                outside the source are 0 (pixman's REPEAT_NONE).
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An affine map in 16.16 fixed point, as pixman_transform_t's first two rows: the point
 * (x, y) maps to (xx·x + xy·y + x0, yx·x + yy·y + y0). */
typedef struct {
    int32_t xx, xy, x0;
    int32_t yx, yy, y0;
} cblit_affine;

/* 1 when the AVX2 kernels are in use. */
int cblit_has_avx2(void);

/* dst = src OVER dst, src scaled by alpha/255 (alpha 0…255; 0 leaves dst unchanged). */
void cblit_over(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                int width, int height, uint32_t alpha);
void cblit_over_portable(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                         int width, int height, uint32_t alpha);

/* dst = src (pixman's SRC between images of the same format). */
void cblit_copy(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                int width, int height);

/* dst = pixel. Fills larger than ¾ of the last-level cache use streaming stores (they bypass
 * the caches); smaller ones of a pixel of four equal bytes use memset, and on x86 those of
 * rows of at least 512 pixels string stores (rep stosq), as memset does. */
void cblit_fill(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, uint32_t pixel);
/* dst = pixel with vector stores, streaming ones (bypassing the caches) when `stream` is 1. */
void cblit_fill_stores(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, uint32_t pixel, int stream);

/* dst = (src IN mask) OVER dst: pixman_image_composite32(OVER, src, mask, dst) with an a8 mask,
 * source and mask untransformed: s' = div255(s · m) per channel (m 255: s' = s), then OVER.
 * mask_stride counts bytes; 0 reads the same mask row for every row. */
void cblit_over_a8(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                   const uint8_t *mask, ptrdiff_t mask_stride, int width, int height);
void cblit_over_a8_portable(uint32_t *dst, ptrdiff_t dst_stride, const uint32_t *src, ptrdiff_t src_stride,
                            const uint8_t *mask, ptrdiff_t mask_stride, int width, int height);

/* dst = (pixel IN mask) OVER dst: the same with a solid source (pixman's solid fill image). */
void cblit_over_solid_a8(uint32_t *dst, ptrdiff_t dst_stride, uint32_t pixel, const uint8_t *mask,
                         ptrdiff_t mask_stride, int width, int height);
void cblit_over_solid_a8_portable(uint32_t *dst, ptrdiff_t dst_stride, uint32_t pixel, const uint8_t *mask,
                                  ptrdiff_t mask_stride, int width, int height);

/* Bilinear-filtered, affinely mapped src OVER dst, scaled by alpha/255: pixman_image_composite32
 * (OVER, src with transform `m`, BILINEAR filter, REPEAT_NONE, solid alpha mask, dst) over a
 * width × height rectangle whose first pixel samples the source at m · (src_x + ½, src_y + ½)
 * (pixman's src_x, src_y). Rows are at most 2^30 pixels of source; returns 0 (nothing drawn)
 * when the source is too large for 32-bit indexing, 1 otherwise. */
int cblit_over_bilinear(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, int src_x, int src_y,
                        const uint32_t *src, ptrdiff_t src_stride, int src_width, int src_height,
                        const cblit_affine *m, uint32_t alpha);
int cblit_over_bilinear_portable(uint32_t *dst, ptrdiff_t dst_stride, int width, int height, int src_x, int src_y,
                                 const uint32_t *src, ptrdiff_t src_stride, int src_width, int src_height,
                                 const cblit_affine *m, uint32_t alpha);

#ifdef __cplusplus
}
#endif

#endif
