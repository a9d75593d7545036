#!/usr/bin/env python3
"""Generates Strata's Wayland protocol bindings from protocol XML.

One command regenerates everything:  python3 scripts/gen-protocols.py

Outputs (committed, so building needs neither this script nor wayland-scanner):
  Sources/CWaylandProtocols/protocols.c            wl_interface / wl_message tables
  Sources/CWaylandProtocols/include/CWaylandProtocols.h
                                                   accessors returning each interface's address
  Sources/StrataWayland/Protocols/<Name>.swift     one typed Swift class per interface

Only interface *facts* (names, versions, messages, argument types, enums) are emitted; no
description text from any XML reaches the output.

Why accessors: Swift imports `wl_foo_interface` as a `let`, and taking its address in a release
build yields a stack temporary (see shared/NOTES-interop.md). A C function returning `&x` is the
one form that always gives the real, static address.

Why a dispatcher instead of listener structs: every proxy gets the same C dispatcher
(`wl_proxy_add_dispatcher`), which hands the opcode and decoded `wl_argument`s to the Swift object
stored as user data. No per-interface C listener struct has to outlive anything.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYS = "/usr/share/wayland-protocols"
SOURCES = [
    # (xml path, whether libwayland-client already defines the interface tables)
    ("/usr/share/wayland/wayland.xml", True),
    (f"{SYS}/stable/xdg-shell/xdg-shell.xml", False),
    (f"{SYS}/stable/viewporter/viewporter.xml", False),
    (f"{SYS}/stable/presentation-time/presentation-time.xml", False),
    (f"{SYS}/staging/fractional-scale/fractional-scale-v1.xml", False),
    (f"{SYS}/unstable/xdg-decoration/xdg-decoration-unstable-v1.xml", False),
    (f"{SYS}/unstable/pointer-gestures/pointer-gestures-unstable-v1.xml", False),
    (f"{SYS}/unstable/idle-inhibit/idle-inhibit-unstable-v1.xml", False),
    (f"{SYS}/staging/xdg-activation/xdg-activation-v1.xml", False),
    (f"{SYS}/unstable/text-input/text-input-unstable-v3.xml", False),
    (f"{SYS}/unstable/primary-selection/primary-selection-unstable-v1.xml", False),
    (os.path.join(ROOT, "protocols/wlr-layer-shell-unstable-v1.xml"), False),
    (os.path.join(ROOT, "protocols/wlr-virtual-pointer-unstable-v1.xml"), False),
    (os.path.join(ROOT, "protocols/input-method-unstable-v2.xml"), False),
    (os.path.join(ROOT, "protocols/kde-fake-input.xml"), False),
]

SWIFT_KEYWORDS = {
    "class", "default", "protocol", "func", "var", "let", "in", "is", "as", "enum", "struct",
    "repeat", "return", "self", "super", "switch", "case", "where", "while", "for", "if", "else",
    "import", "init", "deinit", "extension", "internal", "private", "public", "static", "subscript",
    "operator", "true", "false", "nil", "throw", "throws", "try", "catch", "do", "break",
    "continue", "fallthrough", "guard", "defer", "inout", "typealias", "associatedtype", "Type",
    "none", "some", "any",
}


def camel(name, upper=False):
    parts = name.split("_")
    s = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    if upper:
        s = s[:1].upper() + s[1:]
    return s


def ident(name):
    s = camel(name)
    return f"`{s}`" if s in SWIFT_KEYWORDS else s


def class_name(iface):
    return camel(iface, upper=True)


class Arg:
    def __init__(self, e):
        self.name = e.get("name")
        self.type = e.get("type")
        self.interface = e.get("interface")
        self.nullable = e.get("allow-null") == "true"
        self.enum = e.get("enum")


class Message:
    def __init__(self, e, opcode):
        self.name = e.get("name")
        self.opcode = opcode
        self.since = int(e.get("since", "1"))
        self.destructor = e.get("type") == "destructor"
        self.args = [Arg(a) for a in e.findall("arg")]

    def signature(self):
        sig = str(self.since) if self.since > 1 else ""
        for a in self.args:
            if a.nullable:
                sig += "?"
            if a.type == "new_id" and not a.interface:
                sig += "su"
            sig += {"int": "i", "uint": "u", "fixed": "f", "string": "s", "object": "o",
                    "new_id": "n", "array": "a", "fd": "h"}[a.type]
        return sig

    def types(self):
        out = []
        for a in self.args:
            if a.type == "new_id" and not a.interface:
                out += [None, None]
            out.append(a.interface if a.type in ("object", "new_id") else None)
        return out


class Enum:
    def __init__(self, e):
        self.name = e.get("name")
        self.bitfield = e.get("bitfield") == "true"
        self.entries = [(x.get("name"), int(x.get("value"), 0)) for x in e.findall("entry")]


class Interface:
    def __init__(self, e, builtin):
        self.name = e.get("name")
        self.version = int(e.get("version"))
        self.builtin = builtin
        self.requests = [Message(x, i) for i, x in enumerate(e.findall("request"))]
        self.events = [Message(x, i) for i, x in enumerate(e.findall("event"))]
        self.enums = [Enum(x) for x in e.findall("enum")]


def load():
    ifaces = []
    for path, builtin in SOURCES:
        root = ET.parse(path).getroot()
        proto = root.get("name")
        ifaces.append((proto, [Interface(i, builtin) for i in root.findall("interface")]))
    return ifaces


HEADER = "/* Generated by scripts/gen-protocols.py from protocol XML. Do not edit. */\n"


def gen_c(protos):
    h = [HEADER, "#ifndef STRATA_WAYLAND_PROTOCOLS_H", "#define STRATA_WAYLAND_PROTOCOLS_H",
         "#include <wayland-client-core.h>", ""]
    c = [HEADER, "#include <stddef.h>", "#include <stdint.h>", '#include "CWaylandProtocols.h"', "",
         "#define STRATA_PRIVATE __attribute__((visibility(\"hidden\")))", ""]
    all_ifaces = [i for _, l in protos for i in l]
    for i in all_ifaces:
        c.append(f"extern const struct wl_interface {i.name}_interface;")
    c.append("")
    for i in all_ifaces:
        h.append(f"/// The address of `{i.name}_interface` (stable in every build mode).")
        h.append(f"const struct wl_interface *strata_{i.name}_interface(void);")
        if i.builtin:
            continue
        for kind, msgs in (("requests", i.requests), ("events", i.events)):
            for m in msgs:
                types = ", ".join(f"&{t}_interface" if t else "NULL" for t in m.types()) or "NULL"
                c.append(f"static const struct wl_interface *{i.name}_{kind}_{m.name}_types[] = {{ {types} }};")
            if msgs:
                c.append(f"static const struct wl_message {i.name}_{kind}[] = {{")
                for m in msgs:
                    c.append(f'    {{ "{m.name}", "{m.signature()}", {i.name}_{kind}_{m.name}_types }},')
                c.append("};")
        req = f"{i.name}_requests" if i.requests else "NULL"
        ev = f"{i.name}_events" if i.events else "NULL"
        c.append(f"STRATA_PRIVATE const struct wl_interface {i.name}_interface = {{")
        c.append(f'    "{i.name}", {i.version}, {len(i.requests)}, {req}, {len(i.events)}, {ev},')
        c.append("};")
        c.append("")
    for i in all_ifaces:
        c.append(f"const struct wl_interface *strata_{i.name}_interface(void) {{ return &{i.name}_interface; }}")
    h += ["", "#endif", ""]
    return "\n".join(h), "\n".join(c) + "\n"


def enum_type(iface, ref, enums_by_iface):
    if "." in ref:
        owner, name = ref.split(".")
    else:
        owner, name = iface.name, ref
    return f"{class_name(owner)}.{camel(name, upper=True)}", (owner, name)


def swift_request_param(iface, a, enums):
    t = {"int": "Int32", "uint": "UInt32", "fixed": "Double", "string": "String", "array": "[UInt8]",
         "fd": "Int32"}.get(a.type)
    if a.type == "object":
        t = class_name(a.interface) if a.interface else "WaylandObject"
    if a.enum and a.type in ("int", "uint"):
        t, _ = enum_type(iface, a.enum, enums)
    if a.nullable:
        t += "?"
    return t


def gen_enum(iface, e):
    name = camel(e.name, upper=True)
    lines = []
    proto = "OptionSet" if e.bitfield else "RawRepresentable"
    lines.append(f"    public struct {name}: {proto}, Hashable, Sendable {{")
    lines.append("        public var rawValue: UInt32")
    lines.append("        public init(rawValue: UInt32) { self.rawValue = rawValue }")
    for (n, v) in e.entries:
        if e.bitfield and v == 0:
            continue  # the empty set is `[]`
        sn = camel(n)
        if sn[0].isdigit():
            sn = camel(e.name) + sn
        if sn in SWIFT_KEYWORDS:
            sn = f"`{sn}`"
        lines.append(f"        public static let {sn} = {name}(rawValue: {v})")
    lines.append("    }")
    return lines


def arg_store(a, var, idx, iface, enums, prep, fill):
    """Statements that put parameter `var` into args[idx]: `prep` runs before marshalling (with
    `defer` cleanups at function scope), `fill` inside the argument-filling closure."""
    val = var
    if a.enum and a.type in ("int", "uint"):
        val = f"{var}.rawValue" if not a.nullable else f"({var}?.rawValue ?? 0)"
        if a.type == "int":
            val = f"Int32(bitPattern: {val})"
    if a.type == "int":
        fill.append(f"args[{idx}].i = {val}")
    elif a.type == "uint":
        fill.append(f"args[{idx}].u = {val}")
    elif a.type == "fixed":
        fill.append(f"args[{idx}].f = wl_fixed_from_double({var})")
    elif a.type == "fd":
        fill.append(f"args[{idx}].h = {var}")
    elif a.type == "object":
        if a.nullable:
            fill.append(f"args[{idx}].o = {var}?.proxy")
        else:
            fill.append(f"args[{idx}].o = {var}.proxy")
    elif a.type == "string":
        if a.nullable:
            prep.append(f"let c{idx} = {var}.flatMap {{ strdup($0) }}")
        else:
            prep.append(f"let c{idx} = strdup({var})")
        prep.append(f"defer {{ free(c{idx}) }}")
        fill.append(f"args[{idx}].s = UnsafePointer(c{idx})")
    elif a.type == "array":
        prep.append(f"let a{idx} = WaylandArrayArgument({var})")
        prep.append(f"defer {{ withExtendedLifetime(a{idx}) {{}} }}")
        fill.append(f"args[{idx}].a = a{idx}.pointer")


def gen_request(iface, m, enums):
    lines = []
    new = [a for a in m.args if a.type == "new_id"]
    params = []
    for a in m.args:
        if a.type == "new_id":
            continue
        params.append(f"{ident(a.name)}: {swift_request_param(iface, a, enums)}")
    generic_bind = bool(new) and not new[0].interface
    ret = ""
    if generic_bind:
        params += ["as type: T.Type", "version: UInt32"]
        ret = " -> T"
    elif new:
        ret = f" -> {class_name(new[0].interface)}"
    gen = "<T: WaylandInterface>" if generic_bind else ""
    disc = "@discardableResult " if new else ""
    lines.append(f"    /// `{iface.name}.{m.name}` (opcode {m.opcode}, since version {m.since}).")
    lines.append(f"    {disc}public func {ident(m.name)}{gen}({', '.join(params)}){ret} {{")
    prep, fill = [], []
    idx = 0
    for a in m.args:
        if a.type == "new_id":
            if not a.interface:
                prep.append(f"let cname{idx} = strdup(T.interfaceName)")
                prep.append(f"defer {{ free(cname{idx}) }}")
                fill.append(f"args[{idx}].s = UnsafePointer(cname{idx})")
                fill.append(f"args[{idx + 1}].u = version")
                idx += 2
            fill.append(f"args[{idx}].o = nil")
        else:
            arg_store(a, ident(a.name), idx, iface, enums, prep, fill)
        idx += 1
    nargs = len(m.types())
    lines += [f"        {l}" for l in prep]
    if new:
        rtype = "T" if generic_bind else class_name(new[0].interface)
        ver = "version" if generic_bind else "self.version"
        call = f"marshal(opcode: {m.opcode}, count: {nargs}, interface: {rtype}.interface, version: {ver})"
        if fill:
            lines.append(f"        let created = {call} {{ args in")
            lines += [f"            {l}" for l in fill]
            lines.append("        }")
        else:
            lines.append(f"        let created = {call} {{ _ in }}")
        lines.append(f"        return {rtype}(adopting: created, connection: connection).inheritingQueue(from: self)")
    else:
        d = ", destroying: true" if m.destructor else ""
        call = f"marshal(opcode: {m.opcode}, count: {nargs}, since: {m.since}{d})"
        if fill:
            lines.append(f"        {call} {{ args in")
            lines += [f"            {l}" for l in fill]
            lines.append("        }")
        else:
            lines.append(f"        {call} {{ _ in }}")
    lines.append("    }")
    return lines


def event_case(iface, m, enums):
    params = []
    for a in m.args:
        t = {"int": "Int32", "uint": "UInt32", "fixed": "Double", "string": "String", "array": "[UInt8]",
             "fd": "Int32"}.get(a.type)
        if a.type in ("object", "new_id"):
            t = class_name(a.interface) if a.interface else "WaylandObject"
        if a.enum and a.type in ("int", "uint"):
            t, _ = enum_type(iface, a.enum, enums)
        if a.nullable or a.type == "object":
            # object arguments may name an object this process no longer knows (destroyed)
            t += "?"
        params.append(f"{ident(a.name)}: {t}")
    name = ident(m.name)
    return f"        case {name}" + (f"({', '.join(params)})" if params else "")


def event_decode(iface, m, enums):
    vals = []
    for k, a in enumerate(m.args):
        e = f"args[{k}]"
        if a.type == "int":
            v = f"{e}.i"
            if a.enum:
                t, _ = enum_type(iface, a.enum, enums)
                v = f"{t}(rawValue: UInt32(bitPattern: {e}.i))"
        elif a.type == "uint":
            v = f"{e}.u"
            if a.enum:
                t, _ = enum_type(iface, a.enum, enums)
                v = f"{t}(rawValue: {e}.u)"
        elif a.type == "fixed":
            v = f"wl_fixed_to_double({e}.f)"
        elif a.type == "fd":
            v = f"{e}.h"
        elif a.type == "string":
            v = f"{e}.s.map {{ String(cString: $0) }}" + ("" if a.nullable else " ?? \"\"")
        elif a.type == "array":
            v = f"waylandArrayBytes({e}.a)"
        elif a.type == "object":
            t = class_name(a.interface) if a.interface else "WaylandObject"
            v = f"WaylandObject.object(for: {e}.o) as? {t}"
        elif a.type == "new_id":
            t = class_name(a.interface)
            v = f"{t}(adopting: {e}.o, connection: connection).inheritingQueue(from: self)"
        vals.append(f"{ident(a.name)}: {v}")
    name = ident(m.name)
    return f".{name}" + (f"({', '.join(vals)})" if vals else "")


def gen_swift(proto, iface, enums):
    cn = class_name(iface.name)
    L = ["// Generated by scripts/gen-protocols.py from protocol XML. Do not edit.",
         f"// Protocol `{proto}`, interface `{iface.name}` version {iface.version}.", "",
         "import CWaylandClient", "import CWaylandProtocols", "import Glibc", ""]
    destructor = next((m for m in iface.requests if m.destructor), None)
    L.append(f"/// Typed binding of `{iface.name}` (up to version {iface.version}).")
    L.append("///")
    L.append("/// Requests are methods; events arrive through `onEvent` on the thread that dispatches the")
    L.append("/// connection's queue. Dropping the last reference sends the destructor request"
             + (f" (`{destructor.name}`)" if destructor else "") + " or destroys the proxy.")
    L.append(f"public final class {cn}: WaylandObject, WaylandInterface {{")
    L.append(f"    public static var interface: UnsafePointer<wl_interface> {{ strata_{iface.name}_interface() }}")
    L.append(f'    public static let interfaceName = "{iface.name}"')
    L.append(f"    public static let generatedVersion: UInt32 = {iface.version}")
    L.append("")
    if destructor:
        L.append("    override var destructorRequest: (opcode: UInt32, since: UInt32)? {")
        L.append(f"        ({destructor.opcode}, {destructor.since})")
        L.append("    }")
        L.append("")
    for e in iface.enums:
        L += gen_enum(iface, e)
        L.append("")
    if iface.events:
        L.append(f"    /// Events of `{iface.name}`, in protocol order.")
        L.append("    public enum Event {")
        for m in iface.events:
            L.append(f"        /// `{m.name}` (since version {m.since}).")
            L.append(event_case(iface, m, enums))
        L.append("    }")
        L.append("")
        L.append("    /// Called for each event; may drop the last reference to `self`.")
        L.append("    public var onEvent: ((Event) -> Void)?")
        L.append("")
        L.append("    override func dispatch(opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {")
        L.append("        let event: Event")
        L.append("        switch opcode {")
        for m in iface.events:
            L.append(f"        case {m.opcode}: event = {event_decode(iface, m, enums)}")
        L.append("        default: return")
        L.append("        }")
        L.append("        onEvent?(event)")
        L.append("    }")
        L.append("")
    for m in iface.requests:
        L += gen_request(iface, m, enums)
        L.append("")
    while L[-1] == "":
        L.pop()
    L.append("}")
    return "\n".join(L) + "\n"


def main():
    protos = load()
    enums = {}
    h, c = gen_c(protos)
    cdir = os.path.join(ROOT, "Sources/CWaylandProtocols")
    os.makedirs(os.path.join(cdir, "include"), exist_ok=True)
    with open(os.path.join(cdir, "include/CWaylandProtocols.h"), "w") as f:
        f.write(h)
    with open(os.path.join(cdir, "protocols.c"), "w") as f:
        f.write(c)
    sdir = os.path.join(ROOT, "Sources/StrataWayland/Protocols")
    os.makedirs(sdir, exist_ok=True)
    for name in os.listdir(sdir):
        if name.endswith(".swift"):
            os.remove(os.path.join(sdir, name))
    count = 0
    for proto, ifaces in protos:
        for i in ifaces:
            if i.name == "wl_display":
                continue  # owned by libwayland; WaylandConnection wraps it
            with open(os.path.join(sdir, class_name(i.name) + ".swift"), "w") as f:
                f.write(gen_swift(proto, i, enums))
            count += 1
    print(f"generated {count} interfaces")


if __name__ == "__main__":
    main()
