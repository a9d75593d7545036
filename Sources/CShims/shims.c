#define _GNU_SOURCE
#include "CShims.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <stdio.h>
#include <string.h>

int strata_create_shm_file(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    int r;
    do { r = ftruncate(fd, (off_t)size); } while (r < 0 && errno == EINTR);
    if (r < 0) { int e = errno; close(fd); errno = e; return -1; }
    /* F_SEAL_SHRINK: a compositor that mapped the pool can rely on its size. */
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK);
    return fd;
}

int strata_grow_shm_file(int fd, size_t size) {
    int r;
    do { r = ftruncate(fd, (off_t)size); } while (r < 0 && errno == EINTR);
    return r;
}

int strata_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

void strata_log_line(const char *line) {
    fprintf(stderr, "%s\n", line);
}
