/* The pixels where an outline's layers can overlap on its edge (see craster_overlaps in CRaster.h).
 *
 * The accumulated winding (raster.c) is a pixel's exact covered area unless the pixel holds a
 * point where the winding number is 0 and one where it is 2 or more (non-zero fill, outlines
 * whose layers only add, as a stroker's do): those pixels need the exact union (union.c). Inside
 * one pixel, outline pieces that form a single chain (consecutive edges) split it into regions
 * whose winding numbers differ by at most 1; so such a pixel holds pieces of two edges that are
 * not neighbours in the outline, and these either cross, or run side by side the same way round
 * (stepping the winding number twice in the same sense, 0 → 1 → 2): two edges passing each other
 * the opposite way round (the two sides of a thin line; dashes' caps facing each other) leave the
 * winding number where it was. The search:
 *
 *   - a grid of 8-pixel cells (hashed into buckets, collisions only cost comparisons) lists each
 *     edge in the cells within 1.5 pixels of it; a pair of edges is looked at in the first cell
 *     (by row, then column) that lists both;
 *   - two edges of one convex contour, or of one contour joined (either way round) by a chain
 *     that turns by less than 0.9π in all, are left out: the chain's directions lie within less than π of each other,
 *     so it is monotone along their mean and splits a pixel into two sides only (each vertex's
 *     turn is taken from above: π/2·|sin θ| below 90°, π/2·(1 − cos θ) above);
 *   - other pairs that come within a pixel's diagonal of each other are candidates when they
 *     cross (either one meets the other's line) or point the same way from where their lines
 *     meet (parallel: the same direction); those pointing opposite ways (one towards the meeting
 *     point, one away, as consecutive edges do) are left out;
 *   - a candidate pair marks the pixels both edges touch (each widened by 2⁻⁹ of a pixel: the scan
 *     converter's edges have their y rounded to 2⁻¹⁰).
 *
 * Everything is decided from the two edges' own geometry and their places in their contour, so
 * the marks inside a clip are the same whichever clip (edges that touch no pixel of it mark none
 * of its pixels). Arithmetic is double precision without contraction. */

#include "CRaster.h"
#include "raster_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Grid cell size, the distance within which an edge is listed in a cell, and the widening of
 * edges into the pixels they touch. */
#define OV_CELL 8.0
#define OV_NEAR 1.5
#define OV_TURN (0.9 * 3.14159265358979323846)
#define OV_EPS (1.0 / 512.0)
/* The most cell entries and pairs of nearby edges one search takes (pathological outlines: thousands
 * of edges in a few cells); past them the search gives up and marks nothing. */
#define OV_MAX_ENTRIES (1 << 21)
#define OV_MAX_PAIRS (1 << 24)

typedef struct {
    int32_t gx, gy, seg;
} ov_entry;

/* An edge's box widened by half the reach on every side (boxes of edges within reach meet). */
typedef struct {
    double xl, yl, xh, yh;
} ov_box;

/* A marked range to sort: row and first column in one key, and the column after the last. */
typedef struct {
    uint64_t key;
    int32_t end;
} ov_key;

struct craster_overlap {
    ov_entry *entries, *sorted;
    ov_box *boxes;
    size_t box_cap;
    uint32_t *heads;
    int32_t *ranges;
    ov_key *keys;
    size_t entry_cap, sorted_cap, head_cap, range_cap, key_cap;
    size_t n_entries, n_ranges;
};

craster_overlap *craster_overlap_create(void) { return calloc(1, sizeof(craster_overlap)); }

void craster_overlap_destroy(craster_overlap *o) {
    if (!o) return;
    free(o->entries); free(o->sorted); free(o->boxes); free(o->heads); free(o->ranges); free(o->keys);
    free(o);
}

/* ⌊v⌋ for |v| < 2⁵³ (edges are within 2²⁴ pixels: craster_oseg). */
static inline double ov_floor(double v) {
    double t = (double)(int64_t)v;
    return t > v ? t - 1.0 : t;
}

/* The cells that matter: those within 2 pixels of the clip (edges elsewhere touch none of its
 * pixels). */
typedef struct {
    double gx0, gy0, gx1, gy1;
} ov_cells;

/* The x range [*lo, *hi] of edge e over y ∈ [ya, yb] (which meets its y range). */
static void x_range(const craster_oseg *e, double ya, double yb, double *lo, double *hi) {
    double ylo = e->y0 < e->y1 ? e->y0 : e->y1, yhi = e->y0 < e->y1 ? e->y1 : e->y0;
    if (ya < ylo) ya = ylo;
    if (yb > yhi) yb = yhi;
    double xa, xb;
    if (e->y1 == e->y0) { xa = e->x0; xb = e->x1; }
    else {
        double s = (e->x1 - e->x0) / (e->y1 - e->y0);
        xa = ya == e->y0 ? e->x0 : (ya == e->y1 ? e->x1 : e->x0 + (ya - e->y0) * s);
        xb = yb == e->y0 ? e->x0 : (yb == e->y1 ? e->x1 : e->x0 + (yb - e->y0) * s);
    }
    *lo = xa < xb ? xa : xb;
    *hi = xa < xb ? xb : xa;
}

/* The cells of row gy within OV_NEAR of edge e, inside `g`: columns *c0 … *c1 (0 when none).
 * The edge's x range over the row's band widened by OV_NEAR, widened by OV_NEAR. */
static int cell_range(const craster_oseg *e, const ov_cells *g, double gy, double *c0, double *c1) {
    double ylo = e->y0 < e->y1 ? e->y0 : e->y1, yhi = e->y0 < e->y1 ? e->y1 : e->y0;
    double ya = gy * OV_CELL - OV_NEAR, yb = (gy + 1.0) * OV_CELL + OV_NEAR, lo, hi;
    if (ya > yhi || yb < ylo) return 0;
    x_range(e, ya, yb, &lo, &hi);
    *c0 = ov_floor((lo - OV_NEAR) * (1.0 / OV_CELL));
    *c1 = ov_floor((hi + OV_NEAR) * (1.0 / OV_CELL));
    if (*c0 < g->gx0) *c0 = g->gx0;
    if (*c1 > g->gx1) *c1 = g->gx1;
    return *c0 <= *c1;
}

/* The first row of cells that may list edge e. */
static inline double first_row(const craster_oseg *e, const ov_cells *g) {
    double r = ov_floor(((e->y0 < e->y1 ? e->y0 : e->y1) - OV_NEAR) * (1.0 / OV_CELL));
    return r > g->gy0 ? r : g->gy0;
}

/* Lists edge `k` in every cell within OV_NEAR of it, row of cells by row of cells. */
static int list_edge(craster_overlap *o, const craster_oseg *e, const ov_cells *g, int32_t k) {
    double g1 = ov_floor(((e->y0 < e->y1 ? e->y1 : e->y0) + OV_NEAR) * (1.0 / OV_CELL));
    if (g1 > g->gy1) g1 = g->gy1;
    for (double gy = first_row(e, g); gy <= g1; gy += 1.0) {
        double c0, c1;
        if (!cell_range(e, g, gy, &c0, &c1)) continue;
        if (o->n_entries + (size_t)(c1 - c0 + 1) > OV_MAX_ENTRIES) return -1;
        if (craster_grow((void **)&o->entries, &o->entry_cap, o->n_entries + (size_t)(c1 - c0 + 1), sizeof(ov_entry)))
            return -1;
        for (double gx = c0; gx <= c1; gx += 1.0)
            o->entries[o->n_entries++] = (ov_entry){ (int32_t)gx, (int32_t)gy, k };
    }
    return 0;
}

/* Whether cell (gx, gy), which lists both edges, is the first (by row, then column) that does. */
static int first_common_cell(const craster_oseg *a, const craster_oseg *c, const ov_cells *g, double gx, double gy) {
    double ra = first_row(a, g), rc = first_row(c, g);
    for (double r = ra > rc ? ra : rc; r <= gy; r += 1.0) {
        double a0, a1, c0, c1;
        if (!cell_range(a, g, r, &a0, &a1) || !cell_range(c, g, r, &c0, &c1)) continue;
        double lo = a0 > c0 ? a0 : c0, hi = a1 < c1 ? a1 : c1;
        if (lo <= hi) return r == gy && lo == gx;
    }
    return 1;
}

static inline double side(double ox, double oy, double px, double py, double qx, double qy) {
    return (px - ox) * (qy - oy) - (py - oy) * (qx - ox);
}

/* The squared distance from point p to edge s. */
static inline double point_segment2(double px, double py, const craster_oseg *s) {
    double vx = s->x1 - s->x0, vy = s->y1 - s->y0, l2 = vx * vx + vy * vy;
    double u = ((px - s->x0) * vx + (py - s->y0) * vy) / l2;
    if (u < 0) u = 0;
    if (u > 1) u = 1;
    double qx = s->x0 + u * vx - px, qy = s->y0 + u * vy - py;
    return qx * qx + qy * qy;
}

/* Whether edges a and c (not neighbours, boxes within `reach`) can leave winding numbers 0 and 2
 * in one pixel both touch (see the file comment). */
static int candidate(const craster_oseg *a, const craster_oseg *c, double reach2) {
    double d1 = side(c->x0, c->y0, c->x1, c->y1, a->x0, a->y0), d2 = side(c->x0, c->y0, c->x1, c->y1, a->x1, a->y1);
    double d3 = side(a->x0, a->y0, a->x1, a->y1, c->x0, c->y0), d4 = side(a->x0, a->y0, a->x1, a->y1, c->x1, c->y1);
    int a_meets = (d1 > 0) != (d2 > 0) || d1 == 0 || d2 == 0;
    int c_meets = (d3 > 0) != (d4 > 0) || d3 == 0 || d4 == 0;
    if (a_meets && c_meets) return 1;   /* they cross (or touch) */
    if (!a_meets && !c_meets) {
        /* Each lies wholly on one side of the other's line: where the lines meet, P = a0 + u·k,
         * each edge points away from P or towards it; one of each is a chain's way round. */
        double ux = a->x1 - a->x0, uy = a->y1 - a->y0, vx = c->x1 - c->x0, vy = c->y1 - c->y0;
        double den = ux * vy - uy * vx;
        if (den == 0) {
            if (ux * vx + uy * vy < 0) return 0;
        } else {
            double k = ((c->x0 - a->x0) * vy - (c->y0 - a->y0) * vx) / den;
            double px = a->x0 + ux * k, py = a->y0 + uy * k;
            double t1 = ((a->x0 + a->x1) * 0.5 - px) * ux + ((a->y0 + a->y1) * 0.5 - py) * uy;
            double t2 = ((c->x0 + c->x1) * 0.5 - px) * vx + ((c->y0 + c->y1) * 0.5 - py) * vy;
            if ((t1 > 0) != (t2 > 0)) return 0;
        }
    }
    /* Not crossing: candidates when they come within a pixel's diagonal (at an end of one). */
    return point_segment2(a->x0, a->y0, c) <= reach2 || point_segment2(a->x1, a->y1, c) <= reach2
        || point_segment2(c->x0, c->y0, a) <= reach2 || point_segment2(c->x1, c->y1, a) <= reach2;
}

/* Marks the pixels inside the clip that both edges touch (widened by OV_EPS). */
static int mark_pair(craster_overlap *o, const craster_oseg *a, const craster_oseg *b, int cx0, int cy0, int cx1,
                     int cy1) {
    double alo = (a->y0 < a->y1 ? a->y0 : a->y1) - OV_EPS, ahi = (a->y0 < a->y1 ? a->y1 : a->y0) + OV_EPS;
    double blo = (b->y0 < b->y1 ? b->y0 : b->y1) - OV_EPS, bhi = (b->y0 < b->y1 ? b->y1 : b->y0) + OV_EPS;
    double r0 = ov_floor(alo > blo ? alo : blo), r1 = ov_floor(ahi < bhi ? ahi : bhi);
    if (r0 < cy0) r0 = cy0;
    if (r1 > cy1 - 1) r1 = cy1 - 1;
    for (double r = r0; r <= r1; r += 1.0) {
        double ya = r - OV_EPS, yb = r + 1.0 + OV_EPS, al, ah, bl, bh;
        if (ya > ahi || yb < alo || ya > bhi || yb < blo) continue;
        x_range(a, ya, yb, &al, &ah);
        x_range(b, ya, yb, &bl, &bh);
        double c0 = ov_floor((al > bl ? al : bl) - OV_EPS), c1 = ov_floor((ah < bh ? ah : bh) + OV_EPS);
        if (c0 < cx0) c0 = cx0;
        if (c1 > cx1 - 1) c1 = cx1 - 1;
        if (c0 > c1) continue;
        if (craster_grow((void **)&o->ranges, &o->range_cap, 3 * o->n_ranges + 3, sizeof(int32_t))) return -1;
        int32_t *t = o->ranges + 3 * o->n_ranges++;
        t[0] = (int32_t)r; t[1] = (int32_t)c0; t[2] = (int32_t)c1 + 1;
    }
    return 0;
}

static inline uint32_t cell_hash(int32_t gx, int32_t gy) {
    uint64_t h = (uint64_t)gx * 0x9E3779B97F4A7C15ull ^ (uint64_t)gy * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h >> 32);
}

int craster_overlaps(craster_overlap *o, const craster_oseg *segs, ptrdiff_t count, int cx0, int cy0, int cx1,
                     int cy1, const int32_t **ranges, ptrdiff_t *range_count) {
    *ranges = NULL;
    *range_count = 0;
    o->n_entries = 0;
    o->n_ranges = 0;
    if (count < 2 || cx0 >= cx1 || cy0 >= cy1) return 0;
    const ov_cells cells = { ov_floor((cx0 - 2) * (1.0 / OV_CELL)), ov_floor((cy0 - 2) * (1.0 / OV_CELL)),
                             ov_floor((cx1 + 2) * (1.0 / OV_CELL)), ov_floor((cy1 + 2) * (1.0 / OV_CELL)) };
    for (ptrdiff_t k = 0; k < count; k++)
        if (list_edge(o, &segs[k], &cells, (int32_t)k)) return -1;
    size_t n = o->n_entries;
    /* Buckets: a power of two at least the entries, filled by counting. */
    size_t nb = 16;
    while (nb < n) nb <<= 1;
    if (craster_grow((void **)&o->heads, &o->head_cap, nb + 1, sizeof(uint32_t))
        || craster_grow((void **)&o->sorted, &o->sorted_cap, n, sizeof(ov_entry)))
        return -1;
    uint32_t *heads = o->heads;
    memset(heads, 0, (nb + 1) * sizeof(uint32_t));
    for (size_t i = 0; i < n; i++) heads[(cell_hash(o->entries[i].gx, o->entries[i].gy) & (nb - 1)) + 1]++;
    for (size_t b = 0; b < nb; b++) heads[b + 1] += heads[b];
    for (size_t i = 0; i < n; i++) {
        size_t b = cell_hash(o->entries[i].gx, o->entries[i].gy) & (nb - 1);
        o->sorted[heads[b]++] = o->entries[i];
    }
    /* heads[b] is now the end of bucket b, the start of bucket b + 1. */
    const double reach = sqrt(2.0) + 2 * OV_EPS, half = reach * 0.5;
    if (craster_grow((void **)&o->boxes, &o->box_cap, (size_t)count, sizeof(ov_box))) return -1;
    for (ptrdiff_t k = 0; k < count; k++) {
        const craster_oseg *e = &segs[k];
        o->boxes[k] = (ov_box){ (e->x0 < e->x1 ? e->x0 : e->x1) - half, (e->y0 < e->y1 ? e->y0 : e->y1) - half,
                                (e->x0 < e->x1 ? e->x1 : e->x0) + half, (e->y0 < e->y1 ? e->y1 : e->y0) + half };
    }
    const ov_box *boxes = o->boxes;
    size_t pairs = 0, start = 0;
    for (size_t b = 0; b < nb; b++) {
        size_t end = heads[b];
        for (size_t i = start; i + 1 < end; i++) {
            const ov_entry p = o->sorted[i];
            const ov_box A = boxes[p.seg];
            const craster_oseg *a = &segs[p.seg];
            for (size_t j = i + 1; j < end; j++) {
                const ov_entry q = o->sorted[j];
                const ov_box *C = &boxes[q.seg];
                /* Boxes within reach, in one cell (collisions share buckets). */
                if (!((A.xl <= C->xh) & (C->xl <= A.xh) & (A.yl <= C->yh) & (C->yl <= A.yh) & (p.gx == q.gx)
                      & (p.gy == q.gy)))
                    continue;
                if (++pairs > OV_MAX_PAIRS) return -1;
                const craster_oseg *c = &segs[q.seg];
                if (a->first == c->first) {
                    if (a->convex) continue;
                    /* One contour: joined by a chain turning by less than OV_TURN either way round. */
                    double t = a->turn > c->turn ? a->turn - c->turn : c->turn - a->turn;
                    if (t < OV_TURN || a->loop - t < OV_TURN) continue;
                    /* Neighbours (the last edge is the first one's). */
                    int32_t d = a->index - c->index;
                    if (d == 1 || d == -1 || d == 0) continue;
                    if ((a->index == a->first && c->index == a->last) || (c->index == a->first && a->index == a->last))
                        continue;
                }
                if (!candidate(a, c, reach * reach)) continue;
                if (!first_common_cell(a, c, &cells, (double)p.gx, (double)p.gy)) continue;
                if (mark_pair(o, a, c, cx0, cy0, cx1, cy1)) return -1;
            }
        }
        start = end;
    }
    if (o->n_ranges == 0) return 0;
    /* Sorted by row, then first column, ranges of a row merged where they overlap or touch. */
    size_t m = o->n_ranges;
    if (craster_grow((void **)&o->keys, &o->key_cap, 2 * m, sizeof(ov_key))) return -1;
    ov_key *k0 = o->keys, *k1 = o->keys + m;
    uint64_t w = (uint64_t)(cx1 - cx0) + 1, most = 0;
    for (size_t i = 0; i < m; i++) {
        const int32_t *t = o->ranges + 3 * i;
        k0[i] = (ov_key){ (uint64_t)(t[0] - cy0) * w + (uint64_t)(t[1] - cx0), t[2] };
        if (k0[i].key > most) most = k0[i].key;
    }
    /* Least significant digit first, 11 bits a pass, as many passes as the largest key needs. */
    uint32_t digits[2049];
    for (int shift = 0; shift < 64 && (most >> shift) != 0; shift += 11) {
        memset(digits, 0, sizeof digits);
        for (size_t i = 0; i < m; i++) digits[((k0[i].key >> shift) & 2047) + 1]++;
        for (int d = 0; d < 2048; d++) digits[d + 1] += digits[d];
        for (size_t i = 0; i < m; i++) k1[digits[(k0[i].key >> shift) & 2047]++] = k0[i];
        ov_key *t = k0; k0 = k1; k1 = t;
    }
    size_t out = 0;
    for (size_t i = 0; i < m; i++) {
        int32_t row = (int32_t)(k0[i].key / w) + cy0, c0 = (int32_t)(k0[i].key % w) + cx0, c1 = k0[i].end;
        int32_t *last = out ? o->ranges + 3 * (out - 1) : NULL;
        if (last && last[0] == row && c0 <= last[2]) { if (c1 > last[2]) last[2] = c1; continue; }
        int32_t *t = o->ranges + 3 * out++;
        t[0] = row; t[1] = c0; t[2] = c1;
    }
    *ranges = o->ranges;
    *range_count = (ptrdiff_t)out;
    return 0;
}
