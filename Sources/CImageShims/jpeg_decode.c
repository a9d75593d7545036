// libjpeg decoding behind setjmp points that never let a longjmp reach Swift.
#include "CImageShims.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct strata_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr err;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX + 64];
    const unsigned char *data;
    size_t size;
    FILE *file;
    int created;  // jpeg_CreateDecompress done
    int failed;   // the current pass hit an error: only restart or close now
    int started;  // jpeg_start_decompress done for the current pass
    int cmyk;     // output is CMYK, converted per row
    int max_scans;
    long max_memory;
    unsigned char *row;  // CMYK row buffer (output_width · 4 bytes)
    size_t row_capacity;
};

// libjpeg's error_exit: format the message and jump back to the function that called libjpeg.
static void on_error(j_common_ptr c) {
    strata_jpeg *d = (strata_jpeg *)c->client_data;
    (*c->err->format_message)(c, d->message);
    longjmp(d->jump, 1);
}

// Warnings (level -1) are corrupt-data reports (truncation, bad Huffman codes): libjpeg would
// go on and fill with gray; we stop, so a damaged file gives an error and not a wrong picture.
static void on_message(j_common_ptr c, int level) {
    if (level < 0) {
        strata_jpeg *d = (strata_jpeg *)c->client_data;
        (*c->err->format_message)(c, d->message);
        longjmp(d->jump, 1);
    }
}

static void on_progress(j_common_ptr c) {
    strata_jpeg *d = (strata_jpeg *)c->client_data;
    j_decompress_ptr di = (j_decompress_ptr)c;
    if (di->input_scan_number > d->max_scans) {
        snprintf(d->message, sizeof d->message, "more than %d scans", d->max_scans);
        longjmp(d->jump, 1);
    }
}

static strata_jpeg *make(void) {
    strata_jpeg *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->max_scans = 1000;
    d->max_memory = 0;
    return d;
}

strata_jpeg *strata_jpeg_open_memory(const void *data, size_t size) {
    strata_jpeg *d = make();
    if (d) { d->data = data; d->size = size; }
    return d;
}

strata_jpeg *strata_jpeg_open_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    strata_jpeg *d = make();
    if (!d) { fclose(f); errno = ENOMEM; return NULL; }
    d->file = f;
    return d;
}

void strata_jpeg_close(strata_jpeg *d) {
    if (!d) return;
    if (d->created) jpeg_destroy_decompress(&d->cinfo);
    if (d->file) fclose(d->file);
    free(d->row);
    free(d);
}

const char *strata_jpeg_message(const strata_jpeg *d) { return d->message; }
void strata_jpeg_set_max_memory(strata_jpeg *d, long bytes) { d->max_memory = bytes; }
void strata_jpeg_set_max_scans(strata_jpeg *d, int scans) { d->max_scans = scans; }

int strata_jpeg_read_header(strata_jpeg *d, int *width, int *height) {
    if (setjmp(d->jump)) { d->failed = 1; return -1; }
    if (!d->created) {
        d->cinfo.err = jpeg_std_error(&d->err);
        d->err.error_exit = on_error;
        d->err.emit_message = on_message;
        d->cinfo.client_data = d;
        jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof d->cinfo);
        d->created = 1;
        d->progress.progress_monitor = on_progress;
        d->cinfo.progress = &d->progress;
    } else {
        jpeg_abort_decompress(&d->cinfo);
    }
    d->failed = 0;
    d->started = 0;
    d->message[0] = 0;
    if (d->max_memory > 0) d->cinfo.mem->max_memory_to_use = d->max_memory;
    if (d->file) {
        if (fseek(d->file, 0, SEEK_SET) != 0) {
            snprintf(d->message, sizeof d->message, "cannot rewind: %s", strerror(errno));
            d->failed = 1;
            return -1;
        }
        jpeg_stdio_src(&d->cinfo, d->file);
    } else {
        if (d->size == 0) {
            snprintf(d->message, sizeof d->message, "no data");
            d->failed = 1;
            return -1;
        }
        jpeg_mem_src(&d->cinfo, d->data, (unsigned long)d->size);
    }
    jpeg_read_header(&d->cinfo, TRUE);
    *width = (int)d->cinfo.image_width;
    *height = (int)d->cinfo.image_height;
    return 0;
}

int strata_jpeg_start(strata_jpeg *d, int denominator, int *out_width, int *out_height) {
    if (d->failed || !d->created || d->started) {
        if (!d->failed) snprintf(d->message, sizeof d->message, "start called out of order");
        return -1;
    }
    if (setjmp(d->jump)) { d->failed = 1; return -1; }
    d->cinfo.scale_num = 1;
    d->cinfo.scale_denom = (unsigned)denominator;
    d->cmyk = d->cinfo.jpeg_color_space == JCS_CMYK || d->cinfo.jpeg_color_space == JCS_YCCK;
    if (d->cmyk) {
        d->cinfo.out_color_space = JCS_CMYK;
    } else {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        d->cinfo.out_color_space = JCS_EXT_ARGB;
#else
        d->cinfo.out_color_space = JCS_EXT_BGRA;
#endif
    }
    jpeg_start_decompress(&d->cinfo);
    d->started = 1;
    *out_width = (int)d->cinfo.output_width;
    *out_height = (int)d->cinfo.output_height;
    return 0;
}

int strata_jpeg_crop(strata_jpeg *d, int *x, int *width) {
    if (d->failed || !d->started) return -1;
    if (setjmp(d->jump)) { d->failed = 1; return -1; }
    JDIMENSION xo = (JDIMENSION)*x, w = (JDIMENSION)*width;
    jpeg_crop_scanline(&d->cinfo, &xo, &w);
    *x = (int)xo;
    *width = (int)w;
    return 0;
}

int strata_jpeg_skip(strata_jpeg *d, int rows) {
    if (d->failed || !d->started) return -1;
    if (setjmp(d->jump)) { d->failed = 1; return -1; }
    if (rows > 0) jpeg_skip_scanlines(&d->cinfo, (JDIMENSION)rows);
    return 0;
}

// Adobe CMYK JPEGs store inverted ink: 255 means none, so R = C·K/255 with C, K as stored.
static void cmyk_to_argb(const unsigned char *src, uint32_t *dst, JDIMENSION n) {
    for (JDIMENSION i = 0; i < n; i++) {
        unsigned c = src[4 * i], m = src[4 * i + 1], y = src[4 * i + 2], k = src[4 * i + 3];
        unsigned r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        dst[i] = 0xFF000000u | r << 16 | g << 8 | b;
    }
}

int strata_jpeg_read(strata_jpeg *d, uint32_t *dst, size_t stride, int rows) {
    if (d->failed || !d->started) return -1;
    if (setjmp(d->jump)) { d->failed = 1; return -1; }
    JDIMENSION width = d->cinfo.output_width;
    if (d->cmyk && d->row_capacity < (size_t)width * 4) {
        free(d->row);
        d->row = malloc((size_t)width * 4);
        d->row_capacity = d->row ? (size_t)width * 4 : 0;
        if (!d->row) { snprintf(d->message, sizeof d->message, "out of memory"); d->failed = 1; return -1; }
    }
    for (int r = 0; r < rows; r++) {
        if (d->cinfo.output_scanline >= d->cinfo.output_height) {
            snprintf(d->message, sizeof d->message, "read past the last row");
            d->failed = 1;
            return -1;
        }
        uint32_t *out = dst + (size_t)r * stride;
        JSAMPROW row = d->cmyk ? (JSAMPROW)d->row : (JSAMPROW)out;
        if (jpeg_read_scanlines(&d->cinfo, &row, 1) != 1) {
            snprintf(d->message, sizeof d->message, "no row decoded (suspended input)");
            d->failed = 1;
            return -1;
        }
        if (d->cmyk) cmyk_to_argb(d->row, out, width);
    }
    return 0;
}
