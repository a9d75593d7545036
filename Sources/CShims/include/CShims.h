#ifndef STRATA_CSHIMS_H
#define STRATA_CSHIMS_H
#include <stddef.h>
/// Creates an anonymous memory file (memfd, CLOEXEC, sealing allowed) of `size` bytes and seals it
/// against shrinking, so a compositor that maps it can never be made to fault by a truncate.
/// Returns the fd, or -1 with errno set.
int strata_create_shm_file(const char *name, size_t size);
/// Grows (never shrinks) a file made by strata_create_shm_file. Returns 0 or -1 with errno set.
int strata_grow_shm_file(int fd, size_t size);
/// A non-blocking, close-on-exec eventfd (wakes an event loop from other threads), or -1.
int strata_eventfd(void);
/// Writes a whole line to stderr (unbuffered, safe from any thread).
void strata_log_line(const char *line);
/// Hints the CPU to bring the cache line at `p` in for writing (the rasterizer prefetches the
/// destination pixels of upcoming rows, which a row-by-row walk would otherwise miss in cache).
static inline void strata_prefetch_write(const void *p) { __builtin_prefetch(p, 1, 3); }
#endif
