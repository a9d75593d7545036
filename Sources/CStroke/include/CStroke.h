#ifndef CSTROKE_H
#define CSTROKE_H

/* Kernels of the thin-stroke path (Strata's _ThinStroke): the bands segments of a line at
 * most about one pixel wide cover, drawn column by column straight into the target.
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

/* One band: between the lines v = top + slope·(u − origin) and that plus `height` (a line's
 * band: height = width·√(1 + slope²)), over the whole columns u = first…last (the unit
 * stretches [u, u + 1]). u is x and v is y, or the reverse when `transposed`. `origin` does not
 * depend on the clip (first and last do), so a column's pixels do not either.
 * Requires |slope| ≤ 1, 0 ≤ height ≤ 1.5, finite values, |u − origin| < 2³¹. */
typedef struct {
    double top, slope, height;
    int32_t first, last;
    int32_t transposed;
    int32_t origin;
} cstroke_run;

/* The pixels that may change, inclusive: columns x0…x1, rows y0…y1, inside the target. */
typedef struct {
    int32_t x0, y0, x1, y1;
} cstroke_clip;

/* 1 when the AVX2 kernels are in use. */
int cstroke_has_avx2(void);

/* The solid colour with coverage alpha (1…255) OVER one pixel of the target. */
void cstroke_pixel(const cstroke_target *t, int x, int y, uint32_t alpha);

/* Draws `count` bands, each pixel given the colour with the exact area of the band inside it
 * (computed in float; 255·area rounded to nearest even) as coverage. A band's columns must lie
 * inside the clip (the caller clips them); its pixels in rows outside the clip are left alone. */
void cstroke_bands(const cstroke_target *t, const cstroke_run *runs, int count, const cstroke_clip *clip);
void cstroke_bands_portable(const cstroke_target *t, const cstroke_run *runs, int count, const cstroke_clip *clip);

/* 1 when the closed contour of n points x[k], y[k] (no point repeating the first at the end;
 * n ≥ 3, else 0) suits the walk below: at most one sharp vertex (turning by more than 45°) per
 * 200·width of its length, and, when `miter`, none turning by more than 90° (their spikes can be
 * long). `width` is the line width in the points' units. */
int cstroke_contour_fits(const double *x, const double *y, int n, int miter, double width);
int cstroke_contour_fits_portable(const double *x, const double *y, int n, int miter, double width);

/* A thin stroke being drawn (cstroke_batch_begin, one cstroke_batch_contour per closed contour,
 * cstroke_batch_end): the bands waiting for cstroke_bands, which takes their columns 8 at a time
 * whatever band they belong to, and the few pixels near vertices whose coverage is summed
 * before blending. The caller owns the memory (about 11 KB); nothing in it needs freeing. */
enum { CSTROKE_BATCH_RUNS = 256, CSTROKE_BATCH_PENDING = 64 };
typedef struct {
    const cstroke_target *target;
    int left, top, right, bottom;   /* the clip, right and bottom excluded */
    cstroke_clip clip;              /* the same, inclusive */
    int run_count, pending_count, pending_charged;
    cstroke_run runs[CSTROKE_BATCH_RUNS];
    int32_t pending_x[CSTROKE_BATCH_PENDING], pending_y[CSTROKE_BATCH_PENDING];
    double pending_cover[CSTROKE_BATCH_PENDING];
} cstroke_batch;

/* Starts drawing into t inside columns x0…x1 − 1 and rows y0…y1 − 1 (inside the target). */
void cstroke_batch_begin(cstroke_batch *b, const cstroke_target *t, int x0, int y0, int x1, int y1);

/* Draws one closed contour of n points x[k], y[k] (no point repeating the first at the end),
 * mapped to device pixels by m = {a, b, c, d, tx, ty} (x' = a·x + c·y + tx, y' = b·x + d·y + ty),
 * as a line w device pixels wide (0 < w ≤ 1): one band per segment, each drawn column by column
 * along the axis it runs more along, the two segments meeting where the line turns between
 * mostly across and mostly down cut exactly at their vertex and their pixels there summed
 * before blending. Segments that are not finite after the map, or of zero length, are dropped.
 * Strata's _ThinStroke documents the geometry. */
void cstroke_batch_contour(cstroke_batch *b, const double *x, const double *y, int n, const double m[6], double w);

/* Draws the bands still waiting. */
void cstroke_batch_end(cstroke_batch *b);

#ifdef __cplusplus
}
#endif

#endif
