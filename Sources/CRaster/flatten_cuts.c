/* Curvature-placed cuts of a cubic (CRasterCuts.h). Both flatteners take their cubics' cuts from
 * here (flatten_walk.h in C, _PathFlattener in Swift), so their points agree to the bit. */

#include "CRasterCuts.h"

#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* A square root without errno's check and call for negative arguments (which the compilers emit
 * around sqrt unless -fno-math-errno): the same correctly rounded value. */
static inline double root_d(double x) {
#if defined(__SSE2__)
    return _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(x)));
#else
    return sqrt(x);
#endif
}

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
    const double k3 = cbrt(third_order * root_d(c3x * c3x + c3y * c3y) / tol);
    /* Sub-ranges: as many as keep that deviation within 0.3 tol over each (∛(1/0.3) = 1.4938…). */
    const double mr = k3 * 1.4938015821857216;
    const int m = mr > 1 ? (mr < CUT_RANGES ? ceil_int(mr) : CUT_RANGES) : 1;
    const double step = 1.0 / (double)m;

    /* The samples at the ranges' ends u[0] = 0 … u[m] = 1 (u[m + 1], 1 too, pads the last pair):
     * B', |B'|², |B''|² and the density √(|B' × B''| / (8·tol·|B'|)) — pieces per unit of
     * parameter whose chords deviate by tol where the curvature is that of the sample (a chord of
     * length L across curvature κ deviates by κL²/8). A zero speed gives NaN: only a cusp has
     * it, and the ranges beside it are sharp, which do not use the density. (The density in
     * single precision: it only places cuts, and its roots cost less.) */
    const double k8 = 8 * tol;
    const float k8f = (float)k8;
    double u[CUT_RANGES + 2], vx[CUT_RANGES + 2], vy[CUT_RANGES + 2], v2[CUT_RANGES + 2], a2[CUT_RANGES + 2];
    double rho[CUT_RANGES + 2];
    for (int j = 0; j <= m + 1; j++) u[j] = j >= m ? 1.0 : (double)j * step;
#if defined(__SSE2__)
    /* Two samples a step, each lane the scalar loop's operations below (so the same values):
     * the sampling took half the cuts' time, mostly in the latency of the roots. */
    {
        const __m128d C1x = _mm_set1_pd(c1x), C1y = _mm_set1_pd(c1y), C3x = _mm_set1_pd(c3x), C3y = _mm_set1_pd(c3y);
        const __m128d C2x2 = _mm_set1_pd(2 * c2x), C2y2 = _mm_set1_pd(2 * c2y);
        const __m128d three = _mm_set1_pd(3), six = _mm_set1_pd(6), sign = _mm_set1_pd(-0.0);
        const __m128 K8 = _mm_set1_ps(k8f);
        for (int j = 0; j <= m; j += 2) {
            const __m128d uj = _mm_loadu_pd(u + j);
            const __m128d u3 = _mm_mul_pd(three, uj), u6 = _mm_mul_pd(six, uj);
            const __m128d dx = _mm_add_pd(C1x, _mm_mul_pd(uj, _mm_add_pd(C2x2, _mm_mul_pd(u3, C3x))));
            const __m128d dy = _mm_add_pd(C1y, _mm_mul_pd(uj, _mm_add_pd(C2y2, _mm_mul_pd(u3, C3y))));
            const __m128d ddx = _mm_add_pd(C2x2, _mm_mul_pd(u6, C3x)), ddy = _mm_add_pd(C2y2, _mm_mul_pd(u6, C3y));
            const __m128d sp2 = _mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy));
            const __m128d cross = _mm_andnot_pd(sign, _mm_sub_pd(_mm_mul_pd(dx, ddy), _mm_mul_pd(dy, ddx)));
            const __m128 q = _mm_div_ps(_mm_cvtpd_ps(cross), _mm_mul_ps(K8, _mm_sqrt_ps(_mm_cvtpd_ps(sp2))));
            _mm_storeu_pd(vx + j, dx);
            _mm_storeu_pd(vy + j, dy);
            _mm_storeu_pd(v2 + j, sp2);
            _mm_storeu_pd(a2 + j, _mm_add_pd(_mm_mul_pd(ddx, ddx), _mm_mul_pd(ddy, ddy)));
            _mm_storeu_pd(rho + j, _mm_cvtps_pd(_mm_sqrt_ps(q)));
        }
    }
#else
    for (int j = 0; j <= m; j++) {
        const double uj = u[j];
        const double dx = c1x + uj * (2 * c2x + 3 * uj * c3x), dy = c1y + uj * (2 * c2y + 3 * uj * c3y);
        const double ddx = 2 * c2x + 6 * uj * c3x, ddy = 2 * c2y + 6 * uj * c3y;
        const double sp2 = dx * dx + dy * dy;
        vx[j] = dx; vy[j] = dy; v2[j] = sp2; a2[j] = ddx * ddx + ddy * ddy;
        rho[j] = (double)sqrtf((float)fabs(dx * ddy - dy * ddx) / (k8f * sqrtf((float)sp2)));
    }
#endif

    cut_range r[CUT_RANGES];
    int sharp[CUT_RANGES + 1];
    for (int j = 0; j < m; j++) {
        const double h = u[j + 1] - u[j];
        const double dot = vx[j] * vx[j + 1] + vy[j] * vy[j + 1];
        cut_range *q = &r[j];
        q->u0 = u[j]; q->h = h;
        /* Turning by 30° or more (or through a cusp): set apart, pieces evenly spaced at the
         * exact bound over the range, h·√(max |B''| / (8·tol)). */
        sharp[j] = dot <= 0 || dot * dot < 0.75 * v2[j] * v2[j + 1];
        if (sharp[j]) {
            const double amax = a2[j] > a2[j + 1] ? a2[j] : a2[j + 1];
            q->count = h * root_d(root_d(amax) / k8);
            q->d = 0;
        } else {
            q->count = 0.5 * h * (rho[j] + rho[j + 1]);
            q->d = 0.5 * h * (rho[j + 1] - rho[j]);   /* over count, below */
            /* Nearly straight (an inflection): the third derivative decides. */
            if (!(q->count >= k3 * h)) { q->count = k3 * h; q->d = 0; }
        }
    }
    sharp[m] = 0;
    for (int j = 0; j < m; j++) {
        r[j].run_end = sharp[j] | sharp[j + 1];
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
        /* Range by range, the pieces whose targets fall in it: those up to its end (the run's
         * last range takes the rest), found by one division and checked by the comparison the
         * walk would make, then placed two at a time. */
        int i = 1;
        double before = 0;   /* the counts of ranges a … j − 1 */
        for (int j = a; j <= b && i < pieces; j++) {
            const cut_range *q = &r[j];
            const double lim = before + q->count;
            int end = pieces;
            if (j < b) {
                const double e = lim / each;
                end = e < (double)(pieces - 1) ? (int)e + 1 : pieces;
                while (end > i && lim < each * (double)(end - 1)) end--;
                while (end < pieces && !(lim < each * (double)end)) end++;
            }
#if defined(__SSE2__)
            const __m128d E = _mm_set1_pd(each), B = _mm_set1_pd(before), I = _mm_set1_pd(q->inv);
            const __m128d D = _mm_set1_pd(q->d), U = _mm_set1_pd(q->u0), H = _mm_set1_pd(q->h);
            const __m128d zero = _mm_setzero_pd(), one = _mm_set1_pd(1), two = _mm_set1_pd(2);
            for (; i + 1 < end; i += 2) {
                const __m128d target = _mm_mul_pd(E, _mm_cvtepi32_pd(_mm_setr_epi32(i, i + 1, 0, 0)));
                /* (x > 0 ? (x < 1 ? x : 1) : 0 is max(min(x, 1), 0) for the finite x here.) */
                const __m128d f = _mm_max_pd(_mm_min_pd(_mm_mul_pd(_mm_sub_pd(target, B), I), one), zero);
                const __m128d g = _mm_sub_pd(one, _mm_mul_pd(D, _mm_sub_pd(_mm_mul_pd(two, f), one)));
                const __m128d p = _mm_add_pd(f, _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(D, f), _mm_sub_pd(one, f)), g));
                _mm_storeu_pd(t + k, _mm_add_pd(U, _mm_mul_pd(H, _mm_max_pd(_mm_min_pd(p, one), zero))));
                k += 2;
            }
#endif
            for (; i < end; i++) {
                double f = (each * (double)i - before) * q->inv;
                f = f > 0 ? (f < 1 ? f : 1) : 0;
                t[k++] = q->u0 + q->h * place(f, q->d);
            }
            before = lim;
        }
        t[k++] = b + 1 == m ? 1.0 : r[b].u0 + r[b].h;
        a = b + 1;
    }
    return total;
}
