"""Turns symbol graphs into the API dumps of api/ (see .ci/api, which calls it).

  python3 .ci/api.py linux GRAPHS OUT MODULE...
      writes OUT/<module>.txt for each module: its public declarations, one per line, sorted.
  python3 .ci/api.py apple GRAPHS OUT_FILE FLAVOUR LINUX MODULE...
      writes OUT_FILE: for each module, the lines of this build that LINUX/<module>.txt lacks,
      then, prefixed `- `, the lines of LINUX/<module>.txt that this build lacks.

GRAPHS/<module>/ holds each module's symbol graph files (swift-symbolgraph-extract's output).
"""

import glob
import json
import os
import subprocess
import sys


def text(fragments):
    return "".join(f["spelling"] for f in fragments or [])


def availability(symbol):
    parts = []
    for a in symbol.get("availability") or []:
        domain = a.get("domain", "*")
        fields = []
        if a.get("isUnconditionallyDeprecated"):
            fields.append("deprecated")
        if a.get("isUnconditionallyUnavailable"):
            fields.append("unavailable")
        for key in ("introduced", "deprecated", "obsoleted"):
            v = a.get(key)
            if v:
                fields.append(key + " " + ".".join(str(v.get(k)) for k in ("major", "minor", "patch") if k in v))
        for key in ("renamed", "message"):
            if a.get(key):
                fields.append(key + ": " + json.dumps(a[key]))
        parts.append("@available(" + ", ".join([domain] + fields) + ")")
    return " ".join(parts)


OPS = {"conformance": ":", "superclass": ":", "sameType": "=="}
# Conformances every type has implicitly: listing them would only track the compiler.
IMPLICIT = {"Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype"}


def where(cs, inherited):
    cs = [c for c in cs or [] if (c["kind"], c["lhs"], c["rhs"]) not in inherited]
    if not cs:
        return ""
    return " where " + ", ".join(f"{c['lhs']} {OPS.get(c['kind'], c['kind'])} {c['rhs']}" for c in cs)


def demangled(usrs):
    """The names of other modules' types (`s:5UIKit11UITableViewC` -> `UITableView`), which a
    module's graph names only by their USR when it declares their conformance to its protocols."""
    usrs = sorted(usrs)
    if not usrs:
        return {}
    out = subprocess.run(
        ["swift", "demangle", "--compact"], input="\n".join("$s" + u[2:] for u in usrs) + "\n",
        capture_output=True, text=True, check=True).stdout.splitlines()
    if len(out) != len(usrs):
        sys.exit(f"api: swift demangle returned {len(out)} names for {len(usrs)} symbols")
    # Drop the module name: the dumps name types by their path, as the graphs do.
    return {usr: name.split(".", 1)[1] if "." in name else name for usr, name in zip(usrs, out)}


def entries(graphs, module):
    """The dump lines of `module`, sorted."""
    result = set()
    symbols = {}
    files = sorted(glob.glob(os.path.join(graphs, module, "*.symbols.json")))
    loaded = [json.load(open(f)) for f in files]
    for graph in loaded:
        for s in graph.get("symbols", []):
            symbols[s["identifier"]["precise"]] = s
    by_path = {tuple(s["pathComponents"]): s for s in symbols.values()}

    def generic_constraints(path):
        # The constraints a type declares on its own generic parameters: repeated in every
        # member's and conformance's constraints, so left out of them.
        s = by_path.get(tuple(path))
        cs = ((s or {}).get("swiftGenerics") or {}).get("constraints") or []
        return {(c["kind"], c["lhs"], c["rhs"]) for c in cs}

    conformances = [r for graph in loaded for r in graph.get("relationships", []) if r["kind"] == "conformsTo"]
    # Types of other modules conforming to this module's protocols.
    foreign = demangled({r["source"] for r in conformances
                         if r["source"] not in symbols and r.get("targetFallback") not in IMPLICIT})
    for graph in loaded:
        for s in graph.get("symbols", []):
            if s.get("spi"):
                continue
            path = s["pathComponents"]
            parent = ".".join(path[:-1])
            fragments = s.get("declarationFragments") or []
            if s.get("accessLevel") == "open":
                # The graphs leave access out of declarations; `open` (subclasses may override)
                # is part of the API, so it is written where Swift puts it.
                first = next((i for i, f in enumerate(fragments) if f["kind"] == "keyword"), 0)
                fragments = fragments[:first] + [{"spelling": "open "}] + fragments[first:]
            decl = " ".join(text(fragments).split())
            line = (parent + ": " if parent else "") + decl
            line += where((s.get("swiftExtension") or {}).get("constraints"), generic_constraints(path[:-1]))
            avail = availability(s)
            if avail:
                line += "  " + avail
            result.add((".".join(path), 0, line))
    for r in conformances:
        if r["source"] in symbols:
            source = symbols[r["source"]]
            if source.get("spi"):
                continue
            path = source["pathComponents"]
        elif r["source"] in foreign:
            path = foreign[r["source"]].split(".")
        else:
            continue
        target = symbols[r["target"]]["pathComponents"] if r["target"] in symbols else None
        target = ".".join(target) if target else (r.get("targetFallback") or r["target"])
        if target in IMPLICIT:
            continue
        line = ".".join(path) + ": " + target
        line += where(r.get("swiftConstraints"), generic_constraints(path)) + "  (conformance)"
        result.add((".".join(path), 1, line))
    return [line for _, _, line in sorted(result)]


def linux(graphs, out, modules):
    for module in modules:
        lines = entries(graphs, module)
        header = [
            f"// The public API of {module}: one declaration per line, each type followed by its conformances",
            "// and members. Generated from the Linux build by `bash .ci/api update`; do not edit. A change",
            "// here is a change to the public API: record it in CHANGELOG.md.",
        ]
        if not lines:
            header.append("// (No public declarations of its own on Linux.)")
        with open(os.path.join(out, module + ".txt"), "w") as f:
            f.write("\n".join(header + lines) + "\n")


PLATFORMS = {"UIKit": "iOS, tvOS and visionOS", "AppKit": "macOS"}


def apple(graphs, out_file, flavour, linux_dir, modules):
    out = [
        f"// The public API that the {flavour} build ({PLATFORMS[flavour]}) adds to the Linux dumps",
        "// (api/<Module>.txt): under each module, the declarations only this build has, then, prefixed",
        "// `- `, those of the Linux dump it does not have. Generated from the stand-in build",
        f"// (AppleStandIns, {flavour} flavour) by `bash .ci/api update`; do not edit. A change here is a",
        "// change to the public API: record it in CHANGELOG.md.",
    ]
    for module in modules:
        with open(os.path.join(linux_dir, module + ".txt")) as f:
            theirs = [line for line in f.read().splitlines() if not line.startswith("//")]
        ours = entries(graphs, module)
        theirs_set, ours_set = set(theirs), set(ours)
        added = [line for line in ours if line not in theirs_set]
        lacking = [line for line in theirs if line not in ours_set]
        if added or lacking:
            out += ["", f"// {module}"] + added + ["- " + line for line in lacking]
    with open(out_file, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "linux":
        linux(args[0], args[1], args[2:])
    elif mode == "apple":
        apple(args[0], args[1], args[2], args[3], args[4:])
    else:
        sys.exit(f"api.py: unknown mode {mode}")
