/* scripts/raster-pair's driver: two fill pipelines timed in one process, in pairs.
 *
 * usage: raster_pair SCENES_TXT ROUNDS ONLY SIDE_A SIDE_B
 * A side is a shared library built from Strata's CRaster sources (its C fill pipeline: the path's
 * edges by craster_edges_path with Strata's tolerance 0.1 px, then craster_fill over the edges'
 * box, as PathRasterizer.fill does), or "blend2d" (the static Blend2D library of the peers'
 * blend2d-python wheel, linked in when available). Each side draws into its own 1024×1024 target.
 *
 * Why: on these shared machines strata-bench's runs move by 4 % or more minute to minute, so a
 * change of 2 % cannot be seen by timing two binaries one after the other. Here every round times
 * side A and side B back to back on the same scene (alternating which goes first), and a scene's
 * figure is the median of its rounds' B ÷ A ratios: drift in the machine's speed hits both sides
 * of a round alike. An A/A run reads 1.00 ± 0.01.
 *
 * The Swift layer above CRaster (CGPath, bounding boxes) is not in the Strata side's time; for
 * the smallest shapes it is a real part of strata-bench's. */

#include "CRaster.h"
#include "CRasterEdges.h"
#include "blend2d_capi.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 1024, H = 1024, MAX_SCENES = 64 };


typedef struct {
    int nk;
    uint8_t *kinds;
    double *pts;
    BLCore blpath;
} Path;

typedef struct {
    char name[64];
    int even_odd, np;
    Path *p;
} Scene;

typedef struct {
    int blend2d;
    /* CRaster side */
    void (*begin)(craster_edges *, int, int, int, int, int, int);
    void (*path)(craster_edges *, const uint8_t *, ptrdiff_t, const double *, const double *, double, int);
    void (*finish)(craster_edges *);
    int (*fill)(craster_scratch *, const craster_edge *, ptrdiff_t, int, int, int, int, int, const craster_target *, int);
    craster_scratch *scratch;
    craster_edges edges;
    uint64_t scaled[256];
    /* both */
    uint32_t *pixels;
    BLCore image, context;
} Side;


static Scene scenes[MAX_SCENES];
static int nscenes;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void *sym(void *h, const char *name) {
    void *f = dlsym(h, name);
    if (!f) { fprintf(stderr, "raster_pair: %s missing\n", name); exit(1); }
    return f;
}

static void side_open(Side *s, const char *what) {
    s->pixels = aligned_alloc(64, (size_t)W * H * 4);
    if (strcmp(what, "blend2d") == 0) {
#if defined(WITH_BLEND2D)
        s->blend2d = 1;
        blImageInit(&s->image);
        if (blImageCreateFromData(&s->image, W, H, BL_FORMAT_PRGB32, s->pixels, W * 4, BL_DATA_ACCESS_RW, NULL, NULL) ||
            blContextInitAs(&s->context, &s->image, NULL)) { fprintf(stderr, "raster_pair: Blend2D failed\n"); exit(1); }
        return;
#else
        fprintf(stderr, "raster_pair: built without Blend2D (no libblend2d.a in the peers' venv)\n");
        exit(2);
#endif
    }
    void *h = dlopen(what, RTLD_NOW | RTLD_LOCAL);
    if (!h) { fprintf(stderr, "raster_pair: %s\n", dlerror()); exit(1); }
    s->begin = sym(h, "craster_edges_begin");
    s->path = sym(h, "craster_edges_path");
    s->finish = sym(h, "craster_edges_finish");
    s->fill = sym(h, "craster_fill");
    s->scratch = ((craster_scratch * (*)(void)) sym(h, "craster_scratch_create"))();
    memset(&s->edges, 0, sizeof s->edges);
}

static void side_op(Side *s, const Scene *sc) {
#if defined(WITH_BLEND2D)
    if (s->blend2d) {
        const BLPoint origin = { 0, 0 };
        blContextSetFillRule(&s->context, (uint32_t)sc->even_odd);
        for (int i = 0; i < sc->np; i++) blContextFillPathDRgba32(&s->context, &origin, &sc->p[i].blpath, 0xff000000u);
        return;
    }
#endif
    static const double identity[6] = { 1, 0, 0, 1, 0, 0 };
    craster_target t = { s->pixels, W, CRASTER_ARGB32, 0xff000000u, s->scaled };
    craster_edges *e = &s->edges;
    for (int i = 0; i < sc->np; i++) {
        const Path *p = &sc->p[i];
        s->begin(e, 0, 0, W, H, W, H);
        s->path(e, p->kinds, p->nk, p->pts, identity, 0.1, 1);
        s->finish(e);
        if (e->count <= 0) continue;
        int x0 = (int)floor(e->min_x), y0 = (int)floor(e->min_y), x1 = (int)ceil(e->max_x), y1 = (int)ceil(e->max_y);
        x0 = x0 < 0 ? 0 : x0; y0 = y0 < 0 ? 0 : y0; x1 = x1 > W ? W : x1; y1 = y1 > H ? H : y1;
        if (x1 > x0 && y1 > y0) s->fill(s->scratch, e->edges, e->count, x0, x1 - x0, y0, y1, sc->even_odd, &t, 0);
    }
}

/* Ink (Σ 255 − blue over the target) after one op on white: both sides must draw the same shape. */
static double side_ink(Side *s, const Scene *sc) {
    for (size_t i = 0; i < (size_t)W * H; i++) s->pixels[i] = 0xffffffffu;
    side_op(s, sc);
    double ink = 0;
    for (size_t i = 0; i < (size_t)W * H; i++) ink += 255 - (s->pixels[i] & 255);
    return ink;
}

static void load(const char *file) {
    FILE *f = fopen(file, "r");
    if (!f) { perror(file); exit(1); }
    char tag[4];
    static char verbs[1 << 20];
    while (fscanf(f, "%3s", tag) == 1 && nscenes <= MAX_SCENES) {
        if (tag[0] == 'S') {
            if (nscenes == MAX_SCENES) break;
            Scene *s = &scenes[nscenes++];
            int n = 0;
            if (fscanf(f, "%63s %d %d", s->name, &s->even_odd, &n) != 3) exit(1);
            s->p = calloc((size_t)n, sizeof(Path));
            continue;
        }
        Scene *s = &scenes[nscenes - 1];
        Path *p = &s->p[s->np++];
        int npts = 0;
        if (fscanf(f, "%1048575s %d", verbs, &npts) != 2) exit(1);
        p->pts = malloc((size_t)npts * sizeof(double));
        for (int i = 0; i < npts; i++) if (fscanf(f, "%lf", &p->pts[i]) != 1) exit(1);
        p->nk = (int)strlen(verbs);
        p->kinds = malloc((size_t)p->nk);
#if defined(WITH_BLEND2D)
        blPathInit(&p->blpath);
#endif
        const double *q = p->pts;
        for (int i = 0; i < p->nk; i++) {
            switch (verbs[i]) {
            case 'M': p->kinds[i] = CRASTER_MOVE; break;
            case 'L': p->kinds[i] = CRASTER_LINE; break;
            case 'C': p->kinds[i] = CRASTER_CUBIC; break;
            default: p->kinds[i] = CRASTER_CLOSE; break;
            }
#if defined(WITH_BLEND2D)
            if (verbs[i] == 'M') blPathMoveTo(&p->blpath, q[0], q[1]);
            else if (verbs[i] == 'L') blPathLineTo(&p->blpath, q[0], q[1]);
            else if (verbs[i] == 'C') blPathCubicTo(&p->blpath, q[0], q[1], q[2], q[3], q[4], q[5]);
            else blPathClose(&p->blpath);
#endif
            q += verbs[i] == 'C' ? 6 : (verbs[i] == 'Z' ? 0 : 2);
        }
    }
    fclose(f);
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: raster_pair SCENES_TXT ROUNDS ONLY SIDE_A SIDE_B\n");
        return 2;
    }
    load(argv[1]);
    int rounds = atoi(argv[2]);
    if (rounds < 3) rounds = 3;
    const char *only = argv[3];
    static Side sides[2];
    side_open(&sides[0], argv[4]);
    side_open(&sides[1], argv[5]);
    double logsum = 0;
    int counted = 0;
    double *ratio = malloc((size_t)rounds * sizeof(double));
    printf("%-26s %10s %10s %9s %22s %8s\n", "scene", "A µs", "B µs", "min B/A", "median B/A [IQR]", "ink B/A");
    for (int k = 0; k < nscenes; k++) {
        const Scene *sc = &scenes[k];
        if (*only && !strstr(sc->name, only)) continue;
        double ink = side_ink(&sides[1], sc) / side_ink(&sides[0], sc);
        /* Batches of about 0.2 ms of side A, at most 200 ops. */
        double t0 = now_ns();
        side_op(&sides[0], sc);
        int iters = (int)(2e5 / (now_ns() - t0 + 1)) + 1;
        if (iters > 200) iters = 200;
        double best[2] = { 1e300, 1e300 };
        for (int r = 0; r < rounds; r++) {
            double t[2];
            for (int j = 0; j < 2; j++) {
                Side *s = &sides[(r + j) & 1];
                double a = now_ns();
                for (int i = 0; i < iters; i++) side_op(s, sc);
                t[(r + j) & 1] = now_ns() - a;
            }
            ratio[r] = t[1] / t[0];
            for (int j = 0; j < 2; j++) if (t[j] < best[j]) best[j] = t[j];
        }
        qsort(ratio, (size_t)rounds, sizeof(double), by_value);
        printf("%-26s %10.2f %10.2f %9.3f %8.3f [%.3f..%.3f] %8.4f\n", sc->name, best[0] / iters / 1e3,
               best[1] / iters / 1e3, best[1] / best[0], ratio[rounds / 2], ratio[rounds / 4], ratio[3 * rounds / 4], ink);
        logsum += log(ratio[rounds / 2]);
        counted++;
    }
    if (counted) printf("geometric mean of the medians (B ÷ A): %.3f over %d scenes\n", exp(logsum / counted), counted);
    free(ratio);
    return 0;
}
