/* The thin-stroke contour walk (Strata's _ThinStroke.draw): each closed contour's segments turned
 * into bands for cstroke_bands, the columns next to a vertex where the line turns between mostly
 * across and mostly down cut exactly there, and their pixels summed before blending.
 *
 * This was Swift; it moved here because a flattened circle of radius 64 has ~60 segments and the
 * per-segment work in Swift (array bounds, optionals, struct copies) cost more than the columns'
 * pixels. The arithmetic is the Swift version's, operation for operation (no fused multiply-adds),
 * so the pixels are the same to the bit; ThinStrokeTests and the goldens check them. The walk is
 * compiled twice, portable and for AVX2 (chosen once per contour), with each plain segment's run
 * inlined: blob32_w1's 868 segments of 6 columns made the per-segment overhead count
 * (docs/craster-measurements.md, the thin-stroke section). */

#include "band_internal.h"

#include <string.h>

/* ⌊x⌋ and ⌈x⌉ by truncation (no libm call in the baseline x86-64 build); x beyond 2⁵², ±∞ and
 * NaN come back as they are. */
static inline double floor_d(double x) {
    if (!(fabs(x) < 4503599627370496.0)) return x;
    double t = (double)(int64_t)x;
    return t > x ? t - 1 : t;
}

static inline double ceil_d(double x) {
    if (!(fabs(x) < 4503599627370496.0)) return x;
    double t = (double)(int64_t)x;
    return t < x ? t + 1 : t;
}

/* Swift's min(x, y) and max(x, y) for doubles, to the bit (which operand comes back for NaN or
 * equal values). */
static inline double min_d(double x, double y) { return y < x ? y : x; }
static inline double max_d(double x, double y) { return y >= x ? y : x; }

/* ⌊x⌋ clamped to lo…hi (lo ≥ 0), without a trap for huge or non-finite x. */
static inline int floor_in(double x, int lo, int hi) {
    if (!(x > (double)lo)) return lo;
    if (x >= (double)hi) return hi;
    return (int)x;
}

/* round(255·c) clamped to 0…255: adding 1.5·2⁵² leaves the value rounded to nearest even in the
 * low bits. */
static inline uint32_t coverage_alpha(double c) {
    double v = c * 255 + 6755399441055744.0;
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int32_t r = (int32_t)(uint32_t)bits;
    return (uint32_t)(r < 0 ? 0 : (r > 255 ? 255 : r));
}

void cstroke_batch_begin(cstroke_batch *b, const cstroke_target *t, int x0, int y0, int x1, int y1) {
    b->target = t;
    b->left = x0; b->top = y0; b->right = x1; b->bottom = y1;
    b->clip = (cstroke_clip){ x0, y0, x1 - 1, y1 - 1 };
    b->run_count = 0;
    b->pending_count = 0;
    b->pending_charged = 0;
}

static void flush_runs(cstroke_batch *b) {
    if (b->run_count > 0) cstroke_bands(b->target, b->runs, b->run_count, &b->clip);
    b->run_count = 0;
}

static inline void add_run(cstroke_batch *b, const cstroke_run *run) {
    b->runs[b->run_count++] = *run;
    if (b->run_count == CSTROKE_BATCH_RUNS) flush_runs(b);
}

/* Adds coverage c to pixel (x, y), inside the clip. */
static void pending_add(cstroke_batch *b, int x, int y, double c) {
    for (int k = 0; k < b->pending_count; k++) {
        if (b->pending_x[k] == x && b->pending_y[k] == y) {
            b->pending_cover[k] += c;
            return;
        }
    }
    if (b->pending_count == CSTROKE_BATCH_PENDING) return;   /* callers flush well before */
    b->pending_x[b->pending_count] = x;
    b->pending_y[b->pending_count] = y;
    b->pending_cover[b->pending_count] = c;
    b->pending_count++;
}

/* Adds coverage c to the pixel holding point (px, py) if it is inside the clip. */
static void pending_add_point(cstroke_batch *b, double px, double py, double c) {
    if (!(px >= (double)b->left && px < (double)b->right && py >= (double)b->top && py < (double)b->bottom)) return;
    pending_add(b, (int)px, (int)py, c);
}

/* Blends the pending pixels after the bands queued before them: every pixel then gets its blends
 * in the order they were made, however the bands were batched (the clip changes how many are
 * queued) — OVER twice in another order can differ by a level. */
static void flush_pending(cstroke_batch *b) {
    if (b->pending_count > 0) flush_runs(b);
    for (int k = 0; k < b->pending_count; k++) {
        uint32_t a = coverage_alpha(b->pending_cover[k]);
        if (a != 0) cstroke_pixel(b->target, b->pending_x[k], b->pending_y[k], a);
    }
    b->pending_count = 0;
    b->pending_charged = 0;
}

/* One segment in device pixels: whether it runs more across than down, whether its start and
 * end are cut exactly (the neighbour on that side runs the other way), the previous segment's
 * direction. */
typedef struct {
    double x0, y0, x1, y1;
    int across_x, cut_start, cut_end;
    double before_x, before_y;
} segment;

/* Column i of a band (top edge v0 + (u − u0)·s, w2 tall) covered from `low` (when has_low, in
 * the column) to `high` (likewise), its pixels added to the pending ones. */
static void cut_column(cstroke_batch *b, int i, double u0, double v0, double s, double w2, int has_low, double low,
                       int has_high, double high, int along_lo, int along_end, int transposed) {
    double fi = (double)i;
    double ca = has_low ? low - fi : 0, cb = has_high ? high - fi : 1;
    if (!(cb > ca)) return;
    double ta = v0 + (fi - u0) * s - w2 / 2;   /* the band's top edge at the column's near side */
    double tA = ta + s * ca, tB = ta + s * cb;
    double min_t = tA < tB ? tA : tB;
    int lo = floor_in(min_t, along_lo, along_end - 1);
    int hi = floor_in((tA < tB ? tB : tA) + w2, along_lo, along_end - 1);
    if (!(lo <= hi && min_t <= (double)along_end)) return;
    /* Q(y), the band's area above y in the covered stretch (y relative to the top edge at the
     * column's near side): ∫ clamp(y − top(x), 0, w2) dx, top(x) = s·x. */
    int flat = fabs(s) < 1e-6;
    double half_inv_s = flat ? 0 : 0.5 / s;
    double o0 = s * ca, o1 = s * cb, o2 = w2 + s * ca, o3 = w2 + s * cb;
#define SQUARE(d) ({ double d_ = (d); double m_ = d_ > 0 ? d_ : 0; m_ * m_; })
#define AREA(z) ({ double z_ = (z); double r_; \
        if (flat) { double v_ = z_ - 0.5 * s * (ca + cb); r_ = (cb - ca) * (v_ < 0 ? 0 : (v_ > w2 ? w2 : v_)); } \
        else r_ = (((SQUARE(z_ - o0) - SQUARE(z_ - o1)) - SQUARE(z_ - o2)) + SQUARE(z_ - o3)) * half_inv_s; \
        r_; })
    /* Row j gets Q(j + 1) − Q(j); Q(lo) = 0 unless the clip cut rows above lo. Each Q is taken at
     * its row's own offset (not stepped from lo), so rows do not depend on the clip. */
    double q = min_t < (double)lo ? AREA((double)lo - ta) : 0;
    for (int j = lo; j <= hi; j++) {
        double qn = AREA((double)(j + 1) - ta);
        if (transposed) pending_add(b, j, i, qn - q);
        else pending_add(b, i, j, qn - q);
        q = qn;
    }
#undef AREA
#undef SQUARE
}

/* The run of a segment's band whose two ends lie at column centres (no end cut exactly at a
 * vertex): the segment from (u0, v0) to (u1, v1), u1 ≠ u0, |v1 − v0| ≤ |u1 − u0|, the line w
 * wide; the columns whose centre lies on the segment's stretch along u (start included, end
 * excluded) within across_lo ≤ u < across_end, when the band may reach the rows along_lo ≤ v <
 * along_end. Returns 1 with *run filled, 0 when nothing can show. `band` without cut ends, to
 * the bit. Inlined into the walk, which has an AVX2 copy (floor and ceil single instructions
 * there; the baseline x86-64 build calls libm): it was a call through a dispatch per segment. */
static inline __attribute__((always_inline)) int plain_run(double u0, double v0, double u1, double v1, double w,
                                                           int transposed, int across_lo, int across_end,
                                                           int along_lo, int along_end, cstroke_run *run) {
    double du = u1 - u0;
    double s = (v1 - v0) / du;
    /* Half the band's extent along v (the line is w wide across its own direction). */
    double hh = 0.5 * w * sqrt(1 + s * s);
    double low = du > 0 ? u0 : u1, high = du > 0 ? u1 : u0;
    double first = du > 0 ? ceil(low - 0.5) : floor(low - 0.5) + 1;
    double last = du > 0 ? ceil(high - 0.5) - 1 : floor(high - 0.5);
    double whole = first;
    if (first < (double)across_lo) first = (double)across_lo;
    if (last > (double)(across_end - 1)) last = (double)(across_end - 1);
    double v_lo = (double)along_lo, v_hi = (double)(along_end - 1);
    /* Whole columns reach up to one column past the segment's ends, |s| further along v. The
     * test takes hh's bound 0.5·w·(1 + |s|) ≥ hh: it then waits for the division only, not for
     * the square root after it (a band it lets through that cannot show draws nothing). */
    double reach = 0.5 * w * (1 + fabs(s)) + fabs(s);
    if (!(first <= last && min_d(v0, v1) - reach <= v_hi + 1 && max_d(v0, v1) + reach >= v_lo)) return 0;
    /* The top edge is given at the first column of the whole stretch (within ±2²⁰), which does
     * not depend on the clip, so a column's pixels do not either. */
    double origin = min_d(max_d(whole, -1048576.0), 1048576.0);
    run->top = v0 + (origin - u0) * s - hh;
    run->slope = s;
    run->height = 2 * hh;
    run->first = (int32_t)first;
    run->last = (int32_t)last;
    run->transposed = transposed;
    run->origin = (int32_t)origin;
    return 1;
}

/* The band of one segment from (u0, v0) to (u1, v1) whose major axis is u (|Δv| ≤ |Δu|): column
 * by column over u (across_lo…across_end − 1), pixel by pixel over v (along_lo…along_end − 1).
 * `transposed`: u is y. Whole columns go to the runs; a cut end's column is covered only up to
 * the end point and goes to the pending pixels. */
static void band(cstroke_batch *b, double u0, double v0, double u1, double v1, double w, int cut_start, int cut_end,
                 int across_lo, int across_end, int along_lo, int along_end, int transposed) {
    double du = u1 - u0;
    double s = (v1 - v0) / du;
    /* Half the band's extent along v (the line is w wide across its own direction). */
    double hh = 0.5 * w * sqrt(1 + s * s);
    double low = du > 0 ? u0 : u1, high = du > 0 ? u1 : u0;
    int cut_low = du > 0 ? cut_start : cut_end, cut_high = du > 0 ? cut_end : cut_start;
    /* Columns whose centre lies on the segment's stretch (start included, end excluded), or every
     * column the stretch touches at a cut end. */
    double first = cut_low ? floor_d(low) : (du > 0 ? ceil_d(low - 0.5) : floor_d(low - 0.5) + 1);
    double last = cut_high ? ceil_d(high) - 1 : (du > 0 ? ceil_d(high - 0.5) - 1 : floor_d(high - 0.5));
    double first_cut = first, last_cut = last;
    /* A cut column adds at most 4 pixels to the pending ones, whatever the clip leaves of them. */
    b->pending_charged += (cut_low ? 4 : 0) + (cut_high ? 4 : 0);
    if (first < (double)across_lo) first = (double)across_lo;
    if (last > (double)(across_end - 1)) last = (double)(across_end - 1);
    double v_lo = (double)along_lo, v_hi = (double)(along_end - 1);
    /* Whole columns reach up to one column past the segment's ends, |s| further along v. */
    double reach = hh + fabs(s);
    if (!(first <= last && min_d(v0, v1) - reach <= v_hi + 1 && max_d(v0, v1) + reach >= v_lo)) return;
    int from = (int)first, to = (int)last;
    int cut_first = cut_low && first == first_cut, cut_last = cut_high && last == last_cut;
    if (cut_first || (cut_last && from == to)) {
        cut_column(b, from, u0, v0, s, 2 * hh, cut_first, low, cut_last && from == to, high, along_lo, along_end,
                   transposed);
        from += 1;
    }
    if (cut_last && to >= from) {
        cut_column(b, to, u0, v0, s, 2 * hh, 0, 0, 1, high, along_lo, along_end, transposed);
        to -= 1;
    }
    if (from > to) return;
    /* The band's top edge is given at a column that does not depend on the clip (the first of the
     * whole stretch, kept within ±2²⁰), so a column's pixels do not either. */
    double origin = min_d(max_d(first_cut, -1048576.0), 1048576.0);
    cstroke_run run = { v0 + (origin - u0) * s - hh, s, 2 * hh, from, to, transposed, (int32_t)origin };
    add_run(b, &run);
}

/* The two triangles at the start of `s`, where the previous segment ran the other way: the band
 * part in the quadrant neither cut band covers is added, the one both cover taken off. */
static void corner(cstroke_batch *b, const segment *s, double w) {
    double ax = s->before_x, ay = s->before_y, bx = s->x1 - s->x0, by = s->y1 - s->y0;
    double la = sqrt(ax * ax + ay * ay), lb = sqrt(bx * bx + by * by);
    double dx = ax / la + bx / lb, dy = ay / la + by / lb;
    double ld = sqrt(dx * dx + dy * dy);
    if (!(ld > 1e-6)) return;
    /* The half plane in x the across-running band covers (+1: x ≥ V.x), and in y the other's. */
    double ex, ey;
    if (s->across_x) { ex = bx > 0 ? 1 : -1; ey = ay > 0 ? -1 : 1; }
    else { ey = by > 0 ? 1 : -1; ex = ax > 0 ? -1 : 1; }
    /* Legs along the axes to the band's edge (w/2 from the line through V along the mean direction). */
    double l1 = min_d(w, 0.5 * w * ld / max_d(fabs(dy), 1e-9)), l2 = min_d(w, 0.5 * w * ld / max_d(fabs(dx), 1e-9));
    double area = 0.5 * l1 * l2;
    b->pending_charged += 2;
    pending_add_point(b, s->x0 - ex * l1 / 3, s->y0 - ey * l2 / 3, area);
    pending_add_point(b, s->x0 + ex * l1 / 3, s->y0 + ey * l2 / 3, -area);
}

/* A segment with a cut end: its band cut there, the corner at a cut start, the pending pixels
 * flushed after the last cut of a turn. */
static void draw_cut_segment(cstroke_batch *b, const segment *s, double w) {
    if (s->across_x)
        band(b, s->x0, s->y0, s->x1, s->y1, w, s->cut_start, s->cut_end, b->left, b->right, b->top, b->bottom, 0);
    else
        band(b, s->y0, s->x0, s->y1, s->x1, w, s->cut_start, s->cut_end, b->top, b->bottom, b->left, b->right, 1);
    if (s->cut_start) corner(b, s, w);
    if (!s->cut_end || b->pending_charged > CSTROKE_BATCH_PENDING - 16) flush_pending(b);
}

static inline __attribute__((always_inline)) void draw_segment(cstroke_batch *b, const segment *s, double w) {
    if (!s->cut_start && !s->cut_end) {
        /* Most segments: whole columns only. The segment before ran the same way and flushed the
         * pending pixels after it (as does the end of a contour): nothing to flush here either.
         * Written straight into the next slot: a copy from the stack would read the run's
         * 32-bit fields back as 64- and 128-bit loads, which store forwarding cannot serve. */
        cstroke_run *run = &b->runs[b->run_count];
        int drawn = s->across_x
            ? plain_run(s->x0, s->y0, s->x1, s->y1, w, 0, b->left, b->right, b->top, b->bottom, run)
            : plain_run(s->y0, s->x0, s->y1, s->x1, w, 1, b->top, b->bottom, b->left, b->right, run);
        if (drawn && ++b->run_count == CSTROKE_BATCH_RUNS) flush_runs(b);
        return;
    }
    draw_cut_segment(b, s, w);
}

/* cstroke_batch_contour's walk, inlined into a portable and an AVX2 copy. */
static inline __attribute__((always_inline)) void walk(cstroke_batch *b, const double *x, const double *y, int n,
                                                       const double m[6], double w) {
    const double ta = m[0], tb = m[1], tc = m[2], td = m[3], ttx = m[4], tty = m[5];
#define POINT_X(k) (ta * x[k] + tc * y[k] + ttx)
#define POINT_Y(k) (tb * x[k] + td * y[k] + tty)
    if (n <= 0) return;
    /* The last segment that is kept (finite, not of zero length): its direction starts the walk.
     * Segment k runs from point k − 1 to point k (segment 0 closes the contour). Finite points
     * can overflow to ±∞ under a transform: such segments are dropped. */
    int found = 0, end_across = 0;
    double end_dx = 0, end_dy = 0;
    for (int k = n - 1; k >= 0 && !found; k--) {
        int p = k == 0 ? n - 1 : k - 1;
        double dx = POINT_X(k) - POINT_X(p), dy = POINT_Y(k) - POINT_Y(p);
        if (!(isfinite(dx) && isfinite(dy)) || (dx == 0 && dy == 0)) continue;
        found = 1;
        end_across = fabs(dx) >= fabs(dy);
        end_dx = dx;
        end_dy = dy;
    }
    if (!found) return;
    int prev_across = end_across, holding = 0, first_across = 0;
    double prev_dx = end_dx, prev_dy = end_dy;
    segment held;
    /* Each segment's start carried over from the previous point (dropped segments included):
     * every point transformed once. */
    double px = POINT_X(n - 1), py = POINT_Y(n - 1);
    for (int k = 0; k < n; k++) {
        double x0 = px, y0 = py, x1 = POINT_X(k), y1 = POINT_Y(k);
        px = x1;
        py = y1;
        double dx = x1 - x0, dy = y1 - y0;
        if (!(isfinite(dx) && isfinite(dy)) || (dx == 0 && dy == 0)) continue;
        segment s = { x0, y0, x1, y1, fabs(dx) >= fabs(dy), 0, 0, prev_dx, prev_dy };
        s.cut_start = s.across_x != prev_across;
        if (holding) {
            held.cut_end = held.across_x != s.across_x;
            draw_segment(b, &held, w);
        } else {
            first_across = s.across_x;
        }
        held = s;
        holding = 1;
        prev_across = s.across_x;
        prev_dx = dx;
        prev_dy = dy;
    }
    if (holding) {
        held.cut_end = held.across_x != first_across;
        draw_segment(b, &held, w);
    }
    flush_pending(b);
#undef POINT_X
#undef POINT_Y
}

#if defined(CSTROKE_X86)
__attribute__((target("avx2"), noinline)) static void walk_avx2(cstroke_batch *b, const double *x, const double *y,
                                                                  int n, const double m[6], double w) {
    walk(b, x, y, n, m, w);
}
#endif

void cstroke_batch_contour(cstroke_batch *b, const double *x, const double *y, int n, const double m[6], double w) {
#if defined(CSTROKE_X86)
    if (cstroke_has_avx2()) {
        walk_avx2(b, x, y, n, m, w);
        return;
    }
#endif
    walk(b, x, y, n, m, w);
}

void cstroke_batch_end(cstroke_batch *b) { flush_runs(b); }
