/* Whether a closed contour suits the thin-stroke walk (Strata's _ThinStroke.canDraw): few sharp
 * vertices for its length and, with miter joins, none turning by more than 90°.
 *
 * It looks at every point of the flattened line before anything is drawn; in Swift (one square
 * root and ~36 instructions a vertex) it was 3 % of a 1 px stroke of blob32 (870 points). Here
 * the vertices go 4 at a time with AVX2, and the portable loop makes the same operations in the
 * same order (the lengths summed in 4 running sums, then combined alike), so both answer alike
 * on every contour. */

#include "CStroke.h"

#include <math.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#if defined(__x86_64__) || defined(__i386__)
#define FITS_X86 1
#include <immintrin.h>
#endif

/* cos 45° as the Swift version had it (0.7071), squared: a vertex is sharp when the segments
 * into and out of it make dot < 0.7071·|d|·|e|, i.e. dot < 0 or dot² < 0.7071²·|d|²·|e|². */
static const double cos2_45 = 0.7071 * 0.7071;

/* One vertex: d into it, e out of it; adds its outgoing segment's length to *len. Returns -1
 * for a miter that turns by more than 90°, else 1 when sharp, 0 otherwise. */
static inline int vertex(double dx, double dy, double ex, double ey, int miter, double *len) {
    double d2 = dx * dx + dy * dy, e2 = ex * ex + ey * ey;
    double dot = dx * ex + dy * ey;
    *len += sqrt(e2);
    if (dot < 0 && miter) return -1;
    return dot < 0 || dot * dot < cos2_45 * d2 * e2;
}

/* Vertices k … n − 1, then vertex 0 (its segment in from the last point), one by one, and the
 * answer: `sharp` and the 4 running sums s carry the vertices before k. */
static inline int finish(const double *x, const double *y, int n, int k, int miter, int sharp, const double s[4],
                         double width) {
    double tail = 0;
    for (; k < n; k++) {
        int e = k + 1 == n ? 0 : k + 1;
        int r = vertex(x[k] - x[k - 1], y[k] - y[k - 1], x[e] - x[k], y[e] - y[k], miter, &tail);
        if (r < 0) return 0;
        sharp += r;
    }
    int r = vertex(x[0] - x[n - 1], y[0] - y[n - 1], x[1] - x[0], y[1] - y[0], miter, &tail);
    if (r < 0) return 0;
    double length = ((s[0] + s[1]) + (s[2] + s[3])) + tail;
    return !((double)(sharp + r) * width * 200 > length);
}

static int fits_portable(const double *x, const double *y, int n, int miter, double width) {
    double s[4] = { 0, 0, 0, 0 };
    int sharp = 0, k = 1;
    /* Vertices 1 … in blocks of 4 while point k + 4 exists, lane j taking vertex k + j. */
    for (; k + 4 < n; k += 4) {
        for (int j = 0; j < 4; j++) {
            int v = k + j;
            int r = vertex(x[v] - x[v - 1], y[v] - y[v - 1], x[v + 1] - x[v], y[v + 1] - y[v], miter, &s[j]);
            if (r < 0) return 0;
            sharp += r;
        }
    }
    return finish(x, y, n, k, miter, sharp, s, width);
}

#if defined(FITS_X86)
__attribute__((target("avx2"))) static int fits_avx2(const double *x, const double *y, int n, int miter,
                                                      double width) {
    __m256d sum = _mm256_setzero_pd();
    const __m256d zero = _mm256_setzero_pd(), c = _mm256_set1_pd(cos2_45);
    int sharp = 0, k = 1;
    for (; k + 4 < n; k += 4) {
        __m256d xp = _mm256_loadu_pd(x + k - 1), xk = _mm256_loadu_pd(x + k), xn = _mm256_loadu_pd(x + k + 1);
        __m256d yp = _mm256_loadu_pd(y + k - 1), yk = _mm256_loadu_pd(y + k), yn = _mm256_loadu_pd(y + k + 1);
        __m256d dx = _mm256_sub_pd(xk, xp), dy = _mm256_sub_pd(yk, yp);
        __m256d ex = _mm256_sub_pd(xn, xk), ey = _mm256_sub_pd(yn, yk);
        __m256d d2 = _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy));
        __m256d e2 = _mm256_add_pd(_mm256_mul_pd(ex, ex), _mm256_mul_pd(ey, ey));
        __m256d dot = _mm256_add_pd(_mm256_mul_pd(dx, ex), _mm256_mul_pd(dy, ey));
        sum = _mm256_add_pd(sum, _mm256_sqrt_pd(e2));
        __m256d back = _mm256_cmp_pd(dot, zero, _CMP_LT_OQ);
        int b = _mm256_movemask_pd(back);
        if (b && miter) return 0;
        __m256d turn = _mm256_cmp_pd(_mm256_mul_pd(dot, dot), _mm256_mul_pd(_mm256_mul_pd(c, d2), e2), _CMP_LT_OQ);
        sharp += __builtin_popcount((unsigned)_mm256_movemask_pd(_mm256_or_pd(back, turn)));
    }
    double s[4];
    _mm256_storeu_pd(s, sum);
    return finish(x, y, n, k, miter, sharp, s, width);
}
#endif

int cstroke_contour_fits(const double *x, const double *y, int n, int miter, double width) {
    if (n < 3) return 0;
#if defined(FITS_X86)
    if (cstroke_has_avx2()) return fits_avx2(x, y, n, miter, width);
#endif
    return fits_portable(x, y, n, miter, width);
}

int cstroke_contour_fits_portable(const double *x, const double *y, int n, int miter, double width) {
    if (n < 3) return 0;
    return fits_portable(x, y, n, miter, width);
}
