# Shared by the scripts in scripts/ (sourced, not run).

STRATA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# The Swift toolchain lives in /opt/swift on our machines; put it on PATH when it is not already.
ensure_swift() {
    if ! command -v swift > /dev/null 2>&1; then
        [[ -x /opt/swift/usr/bin/swift ]] || { echo "strata: swift not found (on PATH or in /opt/swift/usr/bin)" >&2; exit 1; }
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
}

# Section headers with the elapsed time of the previous section.
SECTION_NAME=""
SECTION_START=0
section() {
    local now; now=$(date +%s)
    if [[ -n "$SECTION_NAME" ]]; then
        printf '=== done: %s (%ds)\n' "$SECTION_NAME" "$((now - SECTION_START))"
    fi
    SECTION_NAME="$1"
    SECTION_START=$now
    [[ -n "$1" ]] && printf '\n=== %s\n' "$1"
    return 0
}

# Sections that run in the background while the foreground goes on (CI uses them to keep both
# cores busy while the foreground leaves one idle). `background_start [--nice N] NAME command...`
# starts the command with its output in .build/ci/NAME.log; with --nice it runs at that niceness,
# so that it only takes what the foreground leaves idle; `background_finish NAME` waits for it,
# prints its log and how long it took, and returns its exit status. `background_stop_all` ends
# the ones still running (for an exit trap).
declare -A BACKGROUND_PIDS=() BACKGROUND_STARTS=()
background_start() {
    local niceness=0
    if [[ "$1" == --nice ]]; then niceness="$2"; shift 2; fi
    local name="$1"; shift
    mkdir -p "$STRATA_ROOT/.build/ci"
    printf '\n=== started in the background (nice %d): %s\n' "$niceness" "$name"
    BACKGROUND_STARTS[$name]=$(date +%s)
    # Its own process group (setsid), so that stopping it stops what it started.
    setsid nice -n "$niceness" "$@" > "$STRATA_ROOT/.build/ci/$name.log" 2>&1 < /dev/null &
    BACKGROUND_PIDS[$name]=$!
}
background_finish() {
    local name="$1" status=0
    wait "${BACKGROUND_PIDS[$name]}" || status=$?
    unset "BACKGROUND_PIDS[$name]"
    printf '\n=== background %s (log .build/ci/%s.log):\n' "$name" "$name"
    cat "$STRATA_ROOT/.build/ci/$name.log"
    printf '=== done in the background: %s (%ds, exit %d)\n' "$name" "$(( $(date +%s) - BACKGROUND_STARTS[$name] ))" "$status"
    return "$status"
}
background_stop_all() {
    local name
    for name in "${!BACKGROUND_PIDS[@]}"; do kill -- "-${BACKGROUND_PIDS[$name]}" 2> /dev/null || true; done
}
