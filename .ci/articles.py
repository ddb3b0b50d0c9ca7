"""Extracts the ```swift blocks of Markdown files into compilation units and compiles them.

Called by .ci/articles (read it first):
    python3 .ci/articles.py KIND OUT_DIR [swiftc search flags...] -- FILE.md...
KIND is `main` (units that import no Apple framework) or `UIKit`/`AppKit` (units that do).
"""

import os
import re
import subprocess
import sys
import time

APPLE_SDK = "// Apple SDK (not compiled here)"
NOT_COMPILED = re.compile(r"^// not compiled: \S")
FILE = re.compile(r"^// file: (\S+\.swift)\s*$")
CONTINUES = re.compile(r"^// continues: (\S+\.swift)\s*$")
OPEN = re.compile(r"^(\s*)```swift\s*$")
CLOSE = re.compile(r"^\s*```\s*$")
APPLE_IMPORT = re.compile(r"^\s*import\s+(UIKit|AppKit|CoreData|OpenDiffableCoreData)\s*$", re.M)


def blocks(path):
    """The swift blocks of a Markdown file: (first code line number, lines without the fence's indent)."""
    result, current, indent, start = [], None, "", 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().split("\n"), start=1):
            if current is None:
                m = OPEN.match(line)
                if m:
                    current, indent, start = [], m.group(1), number + 1
            elif CLOSE.match(line):
                result.append((start, current))
                current = None
            else:
                current.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
    if current is not None:
        sys.exit(f"{path}:{start - 1}: error: unclosed ```swift block")
    return result


def units(path):
    """The article's units, in order of first appearance: name -> list of (line, code lines)."""
    stem = os.path.splitext(os.path.basename(path))[0]
    order, content, current = [], {}, stem
    for line, code in blocks(path):
        first = next((c.strip() for c in code if c.strip()), "")
        if first == APPLE_SDK or NOT_COMPILED.match(first):
            continue
        m_file, m_cont = FILE.match(first), CONTINUES.match(first)
        if m_file:
            current = f"{stem}-{m_file.group(1)[:-len('.swift')]}"
            if current in content:
                sys.exit(f"{path}:{line}: error: `// file: {m_file.group(1)}` names a file an earlier block started")
        elif m_cont:
            current = f"{stem}-{m_cont.group(1)[:-len('.swift')]}"
            if current not in content:
                sys.exit(f"{path}:{line}: error: `// continues: {m_cont.group(1)}`: no earlier block starts that file")
        if current not in content:
            order.append(current)
            content[current] = []
        content[current].append((line, code))
    return [(name, content[name]) for name in order]


def kind_of(source):
    imports = set(APPLE_IMPORT.findall(source))
    if not imports:
        return "main"
    return "AppKit" if "AppKit" in imports else "UIKit"


def main():
    kind, out = sys.argv[1], sys.argv[2]
    split = sys.argv.index("--")
    flags, files = " ".join(sys.argv[3:split]).split(), sys.argv[split + 1:]
    failed, compiled, skipped, start = [], 0, 0, time.time()
    for path in files:
        rel = os.path.relpath(path)
        for name, parts in units(path):
            source = []
            for line, code in parts:
                source.append(f'#sourceLocation(file: "{rel}", line: {line})')
                source.extend(code)
            source.append("#sourceLocation()")
            text = "\n".join(source) + "\n"
            if kind_of(text) != kind:
                skipped += 1
                continue
            unit = os.path.join(out, re.sub(r"[^A-Za-z0-9_-]", "_", name) + ".swift")
            with open(unit, "w", encoding="utf-8") as f:
                f.write(text)
            module = "Article_" + re.sub(r"[^A-Za-z0-9_]", "_", name)
            command = ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-module-name", module,
                       "-emit-sil", "-o", os.devnull, *flags, unit]
            result = subprocess.run(command, capture_output=True, text=True)
            compiled += 1
            blocks_count = len(parts)
            if result.returncode != 0:
                failed.append(f"{rel} ({name}, {blocks_count} blocks)")
                sys.stderr.write(result.stdout + result.stderr)
            else:
                print(f"articles ({kind}): {rel}: {name}: {blocks_count} blocks compile")
    took = time.time() - start
    if failed:
        sys.stderr.write(f"articles ({kind}): these articles' code does not compile as a reader copies it:\n")
        for f in failed:
            sys.stderr.write(f"  {f}\n")
        sys.exit(1)
    print(f"articles ({kind}): {compiled} units compiled in {took:.1f} s ({skipped} units belong to other builds)")


main()
