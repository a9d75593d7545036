#ifndef CRASTER_H
#define CRASTER_H

/* The scan converter's kernels: exact-area coverage of a set of edges, row band by row band,
 * blended straight into a premultiplied a8r8g8b8/x8r8g8b8 or an a8 image (solid colour OVER).
 *
 * Each edge adds, per pixel row it crosses, the signed area it leaves to its right in every
 * pixel it passes through, stored as differences between neighbouring cells, so a running sum
 * along the row gives each pixel's accumulated winding coverage. Touched cells are flagged in a
 * bitmap; between flagged cells the sum is constant, so interiors become constant-alpha spans
 * (a plain fill for an opaque colour) and only pixels that edges cross are visited one by one.
 * The fill rule applies to the accumulated value: non-zero min(|s|, 1), even-odd the distance
 * of |s| to the nearest even number; alpha = round(255 · that), halves up. That is the covered
 * area wherever one layer of outline covers a pixel; pixels the caller lists get the exact union
 * instead (craster_fill_exact, union.c).
 *
 * Clipping is exact: a fill restricted to some rows and columns gives those pixels exactly the
 * values of a fill over the whole target. Every value is computed in device coordinates from an
 * edge's own endpoints (never from the clip's or a band's origin), coverage is summed in 2⁻¹⁶
 * integer units (sums do not depend on the order of the additions), and what an edge leaves left
 * of the first column is added to that column's cell, whose running sum is then the same.
 *
 * Float arithmetic is single precision, evaluated in source order without contraction (no
 * FMA), so every build and both kernels give the same pixels.
 *
 * Blending (8-bit channels, mul(x, a) = x·a/255 rounded to nearest):
 *   ARGB32: s = colour scaled by alpha (alpha 255: colour), d = s + mul(d, 255 − s_alpha).
 *   A8:     s = mul(alpha, colour_alpha), d = s + mul(d, 255 − s).
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One non-horizontal line, top to bottom (y0 < y1), in device pixels; dir is +1 when the
 * original segment ran downwards, −1 upwards. y0 and y1 must be multiples of 2⁻¹⁰ (so that the
 * height of an edge in a row is exact in cell units, and a closed contour's heights in a row
 * cancel exactly); |coordinates| < 2²⁴. */
typedef struct {
    float x0, y0, x1, y1, dir;
} craster_edge;

/* The destination of a fill. */
typedef struct {
    /* Pixel (0, 0): uint32_t pixels for CRASTER_ARGB32, bytes for CRASTER_A8. */
    void *base;
    /* Row stride in pixels (ARGB32) or bytes (A8). */
    ptrdiff_t stride;
    int format;
    /* Premultiplied ARGB; A8 targets use its alpha only. */
    uint32_t color;
    /* 256 entries: 0 or (colour scaled by m) | 1 << 32, filled in as met (ARGB32 only). */
    uint64_t *scaled;
} craster_target;

enum { CRASTER_ARGB32 = 0, CRASTER_A8 = 1 };

/* Scratch buffers reused across calls; one per thread. */
typedef struct craster_scratch craster_scratch;

craster_scratch *craster_scratch_create(void);
void craster_scratch_destroy(craster_scratch *s);

/* How many bands the last fill with s drew by replaying their first row (tests). */
int craster_scratch_replayed_bands(const craster_scratch *s);
/* How many of those it drew as one shape's two sides (a mask run, a span, a mask run; tests). */
int craster_scratch_replayed_sides(const craster_scratch *s);
/* And how many as a list of pixels and spans (several shapes' sides; tests). */
int craster_scratch_replayed_lists(const craster_scratch *s);

/* 1 when the AVX2 kernels are in use. */
int craster_has_avx2(void);

/* Rasterizes `count` edges into columns x_origin … x_origin + width − 1 and rows y_start …
 * y_end − 1 of the target (which must lie inside it; target pixel (x, y) is at base + y·stride
 * + x). Edges may extend beyond those columns and rows: parts left of them still count, the
 * rest is ignored, and the pixels drawn are exactly those of a fill over more columns and rows.
 * Returns 0, or −1 when scratch memory could not be allocated (nothing drawn). `flags` is 0 or
 * a combination of craster_fill_flags, which tests use to compare the paths. */
enum craster_fill_flags {
    /* The portable kernels even where AVX2 ones exist. */
    CRASTER_PORTABLE = 1,
    /* Every band swept row by row, also those whose rows are all alike (which otherwise have
     * their first row's runs replayed on the others: the same pixels). */
    CRASTER_NO_REPLAY = 2
};
int craster_fill(craster_scratch *s, const craster_edge *edges, ptrdiff_t count, int x_origin, int width,
                 int y_start, int y_end, int even_odd, const craster_target *target, int flags);

/* craster_fill, except that in the pixels listed in `exact` (`exact_count` triples: device row,
 * first column, column after the last; ascending by row, then column, ranges of a row at least
 * one column apart) a non-zero fill gives each pixel the exact area of the part of it where the
 * winding number is not 0, instead of the accumulated winding clamped to 1 (which over-counts
 * where several layers of outline overlap inside a pixel, as at a stroke's sharp turns). Those
 * pixels are as exact under any clip as the others, within bounds on the work: a row whose
 * edges × listed columns exceed 2²⁴ (or with over 2048 edges left of one of its listed pixels), a
 * pixel with over 512 pieces of edges inside it, and a pixel whose union would take the fill
 * past about 2²⁶ steps spent on such crowded pixels (a few hundred pieces crossing inside one
 * pixel cost that alone) keep the accumulated values (those limits depend on the clip).
 * Even-odd fills ignore the list. */
int craster_fill_exact(craster_scratch *s, const craster_edge *edges, ptrdiff_t count, int x_origin, int width,
                       int y_start, int y_end, int even_odd, const int32_t *exact, ptrdiff_t exact_count,
                       const craster_target *target, int flags);

/* One edge of an outline for craster_overlaps, in device pixels (|coordinates| < 2²⁴): `index`
 * counts the outline's edges in order (consecutive edges of a contour differ by 1), `first` and
 * `last` are its contour's first and last edges' indices (the last edge is the first one's
 * neighbour too); `turn` is how far the contour turns from its first edge to this one and
 * `loop` all the way round (back to the first edge), each vertex's turn θ counted from above as
 * π/2·|sin θ| for θ ≤ 90°, π/2·(1 − cos θ) beyond; `convex` is 1 when the contour is a convex
 * polygon (every turn one way, one turn round in all), whose edges never overlap each other. */
typedef struct {
    double x0, y0, x1, y1, turn, loop;
    int32_t index, first, last, convex;
} craster_oseg;

/* Scratch buffers of the overlap search; one per thread. */
typedef struct craster_overlap craster_overlap;

craster_overlap *craster_overlap_create(void);
void craster_overlap_destroy(craster_overlap *o);

/* The pixels of the clip (columns cx0 … cx1 − 1, rows cy0 … cy1 − 1) where a non-zero fill of
 * the outline `segs` may hold winding numbers 0 and ≥ 2 in one pixel (overlap.c), as
 * craster_fill_exact's list: *ranges (valid until the next call) holds *range_count triples.
 * The outline's layers must only add (winding numbers ≥ 0, as a stroker's outline). Edges that
 * touch no pixel of the clip may be left out: the marks inside it are the same. Returns 0, or −1
 * (no marks) when memory runs out or the outline is pathological (more than 2²¹ grid entries or
 * 2²⁴ pairs of nearby edges). */
int craster_overlaps(craster_overlap *o, const craster_oseg *segs, ptrdiff_t count, int cx0, int cy0, int cx1,
                     int cy1, const int32_t **ranges, ptrdiff_t *range_count);

#ifdef __cplusplus
}
#endif

/* Building the edges from segments and paths. */
#include "CRasterEdges.h"
/* Paths flattened into contours of points (strokes' centre lines). */
#include "CRasterPoints.h"
/* Where curves are cut by their curvature (both flatteners). */
#include "CRasterCuts.h"

#endif
