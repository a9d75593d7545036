#include "CPixelMath.h"

uint32_t cpixel_mul_channels_exported(uint32_t x, uint32_t a) { return cpixel_mul_channels(x, a); }
