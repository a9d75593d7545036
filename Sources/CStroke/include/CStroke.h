#ifndef CSTROKE_H
#define CSTROKE_H

/* Kernels of the thin-stroke path (Strata's _ThinStroke): the band one segment of a line at
 * most about one pixel wide covers, drawn column by column straight into the target.
 *
 * Each entry point picks an AVX2 kernel when the CPU has AVX2 and a portable one otherwise;
 * the `_portable` variants force the portable kernel. Both give the same pixels to the bit
 * (tests compare them): the same float operations in the same order, no fused multiply-adds.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where and what to draw. */
typedef struct {
    void *pixels;       /* uint32_t * for a8r8g8b8/x8r8g8b8 targets, uint8_t * for a8 ones */
    ptrdiff_t stride;   /* in pixels (32-bit words or bytes) */
    int a8;             /* 1: an 8-bit alpha target */
    uint32_t color;     /* the premultiplied ARGB colour; a8 targets use its alpha byte */
    /* 32-bit targets: the colour scaled by m/255 for m = 0…255 (Strata's _ScaledColorCache),
     * bit 32 set on entries filled in, 0 on the others (filled in on first use). */
    uint64_t *scaled;
} cstroke_target;

/* 1 when the AVX2 kernels are in use. */
int cstroke_has_avx2(void);

/* Coverage c (a pixel's share, 0…1) to an alpha byte: 255·c rounded to nearest even, clamped. */
uint32_t cstroke_alpha(float c);

/* The solid colour with coverage alpha (1…255) OVER one pixel of the target. */
void cstroke_pixel(const cstroke_target *t, int x, int y, uint32_t alpha);

/* The band between the lines v = top + slope·(u − first) and that plus `height` (a line's
 * band: height = width·√(1 + slope²)), over the whole columns u = first…last (the unit
 * stretches [u, u + 1]), each pixel given the exact area of the band inside it (computed in
 * float); pixels of rows v outside lo…hi are left alone. u is x and v is y, or the reverse
 * when `transposed`. Requires |slope| ≤ 1, 0 ≤ height ≤ 1.5, finite values; the columns must
 * lie inside the target (the caller clips them), and lo…hi too. */
void cstroke_band(const cstroke_target *t, double top, double slope, double height,
                  int first, int last, int lo, int hi, int transposed);
void cstroke_band_portable(const cstroke_target *t, double top, double slope, double height,
                           int first, int last, int lo, int hi, int transposed);

#ifdef __cplusplus
}
#endif

#endif
