#ifndef STRATA_CIMAGESHIMS_H
#define STRATA_CIMAGESHIMS_H
// Error-safe wrappers around libjpeg(-turbo) and libpng's row-by-row reader.
//
// Both libraries report fatal errors by calling a handler that must not return; the only ways
// out are longjmp or exit. Each function here sets its own setjmp point before calling into the
// library, so the jump never crosses a Swift frame: on failure the function returns -1 (or NULL)
// and *_message() tells why. After a failure only *_close() and the restart functions
// (strata_jpeg_read_header, none for PNG) may be called.
#include <stddef.h>
#include <stdint.h>

// MARK: JPEG decoding

typedef struct strata_jpeg strata_jpeg;

/// A decoder reading `size` bytes at `data`, which must stay valid until strata_jpeg_close.
/// NULL only when out of memory.
strata_jpeg *strata_jpeg_open_memory(const void *data, size_t size);
/// A decoder reading the file at `path` (kept open until close). NULL with errno set when the
/// file cannot be opened.
strata_jpeg *strata_jpeg_open_file(const char *path);
void strata_jpeg_close(strata_jpeg *d);
/// The last error's text ("" when none).
const char *strata_jpeg_message(const strata_jpeg *d);
/// Bounds libjpeg's own working memory (progressive coefficient buffers and the like), bytes.
void strata_jpeg_set_max_memory(strata_jpeg *d, long bytes);
/// Refuses files with more than `scans` scans (progressive JPEGs with thousands of tiny scans
/// take quadratic time). Default 1000.
void strata_jpeg_set_max_scans(strata_jpeg *d, int scans);

/// (Re)reads the header from the start of the data, abandoning any decode in progress.
/// 0, or -1 on error.
int strata_jpeg_read_header(strata_jpeg *d, int *width, int *height);
/// Starts decompressing at scale 1/denominator (1, 2, 4 or 8) after a successful header read;
/// the scaled output size is returned (each side ceil(side/denominator)).
int strata_jpeg_start(strata_jpeg *d, int denominator, int *out_width, int *out_height);
/// Restricts decoding to output columns [*x, *x + *width): libjpeg widens the window to whole
/// iMCU columns and writes back the adjusted values. Call after start, before reading rows.
int strata_jpeg_crop(strata_jpeg *d, int *x, int *width);
/// Skips `rows` output rows (without colour conversion or upsampling). 0 or -1.
int strata_jpeg_skip(strata_jpeg *d, int rows);
/// Reads `rows` output rows into `dst` (row r at dst + r·stride, stride in pixels ≥ the output
/// or cropped width), each pixel 0xFFRRGGBB as a native-endian uint32. 0 or -1.
int strata_jpeg_read(strata_jpeg *d, uint32_t *dst, size_t stride, int rows);

// MARK: JPEG encoding

/// Encodes opaque pixels (0x..RRGGBB, alpha ignored; row y at pixels + y·stride) as a baseline
/// JPEG of `quality` 1…100 with 4:2:0 chroma (or 4:4:4 when `full_chroma`), or grayscale when
/// `gray`. On success *out (free with strata_free) holds *out_size bytes and 0 is returned; on
/// failure -1 and `message` (≥ 200 bytes) says why.
int strata_jpeg_encode(const uint32_t *pixels, int width, int height, size_t stride, int quality,
                       int full_chroma, int gray, unsigned char **out, size_t *out_size, char *message);
void strata_free(void *p);

// MARK: PNG row-by-row decoding

typedef struct strata_png strata_png;

/// Readers over memory (kept valid until close) or a file; same contracts as the JPEG ones.
strata_png *strata_png_open_memory(const void *data, size_t size);
strata_png *strata_png_open_file(const char *path);
void strata_png_close(strata_png *p);
const char *strata_png_message(const strata_png *p);
/// Reads the header and sets up 8-bit BGRA output (palette, gray and tRNS expanded, 16-bit
/// scaled down, opaque images get alpha 0xFF). *interlaced is 1 for Adam7 files. 0 or -1.
int strata_png_read_header(strata_png *p, uint32_t *width, uint32_t *height, int *interlaced);
/// Reads the next `rows` rows, straight (not premultiplied) 0xAARRGGBB, row r at dst + r·stride.
/// Non-interlaced files only. 0 or -1.
int strata_png_read_rows(strata_png *p, uint32_t *dst, size_t stride, int rows);

#endif
