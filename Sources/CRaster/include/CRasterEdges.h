#ifndef CRASTER_EDGES_H
#define CRASTER_EDGES_H

/* Building a fill's edges (craster_edge, CRaster.h) from device-space segments, restricted to an
 * integer clip rectangle so that the pixels inside the clip come out exactly as in a fill of the
 * whole target (CRaster.h: exact clipping).
 *
 * An edge's geometry never depends on the clip. Segments are first cut to `frame`, a box that
 * depends only on the target (coordinates of ±1e9 stay far from overflow and float precision is
 * kept): parts above and below it are dropped, parts right of it too, parts left of it move onto
 * its left side as vertical edges. Endpoints' y are rounded to the 2⁻¹⁰ pixel grid
 * (craster_on_grid), which makes every edge's height in a row exact for the scan converter. Only
 * then the clip chooses: edges wholly above, below or right of it are dropped (they change no
 * pixel inside), edges wholly left of it become vertical edges on its left side with the same
 * rows (the same winding for every pixel inside), and all others are kept whole: the scan
 * converter skips the rows outside the clip and sums what lies left of it. Segments with a
 * non-finite end are dropped; horizontal ones add nothing.
 *
 * Arithmetic is in double precision until the edge is stored in single precision, in source
 * order without contraction: Strata's Swift code feeds the same builder, and tests compare. */

#include <stddef.h>
#include <stdint.h>

#include "CRaster.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A closed polyline being collected (craster_edges_move_to … craster_edges_close): its points'
 * count (the points are in craster_edges' scratch), whether a contour is open and its start (a
 * line after a close starts the next polyline there). */
typedef struct {
    ptrdiff_t n;
    int open;
    double sx, sy;
} craster_polyline;

typedef struct {
    /* The edges so far (malloc'd, grown by doubling; the caller keeps them across fills). */
    craster_edge *edges;
    ptrdiff_t count, capacity;
    /* The clip: columns left … right − 1, rows top … bottom − 1. */
    double left, top, right, bottom;
    /* The frame (craster_edges_begin). */
    double frame_left, frame_top, frame_right, frame_bottom;
    /* The box of the kept edges (start at +∞/−∞); max_x is at least the clip's right side when
     * a dropped edge closes winding that spans up to it. */
    double min_x, max_x, min_y, max_y;
    /* 1 once memory for an edge could not be had: edges after it were dropped. */
    int failed;
    /* Tests only (a real allocation failure cannot be provoked): when > 0, the edges and the
     * polyline's points are not grown past this many, as if memory had run out there. */
    ptrdiff_t simulated_limit;
    /* Tests only: when not 0, the portable loops even where AVX2 ones exist (same edges). */
    int portable;
    /* The current polyline's points (malloc'd, kept across fills) and state. */
    double *px, *py;
    float *gx, *gy;
    ptrdiff_t point_capacity;
    craster_polyline line;
} craster_edges;

/* Starts a fill's edges in `b`, keeping its storage: clip (l, t, r, b) and the frame of a
 * target of width × height pixels (±2¹⁵ pixels, grown to hold the target: floats there still
 * hold 2⁻⁸ of a pixel). */
void craster_edges_begin(craster_edges *b, int clip_left, int clip_top, int clip_right, int clip_bottom,
                         int target_width, int target_height);

/* Frees the storage and scratch. */
void craster_edges_free(craster_edges *b);

/* Adds the segment a → b (device pixels). */
void craster_edges_segment(craster_edges *b, double ax, double ay, double bx, double by);

/* Contours point by point (device pixels), every contour closed: the same edges as
 * craster_edges_segment for each segment (a move closes the current contour back to its start,
 * a close adds that closing segment and leaves the current point at the start, a line without a
 * move starts a contour there), collected per polyline so that polylines well inside the clip
 * take craster_edges_path's fast loop. craster_edges_finish closes the last contour; call it
 * before reading the edges. */
void craster_edges_move_to(craster_edges *b, double x, double y);
void craster_edges_line_to(craster_edges *b, double x, double y);
void craster_edges_close(craster_edges *b);
void craster_edges_finish(craster_edges *b);

/* `y` rounded to the nearest multiple of 2⁻¹⁰, ties away from zero: bit for bit
 * round(y·1024)/1024 (a zero keeps y's sign) for every finite y with |y| < 2⁴¹. */
double craster_on_grid(double y);

/* Path element kinds, in CGPathElementType's order, with 1, 1, 2, 3 and 0 points. */
enum { CRASTER_MOVE = 0, CRASTER_LINE = 1, CRASTER_QUAD = 2, CRASTER_CUBIC = 3, CRASTER_CLOSE = 4 };

/* Adds the edges of the path (`count` elements `kinds`, their points as x, y pairs in `points`)
 * transformed by the affine t = {a, b, c, d, tx, ty} (x' = a·x + c·y + tx, y' = b·x + d·y + ty),
 * curves flattened so that no point of the polyline is further than `tolerance` device pixels
 * from the curve (uniform subdivision in at most 4096 pieces per curve: absurd coordinates cost
 * bounded time and are coarser). Every contour is closed (fill semantics). An unknown kind ends
 * the path there. The path's points must be finite (callers check).
 *
 * `straddle` (Strata's _PathFlattener.flatten, the same arithmetic): a curve's inner polyline
 * points are moved from the curve by −(P₀ − 2P₁ + P₂)/16 (P₁ the point, P₀ and P₂ its
 * neighbours), half the sagitta of the chords beside it, outward. The chords then cross the curve
 * instead of lying on its inner side: with the same pieces the polyline keeps within about half
 * the tolerance (¾ of it in a curve's first and last piece, whose end stays on the curve), and
 * the area it encloses is nearly the curve's instead of short by ⅔ of a sagitta along the edge.
 * A curve cut in 2 pieces is cut in 3: both of its pieces would be end pieces, and a disc of
 * 0.6 px radius would lose 6.7 % of its area instead of 2.4 %. */
void craster_edges_path(craster_edges *b, const uint8_t *kinds, ptrdiff_t count, const double *points,
                        const double t[6], double tolerance, int straddle);

#ifdef __cplusplus
}
#endif

#endif
