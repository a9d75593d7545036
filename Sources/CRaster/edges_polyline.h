/* The fast loop of a polyline's edges (edges.c's flush_polyline), portable and AVX2
 * (edges_avx2.c): the same edges, in the same order, to the bit. Internal to CRaster. */
#ifndef CRASTER_EDGES_POLYLINE_H
#define CRASTER_EDGES_POLYLINE_H

#include "CRasterEdges.h"
#include "raster_internal.h"   /* CRASTER_X86, and no contracted multiply-adds */

/* Elements allocated past the capacities of craster_edges' points and edges: the AVX2 loop reads
 * points and writes edges in whole groups of 8, and what it reads or writes past the polyline's
 * end is never kept. */
enum { CRASTER_POLYLINE_PAD = 8 };

/* The closed polyline's n ≥ 2 points (px, py: finite, at least half a pixel inside the clip, so
 * no edge is dropped, moved or cut) as edges from `out` on: each point's x in single precision
 * and y rounded to the grid (craster_on_grid) into gx, gy (n + 1 floats each: the first point
 * is repeated after the last), then edge i from point i to i + 1, top to bottom, kept when
 * rounding left it some height. Returns the edges kept; box = {min x, max x, min y, max y} of
 * them (+∞, −∞ when none), each compared in order as the scalar loop does. */
ptrdiff_t craster_polyline_edges(const double *px, const double *py, ptrdiff_t n, float *gx, float *gy,
                                 craster_edge *out, float box[4]);
/* The polyline's box {min x, max x, min y, max y} over its n points; returns 1 (box unspecified)
 * when a coordinate is NaN, else 0. */
int craster_polyline_box(const double *px, const double *py, ptrdiff_t n, double box[4]);
#if defined(CRASTER_X86)
int craster_polyline_box_avx2(const double *px, const double *py, ptrdiff_t n, double box[4]);
ptrdiff_t craster_polyline_edges_avx2(const double *px, const double *py, ptrdiff_t n, float *gx, float *gy,
                                      craster_edge *out, float box[4]);
#endif

#endif
