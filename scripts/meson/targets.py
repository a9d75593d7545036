#!/usr/bin/env python3
"""Describes the package's targets for meson.build, read from Package.swift at configure time.

Usage: targets.py SOURCE_ROOT BUILD_ROOT

meson.build cannot see new files or targets by itself, and Meson 1.0's Swift support ignores
dependency() and per-target swift_args (see shared/NOTES-interop.md). So this script asks SwiftPM
for the target graph (`swift package dump-package`, offline, ~0.2 s), lists every target's sources
on disk, writes Clang module maps for the C targets into BUILD_ROOT/modulemaps/, and prints
tab-separated lines that meson.build turns into targets (lists are space-separated):

  swift_arg    ARG                       project-wide swiftc argument (module map folders, -Xcc cflags)
  link_arg     ARG                       project-wide link argument (pkg-config libs)
  c            NAME  PKGS  INCDIR  SOURCES...    static C library
  swiftlib     NAME  DEPS  SOURCES...    Swift static library (module NAME)
  swiftexe     NAME  MODULE  DEPS  SOURCES...   Swift executable; MODULE is NAME made a valid
                                         Swift identifier (SwiftPM's rule: `strata-bench` → `strata_bench`)

Targets come in dependency order; DEPS is the transitive closure of built (non-system) targets,
each before what it depends on (static link order). Test targets (and targets under Tests/) are
skipped. A file added to any target needs
`meson setup --reconfigure BUILD` (or a fresh setup); no edit of meson.build.
"""
import json
import os
import shutil
import subprocess
import sys

SRC, BUILD = sys.argv[1], sys.argv[2]


def swift_tool():
    for candidate in (shutil.which("swift"), "/opt/swift/usr/bin/swift"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("targets.py: `swift` not found (PATH or /opt/swift/usr/bin)")


def pkg_config(*args):
    return subprocess.run(["pkg-config", *args], check=True, capture_output=True, text=True).stdout.split()


package = json.loads(subprocess.run([swift_tool(), "package", "dump-package"], cwd=SRC, check=True,
                                    capture_output=True, text=True).stdout)
# Test targets and what only they use (regular targets under Tests/, e.g. StrataTestSupport) are
# not part of the meson build.
targets = {t["name"]: t for t in package["targets"]
           if t["type"] != "test" and not (t.get("path") or "").startswith("Tests/")}


def target_dir(t):
    if t.get("path"):
        return t["path"]
    return os.path.join("Sources", t["name"])


def deps(t):
    names = []
    for dep in t["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dep:
                names.append(dep[kind][0])
    return [n for n in names if n in targets]


def sources(t, suffixes):
    root = target_dir(t)
    excluded = {os.path.normpath(os.path.join(root, e)) for e in t.get("exclude", [])}
    found = []
    for folder, subfolders, files in os.walk(os.path.join(SRC, root)):
        rel = os.path.relpath(folder, SRC)
        subfolders[:] = sorted(s for s in subfolders if os.path.normpath(os.path.join(rel, s)) not in excluded)
        for f in sorted(files):
            path = os.path.normpath(os.path.join(rel, f))
            if f.endswith(suffixes) and path not in excluded:
                if any(c.isspace() for c in path):
                    sys.exit(f"targets.py: spaces in source paths are not supported: {path}")
                found.append(path)
    return found


order, seen = [], set()


def visit(name):
    if name in seen:
        return
    seen.add(name)
    for d in deps(targets[name]):
        visit(d)
    order.append(name)


for name in targets:
    visit(name)


def closure(name):
    """Every target `name` reaches, each before the ones it depends on (static link order)."""
    reached = set()

    def walk(n):
        for d in deps(targets[n]):
            if d not in reached:
                reached.add(d)
                walk(d)
    walk(name)
    return [n for n in reversed(order) if n in reached]


def pkgs_of(name):
    """pkg-config names of the system libraries a target reaches."""
    return sorted({targets[n]["pkgConfig"] for n in [name] + closure(name) if targets[n]["type"] == "system"})


def c99name(name):
    """The module name SwiftPM gives a target: invalid identifier characters become `_`."""
    module = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    return "_" + module if module[0].isdigit() else module


lines = []
all_pkgs = sorted({t["pkgConfig"] for t in targets.values() if t["type"] == "system"})
modulemaps = os.path.join(BUILD, "modulemaps")
for name in order:
    t = targets[name]
    if t["type"] == "system":
        lines.append(("swift_arg", "-I" + os.path.join(SRC, target_dir(t))))
    elif t["type"] == "regular" and sources(t, (".c",)):
        include = os.path.join(target_dir(t), "include")
        umbrella = os.path.join(SRC, include, name + ".h")
        folder = os.path.join(modulemaps, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "module.modulemap"), "w") as f:
            what = f'umbrella header "{umbrella}"' if os.path.exists(umbrella) else f'umbrella "{os.path.join(SRC, include)}"'
            f.write(f"module {name} {{\n    {what}\n    export *\n}}\n")
        lines.append(("swift_arg", "-I" + folder))
for flag in pkg_config("--cflags", *all_pkgs):
    lines += [("swift_arg", "-Xcc"), ("swift_arg", flag)]
for flag in pkg_config("--libs", *all_pkgs):
    lines.append(("link_arg", flag))
for name in order:
    t = targets[name]
    built_deps = " ".join(n for n in closure(name) if targets[n]["type"] != "system")
    if t["type"] == "system":
        continue
    if t["type"] == "regular" and sources(t, (".c",)):
        # A C target sees its own include folder and those of the C targets it depends on.
        includes = [os.path.join(target_dir(targets[n]), "include") for n in closure(name)
                    if targets[n]["type"] == "regular" and sources(targets[n], (".c",))]
        lines.append(("c", name, " ".join(pkgs_of(name)), " ".join([os.path.join(target_dir(t), "include")] + includes),
                      " ".join(sources(t, (".c",)))))
    elif t["type"] in ("regular", "executable"):
        swift_sources = " ".join(sources(t, (".swift",)))
        if t["type"] == "executable":
            lines.append(("swiftexe", name, c99name(name), built_deps, swift_sources))
        else:
            lines.append(("swiftlib", name, built_deps, swift_sources))
print("\n".join("\t".join(line) for line in lines))
