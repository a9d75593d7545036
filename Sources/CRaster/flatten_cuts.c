/* Curvature-placed cuts of a cubic (CRasterCuts.h). Both flatteners take their cubics' cuts from
 * here (flatten_walk.h in C, _PathFlattener in Swift), so their points agree to the bit. */

#include "CRasterCuts.h"

#include <math.h>

/* No fused multiply-adds: every build gives the same cuts. GCC ignores this pragma (meson passes
 * -ffp-contract=off instead). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Sub-ranges a cubic's parameter range is cut in (at most). */
enum { CUT_RANGES = 16 };

/* √3/36: a chord across an inflection of a cubic whose third derivative is 6·d
 * (d = P3 − 3P2 + 3P1 − P0) deviates from the curve by at most this × |d|·h³ over a parameter
 * range of length h. */
static const double third_order = 0.04811252243246881;

typedef struct {
    double u0, h;    /* parameters u0 … u0 + h */
    double count;    /* pieces the range needs, fractional */
    double inv;      /* 1 / count (0 when count is 0) */
    double d;        /* the density's change across the range over its sum (0: evenly spaced) */
    int run_end;     /* a cut falls on the range's end */
} cut_range;

/* ⌈x⌉ for 0 < x < 2³¹ without a call (x86-64's baseline has no rounding instruction). */
static inline int ceil_int(double x) {
    int i = (int)x;
    return i + ((double)i < x);
}

/* Where the fraction f of a range's pieces falls, as a fraction s of its parameters, when its
 * density goes linearly across it (d: the density's change over its sum, r1 − r0 over r1 + r0):
 * the root of (1 − d)·s + d·s² = f, from s = f by one Newton step (d is small over a range)
 * whose division 1/(1 + e) is taken as 1 − e. Over the seeded cubics of FlattenCutsTests: 99 %
 * within 1.14 × the tolerance (1.16 × with the division, which cost 10 % of the cuts' time); with
 * the step's first term alone, 1.27 ×. */
static inline double place(double f, double d) {
    double s = f + d * f * (1 - f) * (1 - d * (2 * f - 1));
    return s > 0 ? (s < 1 ? s : 1) : 0;
}

int craster_cubic_cuts(double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3,
                       double tolerance, int n, double *t) {
    if (n < CRASTER_CUTS_MIN || n > CRASTER_CUTS_MAX) return n;
    /* Aimed under the tolerance: the density is sampled and the error model asymptotic. */
    const double tol = 0.85 * tolerance;
    if (!(tol > 0)) return n;
    /* Power basis: B(u) = P0 + u(c1 + u(c2 + u c3)), B'(u) = c1 + u(2c2 + 3u c3),
     * B''(u) = 2c2 + 6u c3. */
    const double c1x = 3 * (x1 - x0), c1y = 3 * (y1 - y0);
    const double c2x = 3 * (x0 - 2 * x1 + x2), c2y = 3 * (y0 - 2 * y1 + y2);
    const double c3x = x3 - x0 + 3 * (x1 - x2), c3y = y3 - y0 + 3 * (y1 - y2);
    {
        /* Second derivative nearly across the tangent at both ends (arcs of circles and the
         * like): the uniform count is about what the curvature needs. */
        const double ax = 2 * c2x, ay = 2 * c2y, ex = c1x + 2 * c2x + 3 * c3x, ey = c1y + 2 * c2y + 3 * c3y;
        const double fx = ax + 6 * c3x, fy = ay + 6 * c3y;
        const double k0 = c1x * ay - c1y * ax, k1 = ex * fy - ey * fx;
        if (k0 * k0 >= 0.81 * (c1x * c1x + c1y * c1y) * (ax * ax + ay * ay)
            && k1 * k1 >= 0.81 * (ex * ex + ey * ey) * (fx * fx + fy * fy))
            return n;
    }
    /* Pieces per unit of parameter that keep chords across an inflection within tol. */
    const double k3 = cbrt(third_order * sqrt(c3x * c3x + c3y * c3y) / tol);
    /* Sub-ranges: as many as keep that deviation within 0.3 tol over each (∛(1/0.3) = 1.4938…). */
    const double mr = k3 * 1.4938015821857216;
    const int m = mr > 1 ? (mr < CUT_RANGES ? ceil_int(mr) : CUT_RANGES) : 1;
    const double step = 1.0 / (double)m;

    /* At each sample: B', |B'|², |B''|² and the density √(|B' × B''| / (8·tol·|B'|)) — pieces per
     * unit of parameter whose chords deviate by tol where the curvature is that of the sample
     * (a chord of length L across curvature κ deviates by κL²/8). A zero speed gives NaN: only a
     * cusp has it, and the ranges beside it are sharp, which do not use the density. */
    const double k8 = 8 * tol;
    /* (The density in single precision: it only places cuts, and its roots cost less.) */
    const float k8f = (float)k8;
#define CUT_SAMPLE(u, DX, DY, SP2, A2, RHO) do { \
        DX = c1x + (u) * (2 * c2x + 3 * (u) * c3x); DY = c1y + (u) * (2 * c2y + 3 * (u) * c3y); \
        const double ddx_ = 2 * c2x + 6 * (u) * c3x, ddy_ = 2 * c2y + 6 * (u) * c3y; \
        SP2 = DX * DX + DY * DY; A2 = ddx_ * ddx_ + ddy_ * ddy_; \
        RHO = (double)sqrtf((float)fabs(DX * ddy_ - DY * ddx_) / (k8f * sqrtf((float)SP2))); \
    } while (0)
    double vx0, vy0, v20, a20, rho0;
    CUT_SAMPLE(0.0, vx0, vy0, v20, a20, rho0);

    cut_range r[CUT_RANGES];
    for (int j = 0; j < m; j++) {
        const double u0 = (double)j * step, u1 = j + 1 == m ? 1.0 : (double)(j + 1) * step, h = u1 - u0;
        double vx1, vy1, v21, a21, rho1;
        CUT_SAMPLE(u1, vx1, vy1, v21, a21, rho1);
        const double dot = vx0 * vx1 + vy0 * vy1;
        cut_range *q = &r[j];
        q->u0 = u0; q->h = h; q->run_end = 0;
        if (dot <= 0 || dot * dot < 0.75 * v20 * v21) {
            /* Turning by 30° or more (or through a cusp): set apart, pieces evenly spaced at the
             * exact bound over the range, h·√(max |B''| / (8·tol)). */
            const double amax = a20 > a21 ? a20 : a21;
            q->count = h * sqrt(sqrt(amax) / k8);
            q->d = 0;
            q->run_end = 1;
            if (j > 0) r[j - 1].run_end = 1;
        } else {
            q->count = 0.5 * h * (rho0 + rho1);
            q->d = 0.5 * h * (rho1 - rho0);   /* over count, below */
            /* Nearly straight (an inflection): the third derivative decides. */
            if (!(q->count >= k3 * h)) { q->count = k3 * h; q->d = 0; }
        }
        vx0 = vx1; vy0 = vy1; v20 = v21; a20 = a21; rho0 = rho1;
    }
#undef CUT_SAMPLE
    for (int j = 0; j < m; j++) {
        r[j].inv = r[j].count > 0 ? 1 / r[j].count : 0;
        r[j].d *= r[j].inv;
    }
    r[m - 1].run_end = 1;

    /* Each run (ranges between forced cuts) gets ⌈its count⌉ pieces. */
    int total = 0;
    for (int a = 0; a < m;) {
        double sum = 0;
        int b = a;
        for (;; b++) { sum += r[b].count; if (r[b].run_end) break; }
        if (!(sum < (double)n)) return n;   /* also NaN */
        total += sum > 1 ? ceil_int(sum) : 1;
        if (total >= n) return n;
        a = b + 1;
    }
    if (total < 3) return n;

    int k = 0;
    t[k++] = 0;
    for (int a = 0; a < m;) {
        double sum = 0;
        int b = a;
        for (;; b++) { sum += r[b].count; if (r[b].run_end) break; }
        const int pieces = sum > 1 ? ceil_int(sum) : 1;
        const double each = sum / (double)pieces;
        int j = a;
        double before = 0;   /* the counts of ranges a … j − 1 */
        for (int i = 1; i < pieces; i++) {
            const double target = each * (double)i;
            while (j < b && before + r[j].count < target) { before += r[j].count; j++; }
            double f = (target - before) * r[j].inv;
            f = f > 0 ? (f < 1 ? f : 1) : 0;
            t[k++] = r[j].u0 + r[j].h * place(f, r[j].d);
        }
        t[k++] = b + 1 == m ? 1.0 : r[b].u0 + r[b].h;
        a = b + 1;
    }
    return total;
}
