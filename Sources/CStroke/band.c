/* The portable band kernel and the runtime choice between it and the AVX2 one (band_avx2.c). */

#include "band_internal.h"

#if defined(CSTROKE_X86)
void cstroke_bands_avx2(const cstroke_target *t, const cstroke_run *runs, int count, const cstroke_clip *clip);
#endif

int cstroke_has_avx2(void) {
#if defined(CSTROKE_X86)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

void cstroke_pixel(const cstroke_target *t, int x, int y, uint32_t alpha) {
    if (alpha == 0) return;
    cstroke_blend(t, (ptrdiff_t)y * t->stride + x, alpha > 255 ? 255 : alpha);
}

void cstroke_bands_portable(const cstroke_target *t, const cstroke_run *runs, int count, const cstroke_clip *clip) {
    for (int i = 0; i < count; i++) {
        cstroke_band_setup b = cstroke_setup(&runs[i], clip);
        for (int u = runs[i].first; u <= runs[i].last; u++) {
            float a, cov[4];
            int row = cstroke_locate(&b, u, &a);
            cstroke_coverage(&b, a, cov);
            uint32_t alpha = cstroke_alpha(cov[0]) | cstroke_alpha(cov[1]) << 8 | cstroke_alpha(cov[2]) << 16
                | cstroke_alpha(cov[3]) << 24;
            cstroke_blend_column(t, u, row, alpha, b.lo, b.hi, b.transposed);
        }
    }
}

void cstroke_bands(const cstroke_target *t, const cstroke_run *runs, int count, const cstroke_clip *clip) {
#if defined(CSTROKE_X86)
    if (cstroke_has_avx2()) {
        cstroke_bands_avx2(t, runs, count, clip);
        return;
    }
#endif
    cstroke_bands_portable(t, runs, count, clip);
}
