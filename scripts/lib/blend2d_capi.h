/* The part of Blend2D's public C API that the bench tools call (scripts/lib/peers_blend2d_native.c,
 * scripts/lib/raster_pair.c), declared here because the blend2d-python wheel ships Blend2D's
 * static library (blend2d/libblend2d.a) without its headers. Blend2D's objects (image, context,
 * path) are 16-byte cores; BLCore gives them more room than they need. */
#ifndef STRATA_BLEND2D_CAPI_H
#define STRATA_BLEND2D_CAPI_H

#include <stdint.h>

typedef uint32_t BLResult;
typedef struct { _Alignas(16) unsigned char bytes[64]; } BLCore;
typedef struct { double x, y; } BLPoint;

enum { BL_FORMAT_PRGB32 = 1, BL_DATA_ACCESS_RW = 3, BL_COMP_OP_SRC_OVER = 0, BL_COMP_OP_SRC_COPY = 1 };
enum { BL_FILL_RULE_NON_ZERO = 0, BL_FILL_RULE_EVEN_ODD = 1, BL_STROKE_CAP_ROUND = 2, BL_STROKE_JOIN_ROUND = 4 };
enum { BL_CONTEXT_FLUSH_SYNC = 0x80000000u };

BLResult blImageInit(BLCore *self);
BLResult blImageCreateFromData(BLCore *self, int w, int h, uint32_t format, void *pixels, intptr_t stride,
                               uint32_t access, void (*destroy)(void *, void *, void *), void *user);
BLResult blImageDestroy(BLCore *self);
BLResult blContextInitAs(BLCore *self, BLCore *image, const void *create_info);
BLResult blContextDestroy(BLCore *self);
BLResult blContextEnd(BLCore *self);
BLResult blContextFlush(BLCore *self, uint32_t flags);
BLResult blContextSetCompOp(BLCore *self, uint32_t op);
BLResult blContextSetFillRule(BLCore *self, uint32_t rule);
BLResult blContextSetStrokeWidth(BLCore *self, double width);
BLResult blContextSetStrokeCaps(BLCore *self, uint32_t cap);
BLResult blContextSetStrokeJoin(BLCore *self, uint32_t join);
BLResult blContextFillAllRgba32(BLCore *self, uint32_t rgba32);
BLResult blContextFillPathDRgba32(BLCore *self, const BLPoint *origin, const BLCore *path, uint32_t rgba32);
BLResult blContextStrokePathDRgba32(BLCore *self, const BLPoint *origin, const BLCore *path, uint32_t rgba32);
BLResult blPathInit(BLCore *self);
BLResult blPathDestroy(BLCore *self);
BLResult blPathMoveTo(BLCore *self, double x, double y);
BLResult blPathLineTo(BLCore *self, double x, double y);
BLResult blPathCubicTo(BLCore *self, double x1, double y1, double x2, double y2, double x3, double y3);
BLResult blPathClose(BLCore *self);

#endif
