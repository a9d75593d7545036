/* The walk over a path's elements that flattens its curves, shared by craster_edges_path
 * (edges.c: a fill's edges) and craster_points_path (points.c: a stroke's centre line), so both
 * get the same points as Strata's _PathFlattener, operation for operation. Included after
 * defining
 *   FLATTEN_NAME              the function's name: static void NAME(FLATTEN_SINK *s, kinds, count,
 *                             points, t, tolerance, straddle) (arguments as craster_edges_path's)
 *   FLATTEN_SINK              the sink's type
 *   FLATTEN_MOVE(s, x, y)     a contour starts at (x, y)
 *   FLATTEN_LINE(s, x, y)     a line to (x, y)
 *   FLATTEN_CLOSE(s)          the current contour is closed
 *   FLATTEN_RESERVE(s, n)     room for n more points (a curve's, before they come)
 * which it undefines. A close leaves the flattener's current point where it was: the next
 * element after a close is a move in every path CGMutablePath builds, and a line without one
 * is the sink's to place. */

#ifndef CRASTER_FLATTEN_PIECES
#define CRASTER_FLATTEN_PIECES
#include "CRasterCuts.h"
/* Pieces for a curve whose deviation bound is k/n² (k already divided by the tolerance): at
 * most 4096, so absurd coordinates cost bounded time. */
static inline int flatten_pieces(double k) {
    if (!(k > 1)) return 1;
    double r = sqrt(k);
    if (!(r < 4096)) return 4096;   /* also ∞ and NaN */
    /* ⌈r⌉ for 1 < r < 4096, without a call to ceil. */
    int i = (int)r;
    return i + ((double)i < r);
}

/* A quadratic's and a cubic's piece counts from the current point (x0, y0) and their device
 * control points, bound by 4096. */
static inline int flatten_quad_pieces(double x0, double y0, double x1, double y1, double x2, double y2,
                                      double tol, int straddle) {
    double ddx = x0 - 2 * x1 + x2, ddy = y0 - 2 * y1 + y2;
    int n = flatten_pieces(sqrt(ddx * ddx + ddy * ddy) / (4 * tol));
    return straddle && n == 2 ? 3 : n;
}

static inline int flatten_cubic_pieces(double x0, double y0, double x1, double y1, double x2, double y2,
                                       double x3, double y3, double tol, int straddle) {
    double ax = x0 - 2 * x1 + x2, ay = y0 - 2 * y1 + y2;
    double bx = x1 - 2 * x2 + x3, by = y1 - 2 * y2 + y3;
    /* Swift's max: the second operand unless the first is larger. */
    double a2 = ax * ax + ay * ay, b2 = bx * bx + by * by;
    double dd = sqrt(b2 >= a2 ? b2 : a2);
    int n = flatten_pieces(0.75 * dd / tol);
    return straddle && n == 2 ? 3 : n;
}

/* Whether the line turns by more than 60° at the point P1 between P0 and P2 (P1 − P0 = (ax, ay),
 * P2 − P1 = (bx, by)), where a long straddle move is not made. Along a smooth curve the move is
 * about half the chords' sagitta across them (within tol/2 for uniform cuts), plus a slide along
 * the nearly straight curve where curvature-placed cuts are unevenly spaced (up to 30·tol near
 * inflections); small circles turn by up to 120° a point with moves within tol/2. Where the
 * curve turns sharply within a piece or two (a cusp, a hairpin of a cubic) the move can be
 * several times the tolerance and push the point out of the curve's reach (1.44 × the tolerance
 * on seeded cubics, 0.98 px at 0.2 px on a hairpin of the bench's blob32): a point whose move is
 * longer than tol and where the line turns by more than 60° stays on the curve, its chords
 * within the tolerance. Only curvature-placed cuts need the test (CURVE_POINTS' `cuts`): with
 * uniform cuts the move is within tol/2 by the piece counts' bound (the second difference of n
 * equal steps is at most 8·tol). Strata's _PathFlattener.straddled makes the same test on every
 * curve, with the same outcome. */
static inline int straddle_sharp(double ax, double ay, double bx, double by) {
    const double dot = ax * bx + ay * by;
    return dot * dot < 0.25 * (ax * ax + ay * ay) * (bx * bx + by * by) || dot < 0;
}

/* Elements per chunk of the walk: the piece counts of a chunk's curves are worked out first, in
 * a loop of their own. Each count is a chain of two square roots and two divisions (~60 cycles);
 * computed where the curve's points are made, the chains of consecutive curves could not overlap
 * (the points wait for the count), and on small glyphs, 3 pieces a curve, they were half of the
 * edge building's time. */
enum { CRASTER_FLATTEN_CHUNK = 64 };
#endif

#define FLATTEN_PASTE2(a, b) a##b
#define FLATTEN_PASTE(a, b) FLATTEN_PASTE2(a, b)
#define FLATTEN_CUT_NAME FLATTEN_PASTE(FLATTEN_NAME, _cut)

/* The curve's point P1 between P0 and P2 moved by −(P0 − 2·P1 + P2)/16: half the sagitta of
 * the chords beside it, outward (see craster_edges_path in CRasterEdges.h), except at sharp
 * turns (straddle_sharp). */
#define STRADDLE_TO(x0, y0, x1, y1, x2, y2) do { \
        double mx_ = 0.0625 * ((x0) - 2 * (x1) + (x2)), my_ = 0.0625 * ((y0) - 2 * (y1) + (y2)); \
        if (cuts && mx_ * mx_ + my_ * my_ > tol * tol \
            && straddle_sharp((x1) - (x0), (y1) - (y0), (x2) - (x1), (y2) - (y1))) mx_ = my_ = 0; \
        FLATTEN_LINE(s, (x1) - mx_, (y1) - my_); \
    } while (0)
/* A curve's inner points 1 … n − 1 (AT(i, x, y) sets point i; point 0 is the current point,
 * point n (ex, ey)), straddling or on the curve; uses the caller's s, n, cx, cy, tol, straddle
 * and cuts (1: curvature-placed cuts, whose straddle moves are tested for sharp turns). */
#define CURVE_POINTS(AT, ex, ey) do { \
        if (straddle) { \
            double ax0 = cx, ay0 = cy, ax1, ay1, ax2, ay2; \
            AT(1, ax1, ay1); \
            for (int i = 1; i < n; i++) { \
                if (i + 1 == n) { ax2 = (ex); ay2 = (ey); } else AT(i + 1, ax2, ay2); \
                STRADDLE_TO(ax0, ay0, ax1, ay1, ax2, ay2); \
                ax0 = ax1; ay0 = ay1; ax1 = ax2; ay1 = ay2; \
            } \
        } else { \
            for (int i = 1; i < n; i++) { \
                double qx, qy; \
                AT(i, qx, qy); \
                FLATTEN_LINE(s, qx, qy); \
            } \
        } \
    } while (0)

/* The inner points of the cubic (cx, cy) … (x3, y3) at its curvature-placed cuts, straddling or
 * on the curve as the walk's, from the walk's power basis: 1 when it made them, 0 (nothing done)
 * when the cuts save nothing over the uniform n. Out of line, with the control points alone as
 * arguments: the common path (small curves) then pays nothing for it. */
static __attribute__((noinline)) int FLATTEN_CUT_NAME(FLATTEN_SINK *s, double cx, double cy, double x1, double y1,
                                                     double x2, double y2, double x3, double y3, double tol, int n,
                                                     int straddle) {
    double cut[CRASTER_CUTS_MAX + 1];
    int m = craster_cubic_cuts(cx, cy, x1, y1, x2, y2, x3, y3, tol, n, cut);
    if (m >= n) return 0;
    n = m;
    const int cuts = 1;
    /* The walk's power basis (CUBIC_AT's), operation for operation. */
    const double ax = cx - 2 * x1 + x2, ay = cy - 2 * y1 + y2;
    const double c1x = 3 * (x1 - cx), c1y = 3 * (y1 - cy);
    const double c2x = 3 * ax, c2y = 3 * ay;
    const double c3x = x3 - cx + 3 * (x1 - x2), c3y = y3 - cy + 3 * (y1 - y2);
#define CUT_AT(i, X, Y) do { double s_ = cut[i]; \
                             X = cx + s_ * (c1x + s_ * (c2x + s_ * c3x)); Y = cy + s_ * (c1y + s_ * (c2y + s_ * c3y)); } while (0)
    CURVE_POINTS(CUT_AT, x3, y3);
#undef CUT_AT
    return 1;
}

static inline __attribute__((always_inline))
void FLATTEN_NAME(FLATTEN_SINK *s, const uint8_t *kinds, ptrdiff_t count, const double *points,
                  const double t[6], double tolerance, int straddle) {
    /* Swift's max(tolerance, 1e-6), NaN included. */
    const double tol = 1e-6 >= tolerance ? 1e-6 : tolerance;
    const int cuts = 0;   /* uniform cuts: straddle moves within tol/2 (straddle_sharp) */
    const double ta = t[0], tb = t[1], tc = t[2], td = t[3], ttx = t[4], tty = t[5];
#define TX(p) (ta * (p)[0] + tc * (p)[1] + ttx)
#define TY(p) (tb * (p)[0] + td * (p)[1] + tty)
    double cx = 0, cy = 0;
    /* A curve's end point, then past its `used` coordinates. */
#define CURVE_END(ex, ey, used) FLATTEN_LINE(s, (ex), (ey)); cx = (ex); cy = (ey); p += (used); break
    const double *p = points;
    /* The pre-pass's position: its points and current point (which the walk's elements set
     * alone: a close leaves it where it was). */
    const double *pp = points;
    double pcx = 0, pcy = 0;
    int pieces[CRASTER_FLATTEN_CHUNK];
    for (ptrdiff_t k = 0; k < count; k++) {
        if (k % CRASTER_FLATTEN_CHUNK == 0) {
            ptrdiff_t end = k + CRASTER_FLATTEN_CHUNK < count ? k + CRASTER_FLATTEN_CHUNK : count;
            for (ptrdiff_t j = k; j < end; j++) {
                const uint8_t kind = kinds[j];
                if (kind == CRASTER_MOVE || kind == CRASTER_LINE) {
                    pcx = TX(pp); pcy = TY(pp);
                    pp += 2;
                } else if (kind == CRASTER_QUAD) {
                    double x1 = TX(pp), y1 = TY(pp), x2 = TX(pp + 2), y2 = TY(pp + 2);
                    pieces[j - k] = flatten_quad_pieces(pcx, pcy, x1, y1, x2, y2, tol, straddle);
                    pcx = x2; pcy = y2;
                    pp += 4;
                } else if (kind == CRASTER_CUBIC) {
                    double x1 = TX(pp), y1 = TY(pp), x2 = TX(pp + 2), y2 = TY(pp + 2), x3 = TX(pp + 4), y3 = TY(pp + 4);
                    pieces[j - k] = flatten_cubic_pieces(pcx, pcy, x1, y1, x2, y2, x3, y3, tol, straddle);
                    pcx = x3; pcy = y3;
                    pp += 6;
                } else if (kind != CRASTER_CLOSE) {
                    break;   /* an unknown kind ends the path */
                }
            }
        }
        switch (kinds[k]) {
        case CRASTER_MOVE:
            cx = TX(p); cy = TY(p);
            FLATTEN_MOVE(s, cx, cy);
            p += 2;
            break;
        case CRASTER_LINE:
            cx = TX(p); cy = TY(p);
            FLATTEN_LINE(s, cx, cy);
            p += 2;
            break;
        case CRASTER_QUAD: {
            double x1 = TX(p), y1 = TY(p), x2 = TX(p + 2), y2 = TY(p + 2);
            int n = pieces[k % CRASTER_FLATTEN_CHUNK];
            FLATTEN_RESERVE(s, n + 2);
            if (n > 1) {
                double dt = 1.0 / (double)n;
#define QUAD_AT(i, X, Y) do { double s_ = (double)(i) * dt, u_ = 1 - s_; \
                              double w0_ = u_ * u_, w1_ = 2 * u_ * s_, w2_ = s_ * s_; \
                              X = w0_ * cx + w1_ * x1 + w2_ * x2; Y = w0_ * cy + w1_ * y1 + w2_ * y2; } while (0)
                CURVE_POINTS(QUAD_AT, x2, y2);
#undef QUAD_AT
            }
            CURVE_END(x2, y2, 4);
        }
        case CRASTER_CUBIC: {
            double x1 = TX(p), y1 = TY(p), x2 = TX(p + 2), y2 = TY(p + 2), x3 = TX(p + 4), y3 = TY(p + 4);
            double ax = cx - 2 * x1 + x2, ay = cy - 2 * y1 + y2;
            int n = pieces[k % CRASTER_FLATTEN_CHUNK];
            FLATTEN_RESERVE(s, n + 2);
            if (n > 1) {
                /* Power basis: B(s) = c0 + s(c1 + s(c2 + s c3)). */
                double c1x = 3 * (x1 - cx), c1y = 3 * (y1 - cy);
                double c2x = 3 * ax, c2y = 3 * ay;
                double c3x = x3 - cx + 3 * (x1 - x2), c3y = y3 - cy + 3 * (y1 - y2);
                /* Cuts placed by the curvature where they save pieces (CRasterCuts.h), out of
                 * line: its buffer and code stay off the common path. */
                if (!(n >= CRASTER_CUTS_MIN && n <= CRASTER_CUTS_MAX && FLATTEN_CUT_NAME(s, cx, cy, x1, y1, x2, y2, x3, y3, tol, n, straddle))) {
                    double dt = 1.0 / (double)n;
#define CUBIC_AT(i, X, Y) do { double s_ = (double)(i) * dt; \
                               X = cx + s_ * (c1x + s_ * (c2x + s_ * c3x)); Y = cy + s_ * (c1y + s_ * (c2y + s_ * c3y)); } while (0)
                    CURVE_POINTS(CUBIC_AT, x3, y3);
#undef CUBIC_AT
                }
            }
            CURVE_END(x3, y3, 6);
        }
        case CRASTER_CLOSE:
            FLATTEN_CLOSE(s);
            break;
        default:
            k = count;   /* an unknown kind ends the path */
            break;
        }
    }
#undef STRADDLE_TO
#undef CURVE_POINTS
#undef CURVE_END
#undef TX
#undef TY
}

#undef FLATTEN_CUT_NAME
#undef FLATTEN_PASTE
#undef FLATTEN_PASTE2
#undef FLATTEN_NAME
#undef FLATTEN_SINK
#undef FLATTEN_MOVE
#undef FLATTEN_LINE
#undef FLATTEN_CLOSE
#undef FLATTEN_RESERVE
