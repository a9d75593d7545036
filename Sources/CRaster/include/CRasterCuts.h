/* Where to cut a cubic Bézier so that its chords follow its curvature (flatten_cuts.c).
 *
 * Uniform cuts (n equal steps of the parameter, n from the bound on the second derivative, which
 * the flatteners use first) are exact about the error but blind to its direction: a control
 * polygon with uneven legs has a large second derivative along the curve, which moves points
 * along it without bending it, and the bound counts that as bending. On the bench's blob32 the
 * uniform count is 1.7× what the curvature needs.
 *
 * craster_cubic_cuts places the cuts by the curvature instead. The parameter range is cut in
 * up to 16 equal sub-ranges; at their ends the density √(|B′ × B″| / (8·tol·|B′|)) — pieces per
 * unit of parameter whose chords deviate by tol where the curvature is that of the sample (a
 * chord of length L across curvature κ deviates by κL²/8) — is sampled, and each sub-range gets
 * its share of pieces, placed along the linear density between its ends. A sub-range turning by
 * 30° or more (cusps, tight loops) is set apart, the pieces beside it stopping at its ends, and
 * keeps the exact uniform bound over itself; near an inflection, where the curvature vanishes,
 * the cubic's third derivative bounds the pieces instead. Arcs whose second derivative lies
 * across the tangent at both ends (circles) are declined at once: the uniform count is about
 * what they need. The cuts aim at 0.85 of the tolerance; over 500 seeded cubics
 * (FlattenCutsTests) 99 % keep within 1.14 × the tolerance and all within 1.33 × (tight turns of
 * curves a few pixels across), with 40 % fewer pieces; the bench's blob32 takes 868 pieces
 * instead of 1333, within 0.095 px at 0.1. These are the flatteners' only curves whose error is
 * not bounded exactly. */

#ifndef CRASTER_CUTS_H
#define CRASTER_CUTS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The uniform counts craster_cubic_cuts works on: from CRASTER_CUTS_MIN (fewer pieces leave
 * little to save) to CRASTER_CUTS_MAX (its callers' buffers). Callers test them too, to skip the
 * call and the buffer on the common path. */
enum { CRASTER_CUTS_MIN = 7, CRASTER_CUTS_MAX = 256 };

/* The cuts of the cubic (x0, y0) … (x3, y3) for `tolerance` (> 0), given its uniform piece
 * count n (the flatteners' bound): when curvature-placed cuts need fewer pieces than n (and at
 * least 3), returns their count m and writes their parameters t[0] = 0 < t[1] ≤ … ≤ t[m] = 1;
 * otherwise (n outside CRASTER_CUTS_MIN … CRASTER_CUTS_MAX, no saving, any value not finite)
 * returns n and writes nothing. t has room for n + 1 values. */
int craster_cubic_cuts(double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3,
                       double tolerance, int n, double *t);

#ifdef __cplusplus
}
#endif

#endif
