/* Exact non-zero coverage of marked pixels (see craster_fill_exact in CRaster.h).
 *
 * The cell accumulation integrates the winding number over each pixel and clamps it to 1, which
 * is the covered area only where one layer of outline covers a pixel. A marked pixel instead gets
 * the area of the part of it where the winding number is not 0, computed from the edges
 * themselves (unless it plainly holds one layer at most, or its winding number cannot reach 0:
 * then the accumulated value is exact, or the pixel covered):
 *
 *   - each edge's piece in the row is split at the pixel's left side: what lies left of it only
 *     matters through its rows (a step of the winding number at the pixel's left side, "left
 *     spans"), what lies inside the pixel is kept as a line ("inner pieces");
 *   - the pixel's height is cut at every end of those and every crossing of two inner pieces;
 *     between two cuts the inner pieces keep their order, so the covered width is linear in y and
 *     the slab's area is the mean of its covered widths at both ends times its height.
 *
 * A pixel's value depends only on the edges that reach it or lie left of it in its row, and on
 * the latter only through their rows (an edge moved onto the clip's left side gives the same
 * spans), in an order fixed by sorting: so it is the same whichever clip, band or edge order
 * produced it, as the accumulation's values are (CRaster.h: exact clipping). Arithmetic is
 * double precision, in source order without contraction. */

#include "CRaster.h"
#include "raster_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* An edge's piece in the row: x = a + b·y for ya ≤ y ≤ yb; xl ≤ xr its x range there. */
typedef struct {
    double ya, yb, a, b, xl, xr;
    int dir;
} upiece;

/* A step of the winding number at a pixel's left side. */
typedef struct {
    double y;
    int delta;
} ustep;

/* A piece's right end and index, to sort the pieces by it. */
typedef struct {
    double xr;
    int index;
} uright;

struct craster_union {
    upiece *pieces, *inner;
    ustep *steps;
    double *cuts;
    int *order;
    unsigned char *touched;
    uright *rights;
    int *lists;
    unsigned char *gone;
    size_t piece_cap, inner_cap, step_cap, cut_cap, order_cap, touched_cap, right_cap, list_cap, gone_cap;
    /* What the current fill's pixels may still spend on their union (pixel_area's estimate of
     * its steps); a pixel costing more than is left keeps the accumulated coverage. */
    double budget;
};

craster_union *craster_union_create(void) { return calloc(1, sizeof(craster_union)); }

void craster_union_destroy(craster_union *u) {
    if (!u) return;
    free(u->pieces); free(u->inner); free(u->steps); free(u->cuts); free(u->order); free(u->touched); free(u->rights); free(u->lists); free(u->gone);
    free(u);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Pieces at the same x in a slab's middle (the same line there): ordered by slope, offset and
 * direction, never by where they came from, so the sums are the same whichever order edges come in. */
static inline int before(const upiece *p, const upiece *q) {
    if (p->b != q->b) return p->b < q->b;
    if (p->a != q->a) return p->a < q->a;
    return p->dir < q->dir;
}

/* The work a row may take (pieces × columns) before it keeps the accumulated coverage. */
#define CRASTER_UNION_WORK ((double)(1 << 24))
/* The pieces one pixel may hold inside it (and the steps left of it) before it keeps the
 * accumulated coverage: its cuts and crossings take up to 2 + 2n + n(n − 1)/2 values (about
 * 1 MB at 512), its steps are kept sorted by insertion. */
#define CRASTER_UNION_INNER_MAX 512
/* The steps a row's summary of pieces left of the walk may hold before the row keeps the
 * accumulated coverage (sorted by insertion: quadratic). */
#define CRASTER_UNION_STEPS_MAX 4096
/* The work one fill's crowded pixels may take in all, in steps (see craster_union.budget and
 * pixel_area). */
#define CRASTER_UNION_FILL_BUDGET ((double)(1 << 26))

void craster_union_begin(craster_union *u) { u->budget = CRASTER_UNION_FILL_BUDGET; }

/* Inserts a step of `delta` at y into the sorted steps s[0 … *n − 1], adding it to a step at
 * the same y. */
static void insert_step(ustep *s, int *n, double y, int delta) {
    int i = *n;
    while (i > 0 && s[i - 1].y > y) i--;
    if (i > 0 && s[i - 1].y == y) { s[i - 1].delta += delta; return; }
    memmove(s + i + 1, s + i, (size_t)(*n - i) * sizeof(ustep));
    s[i] = (ustep){ y, delta };
    (*n)++;
}

/* The covered area of pixel column c of the row [y0, y0 + 1] in cell units. The pieces wholly
 * left of the column are summarized by the caller: `w_full` for those spanning the row's height,
 * the sorted steps base[0 … nb − 1] for the others; act[0 … *n_act − 1] lists the pieces that
 * reach into the column or further right, and those already summarized (flagged in `gone`),
 * which are dropped from it here. The result does not depend on the list's order. */
static int pixel_area(craster_union *u, int *act, int *n_act, const unsigned char *gone, int c, double y0,
                      int w_full, const ustep *base, int nb, int32_t *out) {
    double cl = (double)c, cr = cl + 1.0;
    int ni = 0, ns = 0;
    /* Past the fill's budget, or with too many layers of outline here (a pathological path:
     * thousands of edges through one pixel), the accumulated coverage is kept; the pieces left
     * in the list are dropped from it at a later column. */
    if (u->budget <= 0) { *out = CRASTER_UNION_KEEP; return 0; }
    for (int k = 0; k < *n_act; k++) {
        if (ns > 2 * CRASTER_UNION_INNER_MAX || ni > CRASTER_UNION_INNER_MAX) { *out = CRASTER_UNION_KEEP; return 0; }
        if (gone[act[k]]) { act[k--] = act[--*n_act]; continue; }
        const upiece *p = &u->pieces[act[k]];
        if (p->xl >= cr) continue;
        double la, lb, ia, ib; /* left part [la, lb], inner part [ia, ib] (empty when a ≥ b) */
        if (p->xr <= cl) {
            la = p->ya; lb = p->yb; ia = ib = 0;
        } else if (p->b == 0) {
            la = lb = 0; ia = p->ya; ib = p->yb;
        } else {
            double yc = (cl - p->a) / p->b, yc1 = (cr - p->a) / p->b;
            if (p->b > 0) {
                la = p->ya; lb = yc < p->yb ? yc : p->yb;
                ia = yc > p->ya ? yc : p->ya; ib = yc1 < p->yb ? yc1 : p->yb;
            } else {
                la = yc > p->ya ? yc : p->ya; lb = p->yb;
                ia = yc1 > p->ya ? yc1 : p->ya; ib = yc < p->yb ? yc : p->yb;
            }
        }
        if (la < lb) {
            insert_step(u->steps, &ns, la, p->dir);
            insert_step(u->steps, &ns, lb, -p->dir);
        }
        if (ia < ib) {
            upiece q = *p;
            q.ya = ia; q.yb = ib;
            u->inner[ni++] = q;
        }
    }
    /* One winding number across the pixel's height left of it and at most one piece inside: one
     * layer of outline at most, where the accumulated coverage is exact. */
    if (ns == 0 && nb == 0 && ni <= 1) { *out = CRASTER_UNION_KEEP; return 0; }
    {
        /* Bounds on the winding number anywhere in the pixel: every decrease (or increase) taken
         * at once. Where it cannot reach 0 the pixel is covered (inside folds, mostly). */
        int lo = w_full, hi = w_full;
        for (int k = 0; k < nb; k++) { if (base[k].delta < 0) lo += base[k].delta; else hi += base[k].delta; }
        for (int k = 0; k < ns; k++) { if (u->steps[k].delta < 0) lo += u->steps[k].delta; else hi += u->steps[k].delta; }
        for (int k = 0; k < ni; k++) { if (u->inner[k].dir < 0) lo += u->inner[k].dir; else hi += u->inner[k].dir; }
        if (lo > 0 || hi < 0) { *out = CRASTER_ONE; return 0; }
    }
    if (ns > 2 * CRASTER_UNION_INNER_MAX || ni > CRASTER_UNION_INNER_MAX) { *out = CRASTER_UNION_KEEP; return 0; }
    /* Cuts besides the base steps: the row's top and bottom, every end, every crossing of two
     * inner pieces. */
    size_t nc_max = 2 + (size_t)ns + 2 * (size_t)ni + (size_t)ni * (size_t)(ni - (ni > 0)) / 2;
    /* What this pixel costs: its sorted steps (ns²), the inner pieces' crossings (ni²), and per
     * slab between cuts (up to nc_max + nb of them) a pass over the inner pieces and their
     * ordering by insertion (up to ni² when all cross the slab). The slabs are what grows: with a
     * few hundred pieces crossing inside one pixel they are ~ni⁴/2 steps (one fuzzed stroke's
     * pixel took 45 s under AddressSanitizer), so a pixel the rest of the budget cannot pay for
     * keeps the accumulated coverage and leaves the budget to cheaper pixels. */
    double work = (double)ns * ns + (double)ni * ni + ((double)nc_max + nb) * ((double)ni * ni + 1);
    if (work > u->budget) { *out = CRASTER_UNION_KEEP; return 0; }
    u->budget -= work;
    if (craster_grow((void **)&u->cuts, &u->cut_cap, nc_max, sizeof(double))) return -1;
    double *cuts = u->cuts;
    size_t nc = 0;
    cuts[nc++] = y0;
    cuts[nc++] = y0 + 1.0;
    for (int k = 0; k < ns; k++) cuts[nc++] = u->steps[k].y;
    for (int k = 0; k < ni; k++) {
        const upiece *p = &u->inner[k];
        cuts[nc++] = p->ya;
        cuts[nc++] = p->yb;
        for (int j = 0; j < k; j++) {
            const upiece *q = &u->inner[j];
            if (p->b == q->b) continue;
            double lo = p->ya > q->ya ? p->ya : q->ya, hi = p->yb < q->yb ? p->yb : q->yb;
            if (lo >= hi) continue;
            double y = (q->a - p->a) / (p->b - q->b);
            if (y > lo && y < hi) cuts[nc++] = y;
        }
    }
    if (nc > 16) qsort(cuts, nc, sizeof(double), cmp_double);
    else
        for (size_t i = 1; i < nc; i++) {
            double v = cuts[i];
            size_t j = i;
            while (j > 0 && cuts[j - 1] > v) { cuts[j] = cuts[j - 1]; j--; }
            cuts[j] = v;
        }
    double area = 0;
    int w0 = w_full, si = 0, bi = 0;
    size_t ci = 0;
    /* The slabs between consecutive cuts of both lists. */
    double ya = cuts[0];
    while (bi < nb && base[bi].y <= ya) w0 += base[bi++].delta;
    while (si < ns && u->steps[si].y <= ya) w0 += u->steps[si++].delta;
    while (ci < nc && cuts[ci] <= ya) ci++;
    for (;;) {
        double yb = ci < nc ? cuts[ci] : INFINITY;
        if (bi < nb && base[bi].y < yb) yb = base[bi].y;
        if (yb == INFINITY) break;
        if (yb > ya) {
            double ym = (ya + yb) * 0.5;
            /* The inner pieces across the slab, in order of x at its middle. */
            int m = 0;
            for (int j = 0; j < ni; j++) {
                const upiece *p = &u->inner[j];
                if (p->ya <= ya && p->yb >= yb) u->order[m++] = j;
            }
            if (m == 0) {
                if (w0 != 0) area += yb - ya;
            } else {
                for (int i = 1; i < m; i++) {
                    int o = u->order[i];
                    double xo = u->inner[o].a + u->inner[o].b * ym;
                    int j = i;
                    while (j > 0) {
                        const upiece *q = &u->inner[u->order[j - 1]];
                        double xq = q->a + q->b * ym;
                        if (xq < xo || (xq == xo && !before(&u->inner[o], q))) break;
                        u->order[j] = u->order[j - 1];
                        j--;
                    }
                    u->order[j] = o;
                }
                double len[2];
                for (int e = 0; e < 2; e++) {
                    double y = e ? yb : ya;
                    int w = w0;
                    double prev = cl, covered = 0;
                    for (int i = 0; i < m; i++) {
                        const upiece *p = &u->inner[u->order[i]];
                        double x = p->a + p->b * y;
                        x = x < cl ? cl : (x > cr ? cr : x);
                        if (x < prev) x = prev;
                        if (w != 0) covered += x - prev;
                        w += p->dir;
                        prev = x;
                    }
                    if (w != 0) covered += cr - prev;
                    len[e] = covered;
                }
                area += (len[0] + len[1]) * 0.5 * (yb - ya);
            }
        }
        ya = yb;
        while (bi < nb && base[bi].y <= ya) w0 += base[bi++].delta;
        while (si < ns && u->steps[si].y <= ya) w0 += u->steps[si++].delta;
        while (ci < nc && cuts[ci] <= ya) ci++;
        if (ya >= y0 + 1.0) break;
    }
    double v = area * (double)CRASTER_ONE;
    if (v < 0) v = 0;
    if (v > CRASTER_ONE) v = CRASTER_ONE;
    *out = (int32_t)lrint(v);
    return 0;
}

static int cmp_right(const void *a, const void *b) {
    const uright *p = a, *q = b;
    if (p->xr != q->xr) return (p->xr > q->xr) - (p->xr < q->xr);
    return (p->index > q->index) - (p->index < q->index);
}

/* Sorts by x, then index (insertion sort for the few pieces a row's listed pixels usually see). */
static void sort_rights(uright *r, int n) {
    if (n > 24) { qsort(r, (size_t)n, sizeof(uright), cmp_right); return; }
    for (int i = 1; i < n; i++) {
        uright v = r[i];
        int j = i;
        while (j > 0 && (r[j - 1].xr > v.xr || (r[j - 1].xr == v.xr && r[j - 1].index > v.index))) { r[j] = r[j - 1]; j--; }
        r[j] = v;
    }
}

int craster_union_row(craster_union *u, const craster_edge *edges, const int32_t *active, int n_active, int row,
                      const int32_t *ranges, int n_ranges, int32_t *cov) {
    if (craster_grow((void **)&u->pieces, &u->piece_cap, (size_t)n_active + 1, sizeof(upiece))
        || craster_grow((void **)&u->steps, &u->step_cap, 4 * (size_t)n_active + 4, sizeof(ustep)))
        return -1;
    double y0 = (double)row, y1 = y0 + 1.0;
    double xmin = INFINITY, xmax = -INFINITY;
    /* Pieces wholly left of the first listed column are summarized at once (w_full when they
     * span the row's height, the sorted steps `base` otherwise), as the column walk below would;
     * pieces from the last listed column's right side on change no listed pixel. Edges that
     * plainly lie on either side are settled here, before their pieces are worked out. */
    ustep *base = u->steps + 2 * (size_t)n_active + 2;
    int nb = 0, w_full = 0;
    double first = (double)ranges[0], after = (double)ranges[2 * n_ranges - 1] + 1.0;
    int np = 0;
    for (int k = 0; k < n_active; k++) {
        const craster_edge *e = &edges[active[k]];
        double ey0 = e->y0, ey1 = e->y1;
        double ys = ey0 > y0 ? ey0 : y0, ye = ey1 < y1 ? ey1 : y1;
        if (!(ys < ye)) continue;
        double x0 = e->x0, x1 = e->x1;
        if ((x0 < x1 ? x0 : x1) >= after) continue;
        if ((x0 < x1 ? x1 : x0) <= first) {
            int dir = e->dir > 0 ? 1 : -1;
            if (ys == y0 && ye == y1) w_full += dir;
            else if (nb >= CRASTER_UNION_STEPS_MAX) return -1;
            else { insert_step(base, &nb, ys, dir); insert_step(base, &nb, ye, -dir); }
            continue;
        }
        upiece p;
        p.b = x0 == x1 ? 0 : (x1 - x0) / (ey1 - ey0);
        p.a = x0 - p.b * ey0;
        double lo = x0 < x1 ? x0 : x1, hi = x0 < x1 ? x1 : x0;
        double xa = ys == ey0 ? x0 : p.a + p.b * ys, xb = ye == ey1 ? x1 : p.a + p.b * ye;
        xa = xa < lo ? lo : (xa > hi ? hi : xa);
        xb = xb < lo ? lo : (xb > hi ? hi : xb);
        p.xl = xa < xb ? xa : xb;
        p.xr = xa < xb ? xb : xa;
        p.ya = ys; p.yb = ye;
        p.dir = e->dir > 0 ? 1 : -1;
        u->pieces[np++] = p;
        if (p.xl < xmin) xmin = p.xl;
        if (p.xr > xmax) xmax = p.xr;
    }
    size_t columns = 0;
    for (int k = 0; k < n_ranges; k++) columns += (size_t)(ranges[2 * k + 1] - ranges[2 * k] + 1);
    if (np == 0 && nb == 0 && w_full == 0) { memset(cov, 0, columns * sizeof(int32_t)); return 0; }
    if (craster_grow((void **)&u->inner, &u->inner_cap, (size_t)np + 1, sizeof(upiece))
        || craster_grow((void **)&u->order, &u->order_cap, (size_t)np + 1, sizeof(int)))
        return -1;
    /* The same for the pieces' own x ranges. */
    {
        int kept = 0;
        xmin = INFINITY; xmax = -INFINITY;
        for (int k = 0; k < np; k++) {
            const upiece *p = &u->pieces[k];
            if (p->xr <= first) {
                if (p->ya == y0 && p->yb == y1) w_full += p->dir;
                else if (nb >= CRASTER_UNION_STEPS_MAX) return -1;
                else { insert_step(base, &nb, p->ya, p->dir); insert_step(base, &nb, p->yb, -p->dir); }
                continue;
            }
            if (p->xl >= after) continue;
            if (p->xl < xmin) xmin = p->xl;
            if (p->xr > xmax) xmax = p->xr;
            u->pieces[kept++] = *p;
        }
        np = kept;
    }
    if ((double)np * (double)columns > CRASTER_UNION_WORK) return -1;
    /* Pieces in order of their right ends: as the columns advance, those wholly left of the
     * column are summarized in w_full (spanning the row) or the sorted steps `base`. In order of
     * their left ends they join the list `act` of pieces that reach the column. */
    if (craster_grow((void **)&u->rights, &u->right_cap, (size_t)np + 1, sizeof(uright))
        || craster_grow((void **)&u->lists, &u->list_cap, 3 * (size_t)np + 3, sizeof(int))
        || craster_grow((void **)&u->gone, &u->gone_cap, (size_t)np + 1, 1))
        return -1;
    int *by_right = u->lists, *by_left = u->lists + np, *act = u->lists + 2 * np;
    for (int k = 0; k < np; k++) u->rights[k] = (uright){ u->pieces[k].xr, k };
    sort_rights(u->rights, np);
    for (int k = 0; k < np; k++) by_right[k] = u->rights[k].index;
    for (int k = 0; k < np; k++) u->rights[k] = (uright){ u->pieces[k].xl, k };
    sort_rights(u->rights, np);
    for (int k = 0; k < np; k++) by_left[k] = u->rights[k].index;
    memset(u->gone, 0, (size_t)np);
    int left = 0, entered = 0, n_act = 0;
    /* Set when the summary of pieces left of the walk would pass CRASTER_UNION_STEPS_MAX: the
     * row then keeps its accumulated coverage, as when that happens before the walk. */
    int overflow = 0;
    /* Left of every piece there is nothing; right of all of them, the value of the column after
     * the last one they enter. */
    int cmin = np ? (int)floor(xmin) : INT32_MAX - 1, cmax = np ? (int)floor(xmax) : INT32_MAX - 2;
    /* Columns no piece enters: one after another they have the same left spans and no inner
     * pieces, so the same value (the one computed for the first of them). */
    int t0 = ranges[0] > cmin ? ranges[0] : cmin;
    int t1 = ranges[2 * n_ranges - 1] < cmax + 1 ? ranges[2 * n_ranges - 1] : cmax + 1;
    unsigned char *touched = NULL;
    if (t0 <= t1) {
        if (craster_grow((void **)&u->touched, &u->touched_cap, (size_t)(t1 - t0 + 1), 1)) return -1;
        touched = u->touched;
        memset(touched, 0, (size_t)(t1 - t0 + 1));
        for (int j = 0; j < np; j++) {
            double xl = u->pieces[j].xl, xr = u->pieces[j].xr;
            if (xr < (double)t0 || xl >= (double)t1 + 1.0) continue;
            int c0 = xl < (double)t0 ? t0 : (int)floor(xl), c1 = xr >= (double)t1 ? t1 : (int)floor(xr);
            memset(touched + (c0 - t0), 1, (size_t)(c1 - c0 + 1));
        }
    }
#define AREA(c, out) ( \
    ({ while (entered < np && u->pieces[by_left[entered]].xl < (double)(c) + 1.0) act[n_act++] = by_left[entered++]; \
       while (left < np && u->pieces[by_right[left]].xr <= (double)(c)) { \
           int i_ = by_right[left++]; \
           const upiece *p_ = &u->pieces[i_]; \
           u->gone[i_] = 1; \
           if (p_->ya == y0 && p_->yb == y1) w_full += p_->dir; \
           else if (nb >= CRASTER_UNION_STEPS_MAX) overflow = 1; \
           else { insert_step(base, &nb, p_->ya, p_->dir); insert_step(base, &nb, p_->yb, -p_->dir); } \
       } }), \
    overflow ? -1 : pixel_area(u, act, &n_act, u->gone, (c), y0, w_full, base, nb, (out)))
    for (int k = 0; k < n_ranges; k++) {
        int x_lo = ranges[2 * k], x_hi = ranges[2 * k + 1];
        int f = cmin > x_lo ? cmin : x_lo;
        int l = cmax + 1 < x_hi ? cmax + 1 : x_hi;
        /* Left of every kept piece: the summary alone, one value for all of them. */
        if (x_lo < f) {
            if (AREA(x_lo, &cov[0])) return -1;
            for (int c = x_lo + 1; c < f && c <= x_hi; c++) cov[c - x_lo] = cov[0];
        }
        if (f <= l) {
            for (int c = f; c <= l; c++) {
                if (c > f && !touched[c - t0] && !touched[c - 1 - t0]) { cov[c - x_lo] = cov[c - 1 - x_lo]; continue; }
                if (AREA(c, &cov[c - x_lo])) return -1;
            }
            for (int c = l + 1; c <= x_hi; c++) cov[c - x_lo] = cov[l - x_lo];
        } else if (f <= x_hi) {
            /* Every piece lies left of the range (l < f = x_lo): one value for all of it. */
            if (AREA(x_lo, &cov[0])) return -1;
            for (int c = x_lo + 1; c <= x_hi; c++) cov[c - x_lo] = cov[0];
        }
        cov += x_hi - x_lo + 1;
    }
#undef AREA
    return 0;
}
