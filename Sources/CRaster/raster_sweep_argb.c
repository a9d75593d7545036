/* The portable sweep of one band into an ARGB32 target (raster_sweep_avx2.c gives the same
 * pixels with AVX2).
 *
 * Row by row, in blocks of CRASTER_BLOCK cells: from each flagged cell not yet swept, the next
 * CRASTER_BLOCK cells are summed, cleared and their pixels blended at once, whether flagged or
 * not. Unflagged cells hold 0, so the sums are those of a cell-by-cell walk, and a pixel inside a
 * constant stretch gets the alpha a span would give it: the pixels of the mask-and-span sweep,
 * without per-cell branches. Rows of cells are padded so that a block never reaches the next
 * row. Constant stretches between blocks are spans. */

#include "raster_internal.h"

static inline __attribute__((always_inline))
void sweep_row(uint32_t *c, uint64_t *bw, ptrdiff_t words, int width, int y, int x_origin, int prefetch_row,
               int even_odd, const craster_target *t) {
    uint32_t s = 0;
    int x = 0;          /* first cell not yet swept */
    int first = -1;
    uint32_t *row = (uint32_t *)t->base + ((ptrdiff_t)y * t->stride + x_origin);
    CRASTER_FOR_FLAGGED_WORDS(bw, words, word, base,
        /* Drop the cells a block from the previous word already swept. */
        if (x > base) word &= x - base >= 64 ? 0 : ~(uint64_t)0 << (x - base);
        while (word) {
            int i = base | __builtin_ctzll(word);
            if (first < 0) first = i;
            if (i != x && x < width) {
                uint32_t a = craster_alpha(s, even_odd);
                if (a) craster_blit_span(t, y, x_origin + x, (i < width ? i : width) - x, a, 0);
            }
            int n = width - i;
            s = craster_block_argb(c + i, row + i, n < 0 ? 0 : (n > CRASTER_BLOCK ? CRASTER_BLOCK : n), s, even_odd, t);
            x = i + CRASTER_BLOCK;
            word &= x - base >= 64 ? 0 : ~(uint64_t)0 << (x - base);
        }
    )
    if (first < 0) return;
    if (x < width) {
        uint32_t a = craster_alpha(s, even_odd);
        if (a) craster_blit_span(t, y, x_origin + x, width - x, a, 0);
    }
    if (prefetch_row >= 0) {
        int last = x - 1 < width ? x - 1 : width - 1;
        craster_prefetch(t, prefetch_row, x_origin + (first < width ? first : width - 1));
        craster_prefetch(t, prefetch_row, x_origin + (last > 0 ? last : 0));
    }
}

void craster_sweep_argb(const craster_band *b, const craster_target *t) {
    for (int y = b->top; y < b->bottom; y++) {
        int r = y - b->top;
        int pf = y + CRASTER_PREFETCH_ROWS < b->y_end ? y + CRASTER_PREFETCH_ROWS : -1;
        /* The fill rule as a constant in each copy of the row sweep. */
        if (b->even_odd)
            sweep_row(b->cells + r * b->stride, b->bits + r * b->words, b->words, b->width, y, b->x_origin,
                      pf, 1, t);
        else
            sweep_row(b->cells + r * b->stride, b->bits + r * b->words, b->words, b->width, y, b->x_origin,
                      pf, 0, t);
    }
}
