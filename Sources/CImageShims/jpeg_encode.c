// libjpeg encoding to memory behind a setjmp point.
#include "CImageShims.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct encoder {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr err;
    jmp_buf jump;
    char *message;
};

static void on_error(j_common_ptr c) {
    struct encoder *e = (struct encoder *)c->client_data;
    (*c->err->format_message)(c, e->message);
    longjmp(e->jump, 1);
}

void strata_free(void *p) { free(p); }

int strata_jpeg_encode(const uint32_t *pixels, int width, int height, size_t stride, int quality,
                       int full_chroma, int gray, unsigned char **out, size_t *out_size, char *message) {
    // Heap state: locals changed after setjmp would be indeterminate after the jump.
    struct encoder *e = calloc(1, sizeof *e);
    unsigned char *row = malloc((size_t)(width > 0 ? width : 1) * 3);
    if (!e || !row) {
        free(e); free(row);
        snprintf(message, 200, "out of memory");
        return -1;
    }
    e->message = message;
    message[0] = 0;
    *out = NULL;
    *out_size = 0;
    unsigned long size = 0;
    unsigned char *buffer = NULL;
    e->cinfo.err = jpeg_std_error(&e->err);
    e->err.error_exit = on_error;
    e->cinfo.client_data = e;
    if (setjmp(e->jump)) {
        jpeg_destroy_compress(&e->cinfo);
        free(buffer);
        free(row);
        free(e);
        return -1;
    }
    jpeg_CreateCompress(&e->cinfo, JPEG_LIB_VERSION, sizeof e->cinfo);
    jpeg_mem_dest(&e->cinfo, &buffer, &size);
    e->cinfo.image_width = (JDIMENSION)width;
    e->cinfo.image_height = (JDIMENSION)height;
    e->cinfo.input_components = gray ? 1 : 3;
    e->cinfo.in_color_space = gray ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&e->cinfo);
    jpeg_set_quality(&e->cinfo, quality, TRUE);
    if (full_chroma && !gray) {
        for (int i = 0; i < e->cinfo.num_components; i++) {
            e->cinfo.comp_info[i].h_samp_factor = 1;
            e->cinfo.comp_info[i].v_samp_factor = 1;
        }
    }
    jpeg_start_compress(&e->cinfo, TRUE);
    while (e->cinfo.next_scanline < e->cinfo.image_height) {
        const uint32_t *src = pixels + (size_t)e->cinfo.next_scanline * stride;
        for (int x = 0; x < width; x++) {
            uint32_t p = src[x];
            unsigned r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            if (gray) row[x] = (unsigned char)((r * 77 + g * 150 + b * 29 + 128) >> 8);
            else { row[3 * x] = (unsigned char)r; row[3 * x + 1] = (unsigned char)g; row[3 * x + 2] = (unsigned char)b; }
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&e->cinfo, rows, 1);
    }
    jpeg_finish_compress(&e->cinfo);
    jpeg_destroy_compress(&e->cinfo);
    free(row);
    free(e);
    *out = buffer;
    *out_size = size;
    return 0;
}
