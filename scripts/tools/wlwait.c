/* wlwait: waits until a Wayland compositor answers a real roundtrip.
 *
 * Usage: wlwait [-t SECONDS] [-p PID] [-g GLOBAL]... [-l]
 *   Connects to $WAYLAND_DISPLAY in $XDG_RUNTIME_DIR, retrying until the deadline (-t, default
 *   10 s), then does two roundtrips (registry globals, then their first events).
 *   -p PID     give up at once when that process has exited (or is a zombie)
 *   -g GLOBAL  also require this global interface (e.g. xdg_wm_base); repeatable
 *   -l         print every global as "name version"
 * Exit: 0 ready, 1 timed out, 2 a required global is missing, 3 the watched process exited.
 * Built by scripts/compositor with cc against libwayland-client; needs no Swift build. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#define MAX_GLOBALS 256
static char *names[MAX_GLOBALS];
static unsigned versions[MAX_GLOBALS];
static int count;

static void on_global(void *data, struct wl_registry *r, uint32_t id, const char *iface, uint32_t v) {
    (void)data; (void)r; (void)id;
    if (count < MAX_GLOBALS) { names[count] = strdup(iface); versions[count++] = v; }
}
static void on_remove(void *data, struct wl_registry *r, uint32_t id) { (void)data; (void)r; (void)id; }
static const struct wl_registry_listener listener = { on_global, on_remove };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int process_gone(int pid) {
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *paren = strrchr(buf, ')');
    return !paren || paren[2] == 'Z' || paren[2] == 'X';
}

static void on_alarm(int sig) {
    (void)sig;
    static const char msg[] = "wlwait: timed out during a roundtrip\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(1);
}

int main(int argc, char **argv) {
    double timeout = 10;
    int pid = 0, list = 0, opt;
    const char *required[32];
    int nrequired = 0;
    while ((opt = getopt(argc, argv, "t:p:g:l")) != -1) {
        if (opt == 't') timeout = atof(optarg);
        else if (opt == 'p') pid = atoi(optarg);
        else if (opt == 'g' && nrequired < 32) required[nrequired++] = optarg;
        else if (opt == 'l') list = 1;
        else { fprintf(stderr, "usage: wlwait [-t SECONDS] [-p PID] [-g GLOBAL]... [-l]\n"); return 64; }
    }
    double deadline = now() + timeout;
    signal(SIGALRM, on_alarm);
    for (;;) {
        if (pid && process_gone(pid)) {
            fprintf(stderr, "wlwait: process %d exited before the compositor answered\n", pid);
            return 3;
        }
        struct wl_display *d = wl_display_connect(NULL);
        if (d) {
            unsigned left = (unsigned)(deadline - now()) + 1;
            alarm(left);
            struct wl_registry *r = wl_display_get_registry(d);
            wl_registry_add_listener(r, &listener, NULL);
            int ok = wl_display_roundtrip(d) >= 0 && wl_display_roundtrip(d) >= 0;
            alarm(0);
            if (ok && count > 0) {
                int missing = 0;
                for (int i = 0; i < nrequired; i++) {
                    int found = 0;
                    for (int j = 0; j < count; j++) found |= strcmp(names[j], required[i]) == 0;
                    if (!found) { fprintf(stderr, "wlwait: global %s is not offered\n", required[i]); missing = 1; }
                }
                if (list) for (int j = 0; j < count; j++) printf("%s %u\n", names[j], versions[j]);
                wl_registry_destroy(r);
                wl_display_disconnect(d);
                return missing ? 2 : 0;
            }
            for (int j = 0; j < count; j++) free(names[j]);
            count = 0;
            wl_registry_destroy(r);
            wl_display_disconnect(d);
        }
        if (now() >= deadline) {
            fprintf(stderr, "wlwait: no roundtrip with %s/%s within %.1f s\n",
                    getenv("XDG_RUNTIME_DIR") ? getenv("XDG_RUNTIME_DIR") : "(no XDG_RUNTIME_DIR)",
                    getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "wayland-0", timeout);
            return 1;
        }
        usleep(20000);
    }
}
