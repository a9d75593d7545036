#ifndef CPIXELMATH_H
#define CPIXELMATH_H

/* The 8-bit pixel arithmetic every C kernel shares (CRaster's spans, CStroke's bands), equal bit
 * for bit to Strata's `_mulChannels` so that the C and Swift paths give the same pixels.
 * Header-only: every kernel inlines it. */

#include <stdint.h>

/* x·a/255 on four packed 8-bit channels, each rounded to nearest. */
static inline uint32_t cpixel_mul_channels(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0x00FF00FFu) * a + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((x >> 8) & 0x00FF00FFu) * a + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

/* a·b/255 rounded to nearest, for a, b ≤ 255. */
static inline uint32_t cpixel_mul8(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

/* `color` scaled by m (1…254) from a 256-entry table of 0 (not yet computed) or
 * (scaled colour) | 1 << 32, computing and storing the entry on first use. The table is the
 * caller's (one per fill/stroke call and colour), so kernels of one call may fill it in. */
static inline uint32_t cpixel_scaled(uint64_t *table, uint32_t color, uint32_t m) {
    uint64_t e = table[m];
    if (e != 0) return (uint32_t)e;
    uint32_t v = cpixel_mul_channels(color, m);
    table[m] = (uint64_t)v | (uint64_t)1 << 32;
    return v;
}

/* The same arithmetic as an exported function, so that tests can check it against Swift's. */
uint32_t cpixel_mul_channels_exported(uint32_t x, uint32_t a);

#endif
