#ifndef CRASTER_POINTS_H
#define CRASTER_POINTS_H

/* A path flattened into contours of points: a stroke's centre line (Strata's _PolylineCollector
 * fed by _PathFlattener.flatten, computed here in one call; the same points, operation for
 * operation, and the same contours).
 *
 * Contour rules (_PolylineCollector's): a move starts a contour of one point; a line appends its
 * end unless it repeats the contour's last point exactly (a zero-length segment); a close marks
 * the current contour closed; a line with no open contour first starts one at the last contour's
 * start (the first point of the path when there is none). */

#include <stddef.h>
#include <stdint.h>

#include "CRasterEdges.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /* Points 0 … n − 1 (malloc'd, grown by doubling, kept across calls). */
    double *x, *y;
    ptrdiff_t n, capacity;
    /* Contours 0 … contours − 1: first point and flags — bit 0 closed, bit 1 a line to the
     * contour's last point was dropped as zero-length (so a one-point contour came from a
     * drawing element: a dot when stroked, where a lone move-to is nothing); a contour's
     * points run to the next one's start (the last one's to n). */
    ptrdiff_t *start;
    uint8_t *closed;
    ptrdiff_t contours, contour_capacity;
    /* 1 once memory could not be had: the points and contours are then incomplete. */
    int failed;
} craster_points;

/* Replaces the contents of `o` with the path (as craster_edges_path takes it: `count` elements
 * `kinds`, their points as x, y pairs) transformed by t and flattened to `tolerance` (straddling
 * when `straddle`). Returns 0, or −1 when memory ran out (o->failed). */
int craster_points_path(craster_points *o, const uint8_t *kinds, ptrdiff_t count, const double *points,
                        const double t[6], double tolerance, int straddle);

/* Frees the storage. */
void craster_points_free(craster_points *o);

#ifdef __cplusplus
}
#endif

#endif
