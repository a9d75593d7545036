/* A path flattened into contours of points (CRasterPoints.h). */

#include "CRasterPoints.h"

#include <math.h>
#include <stdlib.h>

/* No fused multiply-adds: the same values as Swift's arithmetic (which never contracts). GCC
 * ignores this pragma (meson passes -ffp-contract=off instead). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Room for n more points; 0, or −1 (and o->failed) without memory. */
static int reserve(craster_points *o, ptrdiff_t n) {
    if (o->n + n <= o->capacity) return 0;
    ptrdiff_t c = o->capacity * 2 > o->n + n ? o->capacity * 2 : o->n + n;
    if (c < 256) c = 256;
    double *x = realloc(o->x, (size_t)c * sizeof *x);
    if (x) o->x = x;
    double *y = realloc(o->y, (size_t)c * sizeof *y);
    if (y) o->y = y;
    if (!x || !y) { o->failed = 1; return -1; }
    o->capacity = c;
    return 0;
}

/* Room for one more contour. */
static int reserve_contour(craster_points *o) {
    if (o->contours < o->contour_capacity) return 0;
    ptrdiff_t c = o->contour_capacity < 16 ? 16 : o->contour_capacity * 2;
    ptrdiff_t *start = realloc(o->start, (size_t)c * sizeof *start);
    if (start) o->start = start;
    uint8_t *closed = realloc(o->closed, (size_t)c);
    if (closed) o->closed = closed;
    if (!start || !closed) { o->failed = 1; return -1; }
    o->contour_capacity = c;
    return 0;
}

static inline __attribute__((always_inline)) void move_to(craster_points *o, double x, double y) {
    if (o->failed || reserve_contour(o) || reserve(o, 1)) return;
    ptrdiff_t k = o->contours++;
    o->start[k] = o->n;
    o->closed[k] = 0;
    o->x[o->n] = x;
    o->y[o->n] = y;
    o->n++;
}

static inline __attribute__((always_inline)) void line_to(craster_points *o, double x, double y) {
    if (o->contours == 0 || (o->closed[o->contours - 1] & 1)) {
        /* A segment after a close continues from the closed contour's start. */
        if (o->contours == 0) move_to(o, x, y);
        else move_to(o, o->x[o->start[o->contours - 1]], o->y[o->start[o->contours - 1]]);
        if (o->failed) return;
    }
    ptrdiff_t last = o->n - 1;
    if (o->x[last] == x && o->y[last] == y) {
        /* A zero-length segment adds no point, but a one-point contour that had one is a dot
         * when stroked (a lone move-to is not). */
        o->closed[o->contours - 1] |= 2;
        return;
    }
    if (o->n >= o->capacity && reserve(o, 1)) return;
    o->x[o->n] = x;
    o->y[o->n] = y;
    o->n++;
}

static inline __attribute__((always_inline)) void close_contour(craster_points *o) {
    if (o->contours > 0) o->closed[o->contours - 1] |= 1;
}

#define FLATTEN_NAME walk_path
#define FLATTEN_SINK craster_points
#define FLATTEN_MOVE(s, x, y) move_to((s), (x), (y))
#define FLATTEN_LINE(s, x, y) line_to((s), (x), (y))
#define FLATTEN_CLOSE(s) close_contour(s)
#define FLATTEN_RESERVE(s, k) (void)reserve((s), (k))
#include "flatten_walk.h"

int craster_points_path(craster_points *o, const uint8_t *kinds, ptrdiff_t count, const double *points,
                        const double t[6], double tolerance, int straddle) {
    o->n = 0;
    o->contours = 0;
    o->failed = 0;
    walk_path(o, kinds, count, points, t, tolerance, straddle);
    return o->failed ? -1 : 0;
}

void craster_points_free(craster_points *o) {
    free(o->x); free(o->y); free(o->start); free(o->closed);
    *o = (craster_points){ 0 };
}
