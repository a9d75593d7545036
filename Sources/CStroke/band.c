/* The portable band kernel and the runtime choice between it and the AVX2 one (band_avx2.c). */

#include "band_internal.h"

#if defined(CSTROKE_X86)
void cstroke_band_avx2(const cstroke_target *t, double top, double slope, double height,
                       int first, int last, int lo, int hi, int transposed);
#endif

int cstroke_has_avx2(void) {
#if defined(CSTROKE_X86)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

uint32_t cstroke_alpha(float c) {
    float v = nearbyintf(c * 255.0f);
    return v <= 0.0f ? 0u : (v >= 255.0f ? 255u : (uint32_t)v);
}

void cstroke_pixel(const cstroke_target *t, int x, int y, uint32_t alpha) {
    if (alpha == 0) return;
    cstroke_blend(t, (ptrdiff_t)y * t->stride + x, alpha > 255 ? 255 : alpha);
}

void cstroke_band_portable(const cstroke_target *t, double top, double slope, double height,
                           int first, int last, int lo, int hi, int transposed) {
    cstroke_band_setup b = cstroke_setup(top, slope, height, lo, hi);
    for (int u = first; u <= last; u++) {
        float cov[4];
        uint32_t alpha[4];
        int row = cstroke_column(&b, u - first, cov);
        for (int k = 0; k < 4; k++) alpha[k] = cstroke_alpha(cov[k]);
        cstroke_blend_column(t, u, row, alpha, lo, hi, transposed);
    }
}

void cstroke_band(const cstroke_target *t, double top, double slope, double height,
                  int first, int last, int lo, int hi, int transposed) {
#if defined(CSTROKE_X86)
    if (cstroke_has_avx2()) {
        cstroke_band_avx2(t, top, slope, height, first, last, lo, hi, transposed);
        return;
    }
#endif
    cstroke_band_portable(t, top, slope, height, first, last, lo, hi, transposed);
}
