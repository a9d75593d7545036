// libpng's row-by-row reader behind setjmp points, for streaming images too large to hold.
#include "CImageShims.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

struct strata_png {
    png_structp png;
    png_infop info;
    FILE *file;
    const unsigned char *data;
    size_t size, offset;
    int failed, header;
    uint32_t width, height, next_row;
    char message[256];
};

static void on_error(png_structp png, png_const_charp text) {
    strata_png *p = (strata_png *)png_get_error_ptr(png);
    snprintf(p->message, sizeof p->message, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void read_memory(png_structp png, png_bytep out, size_t count) {
    strata_png *p = (strata_png *)png_get_io_ptr(png);
    if (count > p->size - p->offset) png_error(png, "unexpected end of data");
    memcpy(out, p->data + p->offset, count);
    p->offset += count;
}

static strata_png *make(void) {
    strata_png *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, p, on_error, on_warning);
    p->info = p->png ? png_create_info_struct(p->png) : NULL;
    if (!p->info) {
        if (p->png) png_destroy_read_struct(&p->png, NULL, NULL);
        free(p);
        return NULL;
    }
    // Hostile files: bound the size of any single chunk libpng will buffer (8 MB).
    png_set_chunk_malloc_max(p->png, 8 << 20);
    return p;
}

strata_png *strata_png_open_memory(const void *data, size_t size) {
    strata_png *p = make();
    if (!p) return NULL;
    p->data = data;
    p->size = size;
    png_set_read_fn(p->png, p, read_memory);
    return p;
}

strata_png *strata_png_open_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    strata_png *p = make();
    if (!p) { fclose(f); errno = ENOMEM; return NULL; }
    p->file = f;
    png_init_io(p->png, f);
    return p;
}

void strata_png_close(strata_png *p) {
    if (!p) return;
    png_destroy_read_struct(&p->png, &p->info, NULL);
    if (p->file) fclose(p->file);
    free(p);
}

const char *strata_png_message(const strata_png *p) { return p->message; }

int strata_png_read_header(strata_png *p, uint32_t *width, uint32_t *height, int *interlaced) {
    if (p->failed || p->header) {
        if (!p->failed) snprintf(p->message, sizeof p->message, "header already read");
        return -1;
    }
    if (setjmp(png_jmpbuf(p->png))) { p->failed = 1; return -1; }
    png_read_info(p->png, p->info);
    int depth = png_get_bit_depth(p->png, p->info), type = png_get_color_type(p->png, p->info);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(p->png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(p->png);
    if (png_get_valid(p->png, p->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(p->png);
    if (depth == 16) png_set_scale_16(p->png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(p->png);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    png_set_filler(p->png, 0xFF, PNG_FILLER_BEFORE);
    png_set_swap_alpha(p->png);
#else
    png_set_bgr(p->png);
    png_set_filler(p->png, 0xFF, PNG_FILLER_AFTER);
#endif
    png_read_update_info(p->png, p->info);
    p->width = png_get_image_width(p->png, p->info);
    p->height = png_get_image_height(p->png, p->info);
    *width = p->width;
    *height = p->height;
    *interlaced = png_get_interlace_type(p->png, p->info) != PNG_INTERLACE_NONE;
    if (png_get_rowbytes(p->png, p->info) != (size_t)p->width * 4) {
        snprintf(p->message, sizeof p->message, "unexpected row size");
        p->failed = 1;
        return -1;
    }
    p->header = 1;
    return 0;
}

int strata_png_read_rows(strata_png *p, uint32_t *dst, size_t stride, int rows) {
    if (p->failed || !p->header) return -1;
    if (setjmp(png_jmpbuf(p->png))) { p->failed = 1; return -1; }
    for (int r = 0; r < rows; r++) {
        if (p->next_row >= p->height) {
            snprintf(p->message, sizeof p->message, "read past the last row");
            p->failed = 1;
            return -1;
        }
        png_read_row(p->png, (png_bytep)(dst + (size_t)r * stride), NULL);
        p->next_row++;
    }
    return 0;
}
