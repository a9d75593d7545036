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
