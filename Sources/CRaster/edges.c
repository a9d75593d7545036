/* A fill's edges from device-space segments and from whole paths (CRasterEdges.h). */

#include "CRasterEdges.h"
#include "edges_polyline.h"

#include <math.h>
#include <stdlib.h>

/* No fused multiply-adds: the same values as Swift's arithmetic (which never contracts). GCC
 * ignores this pragma (meson passes -ffp-contract=off instead). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Swift's min and max (which the Swift side of the builder used): the first operand unless
 * the second is smaller (larger or equal). */
static inline double smin(double a, double b) { return b < a ? b : a; }
static inline double smax(double a, double b) { return b >= a ? b : a; }

void craster_edges_begin(craster_edges *b, int clip_left, int clip_top, int clip_right, int clip_bottom,
                         int target_width, int target_height) {
    const int reach = 1 << 15;
    b->count = 0;
    b->failed = 0;
    /* Storage kept from earlier fills may exceed a simulated limit: use only that much of it. */
    if (b->simulated_limit > 0 && b->capacity > b->simulated_limit) b->capacity = b->simulated_limit;
    if (b->simulated_limit > 0 && b->point_capacity > b->simulated_limit) b->point_capacity = b->simulated_limit;
    b->left = clip_left; b->top = clip_top; b->right = clip_right; b->bottom = clip_bottom;
    b->frame_left = -reach; b->frame_top = -reach;
    b->frame_right = target_width > reach ? target_width : reach;
    b->frame_bottom = target_height > reach ? target_height : reach;
    b->min_x = INFINITY; b->max_x = -INFINITY; b->min_y = INFINITY; b->max_y = -INFINITY;
    b->line = (craster_polyline){ 0, 0, 0, 0 };
}

void craster_edges_free(craster_edges *b) {
    free(b->edges); free(b->px); free(b->py); free(b->gx); free(b->gy);
    b->edges = NULL; b->px = NULL; b->py = NULL; b->gx = NULL; b->gy = NULL;
    b->count = b->capacity = b->point_capacity = 0;
}

double craster_on_grid(double y) {
    double v = y * 1024;
    /* Adding and removing 1.5·2⁵² leaves |v| < 2⁵¹ rounded to an integer, ties to even
     * (without -ffast-math the compiler keeps both operations). */
    double even = (v + 0x1.8p52) - 0x1.8p52;
    /* At a tie (v − even = ±½ exactly) the neighbour away from zero is v ± ½, exact. */
    double rounded = fabs(v - even) == 0.5 ? v + copysign(0.5, v) : even;
    return copysign(rounded, v) / 1024;
}

static int grow(craster_edges *b) {
    ptrdiff_t n = b->capacity * 2 > 64 ? b->capacity * 2 : 64;
    if (b->simulated_limit > 0) {
        if (b->capacity >= b->simulated_limit) { b->failed = 1; return -1; }
        if (n > b->simulated_limit) n = b->simulated_limit;
    }
    /* CRASTER_POLYLINE_PAD more than the capacity: the AVX2 loop writes whole groups of edges. */
    craster_edge *e = realloc(b->edges, (size_t)(n + CRASTER_POLYLINE_PAD) * sizeof *e);
    if (!e) { b->failed = 1; return -1; }
    b->edges = e;
    b->capacity = n;
    return 0;
}

static inline void push(craster_edges *b, float x0, float y0, float x1, float y1, float dir) {
    if (b->count == b->capacity && grow(b) != 0) return;
    craster_edge *e = &b->edges[b->count++];
    e->x0 = x0; e->y0 = y0; e->x1 = x1; e->y1 = y1; e->dir = dir;
    double lo = x0 < x1 ? x0 : x1, hi = x0 < x1 ? x1 : x0;
    if (lo < b->min_x) b->min_x = lo;
    if (hi > b->max_x) b->max_x = hi;
    if ((double)y0 < b->min_y) b->min_y = y0;
    if ((double)y1 > b->max_y) b->max_y = y1;
}

/* An edge inside the frame: its y rounded to the grid, then dropped, moved onto the clip's
 * left side or kept whole (CRasterEdges.h). */
static inline void keep(craster_edges *b, double x0, double y0, double x1, double y1, float dir) {
    /* Single precision from here on: an edge too short to keep its height is dropped. */
    float fy0 = (float)craster_on_grid(y0), fy1 = (float)craster_on_grid(y1);
    if (!(fy0 < fy1) || !((double)fy1 > b->top) || !((double)fy0 < b->bottom) || !isfinite(x0) || !isfinite(x1)) return;
    float fx0 = (float)x0, fx1 = (float)x1;
    float lo = fx0 < fx1 ? fx0 : fx1, hi = fx0 < fx1 ? fx1 : fx0;
    if ((double)lo >= b->right) {
        b->max_x = smax(b->max_x, b->right);
        return;
    }
    /* Wholly left of the clip: every piece of it lies in columns left of the clip's first, so
     * the pixels inside see only its height in each row. */
    if ((double)hi < b->left) { push(b, (float)b->left, fy0, (float)b->left, fy1, dir); return; }
    push(b, fx0, fy0, fx1, fy1, dir);
}

static inline __attribute__((always_inline))
void segment(craster_edges *b, double ax, double ay, double bx, double by) {
    /* Finite points can overflow to ±∞ under a transform: such segments are dropped. */
    if (!isfinite(ax) || !isfinite(ay) || !isfinite(bx) || !isfinite(by) || ay == by) return;
    double x0 = ax, y0 = ay, x1 = bx, y1 = by;
    float dir = 1;
    if (y0 > y1) { x0 = bx; y0 = by; x1 = ax; y1 = ay; dir = -1; }
    /* Wholly above or below the clip: no pixel inside changes. */
    if (y1 <= b->top || y0 >= b->bottom) return;
    const double fl = b->frame_left, ft = b->frame_top, fr = b->frame_right, fb = b->frame_bottom;
    if (y0 >= ft && y1 <= fb && x0 >= fl && x1 >= fl && x0 <= fr && x1 <= fr) {
        /* Inside the frame (the usual case): no slope needed. */
        keep(b, x0, y0, x1, y1, dir);
        return;
    }
    double slope = (x1 - x0) / (y1 - y0);
    if (y0 < ft) { x0 += (ft - y0) * slope; y0 = ft; }
    if (y1 > fb) { x1 -= (y1 - fb) * slope; y1 = fb; }
    if (x0 >= fr && x1 >= fr) {
        /* Dropped, but the winding it closes still spans up to the clip's right side. */
        b->max_x = smax(b->max_x, b->right);
        return;
    }
    if (x0 <= fl && x1 <= fl) { keep(b, fl, y0, fl, y1, dir); return; }
    /* Split where the edge crosses the frame's left and right sides. */
    if ((x0 < fl) != (x1 < fl)) {
        double ym = smin(smax(y0 + (fl - x0) / slope, y0), y1);
        if (x0 < fl) { keep(b, fl, y0, fl, ym, dir); x0 = fl; y0 = ym; }
        else { keep(b, fl, ym, fl, y1, dir); x1 = fl; y1 = ym; }
    }
    if ((x0 > fr) != (x1 > fr)) {
        double ym = smin(smax(y0 + (fr - x0) / slope, y0), y1);
        if (x0 > fr) { x0 = fr; y0 = ym; } else { x1 = fr; y1 = ym; }
    }
    keep(b, smin(smax(x0, fl), fr), y0, smin(smax(x1, fl), fr), y1, dir);
}

void craster_edges_segment(craster_edges *b, double ax, double ay, double bx, double by) {
    segment(b, ax, ay, bx, by);
}

/* craster_edges_path and craster_edges_move_to … collect each closed polyline of the path as
 * points, then make its edges: polyline P0 … Pn gives P0P1, …, Pn−1Pn and the closing PnP0, exactly the segments
 * a segment-by-segment builder closing every contour would get. A polyline whose points all lie
 * at least half a pixel inside the clip (and so inside the frame) takes a fast loop: no edge of
 * it can be dropped, moved or cut by the clip or the frame (segment's checks all pass, the
 * 2⁻¹⁰ rounding and single precision move a point by far less than the margin), so each point's
 * stored coordinates are computed once and each edge only needs its orientation and the check
 * that rounding left it some height. Others go through segment() edge by edge. */

/* Room for n more points of the current polyline; 0, or −1 (and b->failed) without memory. */
static int reserve_points(craster_edges *b, ptrdiff_t n) {
    if (n <= b->point_capacity) return 0;
    ptrdiff_t c = b->point_capacity * 2 > n ? b->point_capacity * 2 : n;
    if (c < 256) c = 256;
    if (b->simulated_limit > 0) {
        if (n > b->simulated_limit) { b->failed = 1; return -1; }
        if (c > b->simulated_limit) c = b->simulated_limit;
    }
    /* CRASTER_POLYLINE_PAD more than the capacity: the AVX2 loop reads whole groups. */
    const size_t a = (size_t)(c + CRASTER_POLYLINE_PAD);
    double *px = realloc(b->px, a * sizeof *px);
    if (px) b->px = px;
    double *py = realloc(b->py, a * sizeof *py);
    if (py) b->py = py;
    float *gx = realloc(b->gx, a * sizeof *gx);
    if (gx) b->gx = gx;
    float *gy = realloc(b->gy, a * sizeof *gy);
    if (gy) b->gy = gy;
    if (!px || !py || !gx || !gy) { b->failed = 1; return -1; }
    b->point_capacity = c;
    return 0;
}

typedef craster_polyline polyline;

static const polyline empty_polyline = { 0, 0, 0, 0 };

static inline __attribute__((always_inline))
void add_point(craster_edges *b, polyline *l, double x, double y) {
    /* One more than the points: flush_polyline repeats the first after the last. */
    if (l->n + 1 >= b->point_capacity && reserve_points(b, l->n + 2) != 0) return;
    b->px[l->n] = x;
    b->py[l->n] = y;
    l->n++;
}

/* The portable loops (edges_polyline.h). */
int craster_polyline_box(const double *px, const double *py, ptrdiff_t n, double box[4]) {
    double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY;
    int nan = 0;
    for (ptrdiff_t i = 0; i < n; i++) {
        double x = px[i], y = py[i];
        bx0 = x < bx0 ? x : bx0;
        bx1 = x > bx1 ? x : bx1;
        by0 = y < by0 ? y : by0;
        by1 = y > by1 ? y : by1;
        nan |= (x != x) | (y != y);
    }
    box[0] = bx0; box[1] = bx1; box[2] = by0; box[3] = by1;
    return nan;
}

ptrdiff_t craster_polyline_edges(const double *px, const double *py, ptrdiff_t n, float *gx, float *gy,
                                 craster_edge *out, float box[4]) {
    for (ptrdiff_t i = 0; i < n; i++) {
        gx[i] = (float)px[i];
        gy[i] = (float)craster_on_grid(py[i]);
    }
    /* The closing edge's end (add_point left room for it). */
    gx[n] = gx[0];
    gy[n] = gy[0];
    float mnx = INFINITY, mxx = -INFINITY, mny = INFINITY, mxy = -INFINITY;
    craster_edge *const first = out;
    /* Branch-free: every edge is written, and kept (the pointer moves on) when rounding left it
     * some height — which also drops horizontal ones (equal y round equally; rounding never
     * reverses an order, so the lower end is the one with the smaller y). */
    for (ptrdiff_t i = 0; i < n; i++) {
        float ga = gy[i], gb = gy[i + 1], xa = gx[i], xb = gx[i + 1];
        int down = ga < gb;
        float fy0 = down ? ga : gb, fy1 = down ? gb : ga;
        float fx0 = down ? xa : xb, fx1 = down ? xb : xa;
        out->x0 = fx0; out->y0 = fy0; out->x1 = fx1; out->y1 = fy1; out->dir = down ? 1.0f : -1.0f;
        int keep = fy0 < fy1;
        out += keep;
        float lo = fx0 < fx1 ? fx0 : fx1, hi = fx0 < fx1 ? fx1 : fx0;
        mnx = keep && lo < mnx ? lo : mnx;
        mxx = keep && hi > mxx ? hi : mxx;
        mny = keep && fy0 < mny ? fy0 : mny;
        mxy = keep && fy1 > mxy ? fy1 : mxy;
    }
    box[0] = mnx; box[1] = mxx; box[2] = mny; box[3] = mxy;
    return out - first;
}

/* The edges of the polyline's points, closed; the polyline is then empty. */
static void flush_polyline(craster_edges *b, polyline *l) {
    ptrdiff_t n = l->n;
    const double *px = b->px, *py = b->py;
    l->n = 0;
    /* (The contour stays open: a line after a close starts from its start.) */
    if (n < 2) return;
    /* The points' box and whether one is NaN, in one pass here rather than point by point as
     * they come: there each update read and wrote the polyline in memory, which the points'
     * stores may alias (edge building took a third less time on the bench's glyphs without). An
     * infinite point leaves the box outside the clip. */
    double pbox[4];
#if defined(CRASTER_X86)
    const int avx2 = !b->portable && craster_has_avx2();
    /* (Short polylines keep the scalar box: their points' stores are still in flight, and the
     * vector loads, which cannot take their values from them, would wait for them.) */
    const int nan = avx2 && n >= 32 ? craster_polyline_box_avx2(px, py, n, pbox) : craster_polyline_box(px, py, n, pbox);
#else
    const int nan = craster_polyline_box(px, py, n, pbox);
#endif
    const double bx0 = pbox[0], bx1 = pbox[1], by0 = pbox[2], by1 = pbox[3];
    if (nan || !(bx0 >= b->left + 0.5 && bx1 <= b->right - 0.5 && by0 >= b->top + 0.5 && by1 <= b->bottom - 0.5)) {
        for (ptrdiff_t i = 0; i + 1 < n; i++) segment(b, px[i], py[i], px[i + 1], py[i + 1]);
        segment(b, px[n - 1], py[n - 1], px[0], py[0]);
        return;
    }
    if (b->count + n > b->capacity) {
        while (b->count + n > b->capacity) {
            if (grow(b) != 0) return;
        }
    }
    float box[4];
    ptrdiff_t kept;
#if defined(CRASTER_X86)
    if (avx2)
        kept = craster_polyline_edges_avx2(px, py, n, b->gx, b->gy, b->edges + b->count, box);
    else
#endif
        kept = craster_polyline_edges(px, py, n, b->gx, b->gy, b->edges + b->count, box);
    b->count += kept;
    const float mnx = box[0], mxx = box[1], mny = box[2], mxy = box[3];
    if ((double)mnx < b->min_x) b->min_x = mnx;
    if ((double)mxx > b->max_x) b->max_x = mxx;
    if ((double)mny < b->min_y) b->min_y = mny;
    if ((double)mxy > b->max_y) b->max_y = mxy;
}

static inline __attribute__((always_inline))
void move_to(craster_edges *b, polyline *l, double x, double y) {
    flush_polyline(b, l);
    l->sx = x; l->sy = y; l->open = 1;
    add_point(b, l, x, y);
}

static inline __attribute__((always_inline))
void line_to(craster_edges *b, polyline *l, double x, double y) {
    if (!l->open) { l->sx = x; l->sy = y; l->open = 1; }
    else if (l->n == 0) add_point(b, l, l->sx, l->sy);
    add_point(b, l, x, y);
}

void craster_edges_move_to(craster_edges *b, double x, double y) { move_to(b, &b->line, x, y); }
void craster_edges_line_to(craster_edges *b, double x, double y) { line_to(b, &b->line, x, y); }
void craster_edges_close(craster_edges *b) { flush_polyline(b, &b->line); }
void craster_edges_finish(craster_edges *b) {
    flush_polyline(b, &b->line);
    b->line.open = 0;
}

/* craster_edges_path's walk (flatten_walk.h) into the builder's current polyline. */
typedef struct { craster_edges *b; polyline l; } edge_sink;
#define FLATTEN_NAME walk_path
#define FLATTEN_SINK edge_sink
#define FLATTEN_MOVE(s, x, y) move_to((s)->b, &(s)->l, (x), (y))
#define FLATTEN_LINE(s, x, y) line_to((s)->b, &(s)->l, (x), (y))
/* The polyline ends (closed back to its first point, the contour's start); a line after it
 * starts a new one there. */
#define FLATTEN_CLOSE(s) flush_polyline((s)->b, &(s)->l)
#define FLATTEN_RESERVE(s, n) do { if ((s)->l.n + (n) > (s)->b->point_capacity) reserve_points((s)->b, (s)->l.n + (n)); } while (0)
#include "flatten_walk.h"

void craster_edges_path(craster_edges *b, const uint8_t *kinds, ptrdiff_t count, const double *points,
                        const double t[6], double tolerance, int straddle) {
    /* The contour being collected (after any begun with craster_edges_move_to and friends). */
    craster_edges_finish(b);
    edge_sink s = { b, empty_polyline };
    walk_path(&s, kinds, count, points, t, tolerance, straddle);
    flush_polyline(b, &s.l);
}
