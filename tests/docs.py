#!/usr/bin/env python3
"""docs.py -- every `$ pz ...` example of the documentation, run and compared.

    python3 tests/docs.py [--accept] PZ [DOC...]

In README.md, doc/*.md and doc/pz.1, a line `$ pz ARGS` or `$ build/pz ARGS`
in a code block (``` in Markdown, .EX/.EE in the man page) is a command;
the lines after it, up to the next `$ ` line or the end of the block, are
what it prints (standard output and standard error together).  A line
`...` stands for any lines in between: what comes before the first `...`
must start the output, what follows the last must end it, and the pieces
between must come in that order.  Times (`"time": 0.000012`,
`time=0.041ms`) are masked on both sides.  Other `$ ` lines (`$ make run`)
are not run.

Each document runs in a folder of its own, where `pz` and `build/pz` are the
pz under test and `examples/`, `tests/` and `stdlib/` are the sources' own,
so that messages print paths as the reader sees them.  The puzzle files a
document names are made there from the document itself:

* a ```pz block whose first line is `% NAME.pz -- ...` is written to NAME.pz,
  and an ```output block right after it is what `pz NAME.pz` prints on
  standard output;
* an HTML comment line before a block says what else to do with it:
  `<!-- test: file NAME -->` writes the block to NAME,
  `<!-- test: append NAME -->` adds it at the end of NAME,
  `<!-- test: same NAME -->` checks that NAME is exactly the block (the
  steps of the tutorial add up to the whole file it shows), and
  `<!-- test: $ COMMAND -->` (no block needed) runs a shell command there,
  such as the `sed` that makes the typing mistake of the tutorial.
  `<!-- test: slow -->` before a block runs its commands only with
  PZ_DOCS_SLOW=1 (the counts that take a minute).

Exit status 0 when every example prints what the documentation says.
--accept writes what pz prints now into the Markdown documents, for the
examples without `...` (read the diff before committing it).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

DOCS = ["README.md", "doc/tutorial.md", "doc/language.md", "doc/teaching.md",
        "doc/json.md", "doc/pictures.md", "doc/pz.1"]
TIME = [(re.compile(r'"time": [0-9.e+-]+'), '"time": T'),
        (re.compile(r'time=[0-9.e+-]+ms'), 'time=T')]
DIRECTIVE = re.compile(r'^<!-- test: (.*?) -->\s*$')
FILE_HEADER = re.compile(r'^% ([A-Za-z0-9_]+\.pz) -- ')


def unroff(line):
    """A line of an .EX block of the man page as it prints."""
    for a, b in ((r'\-', '-'), (r'\(aq', "'"), (r'\(dq', '"'), (r'\(mu', 'x'),
                 (r'\e', '\\'), (r'\&', '')):
        line = line.replace(a, b)
    return line


def blocks(path):
    """(directives, kind, lines, first) for each code block of the document;
    first is the index of the block's first line in the file."""
    text = open(path, encoding="utf-8").read().split("\n")
    troff = path.endswith(".1")
    out, pending, cur, kind, first = [], [], None, None, 0
    for at, line in enumerate(text):
        if cur is None:
            m = DIRECTIVE.match(line)
            if m:
                pending.append(m.group(1))
            elif (not troff and line.startswith("```")) or (troff and line == ".EX"):
                cur, kind, first = [], line[3:].strip() if not troff else "console", at + 1
            elif line.strip() and not line.startswith("<!--"):
                # a directive with no block right after it stands alone
                if pending:
                    out.append((pending, None, [], at))
                pending = []
        else:
            if (not troff and line.startswith("```")) or (troff and line == ".EE"):
                out.append((pending, kind, cur, first))
                pending, cur = [], None
            else:
                cur.append(unroff(line) if troff else line)
    if pending:
        out.append((pending, None, [], len(text)))
    return out


def is_pz_command(cmd):
    first = cmd.split()[0] if cmd.split() else ""
    return first in ("pz", "build/pz") or re.search(r'\| *(build/)?pz ', cmd) is not None


def examples(lines):
    """(command, expected lines, index of the first of them in lines) for
    each `$ ` command of a block that runs pz."""
    out, cmd, want, at = [], None, [], 0
    for i, line in enumerate(lines + ["$ "]):
        if line.startswith("$ "):
            if cmd is not None and is_pz_command(cmd):
                out.append((cmd, want, at))
            cmd, want, at = line[2:], [], i + 1
        elif cmd is not None:
            want.append(line)
    return out


def mask(lines):
    out = []
    for line in lines:
        for pat, rep in TIME:
            line = pat.sub(rep, line)
        out.append(line)
    return out


def matches(want, got):
    """got fits want, where each `...` line of want stands for any lines."""
    pieces, cur = [], []
    for line in want:
        if line == "...":
            pieces.append(cur)
            cur = []
        else:
            cur.append(line)
    pieces.append(cur)
    if len(pieces) == 1:
        return want == got
    first, last = pieces[0], pieces[-1]
    if got[:len(first)] != first:
        return False
    pos, end = len(first), len(got) - len(last)
    if end < pos or (last and got[end:] != last):
        return False
    for piece in pieces[1:-1]:
        found = False
        for p in range(pos, end - len(piece) + 1):
            if got[p:p + len(piece)] == piece:
                pos, found = p + len(piece), True
                break
        if not found:
            return False
    return True


def run_doc(doc, pz, root, tmp, accept):
    work = os.path.join(tmp, doc.replace("/", "_"))
    os.makedirs(os.path.join(work, "build"))
    os.symlink(pz, os.path.join(work, "build", "pz"))
    for d in ("examples", "tests", "stdlib"):
        os.symlink(os.path.join(root, d), os.path.join(work, d))
    env = dict(os.environ, PATH=os.path.join(work, "build") + os.pathsep + os.environ["PATH"])
    slow = os.environ.get("PZ_DOCS_SLOW") == "1"
    passed = failed = skipped = 0
    fixes = []                          # (first line, end, new lines) for --accept
    last_file = None                    # the file the block before wrote, for an ```output block
    for directives, kind, lines, first in blocks(os.path.join(root, doc)):
        content = "".join(l + "\n" for l in lines)
        handled, is_slow = False, False
        for d in directives:
            words = d.split(None, 1)
            if words[0] == "file" or words[0] == "append":
                with open(os.path.join(work, words[1]), "w" if words[0] == "file" else "a",
                          encoding="utf-8") as f:
                    f.write(content)
                handled = True
            elif words[0] == "same":
                have = open(os.path.join(work, words[1]), encoding="utf-8").read()
                if have == content:
                    passed += 1
                else:
                    failed += 1
                    print("FAIL: %s: %s is not the file the steps before made" % (doc, words[1]))
                handled = True
            elif words[0] == "$":
                r = subprocess.run(words[1], shell=True, cwd=work, env=env)
                if r.returncode != 0:
                    failed += 1
                    print("FAIL: %s: the step `%s` failed" % (doc, words[1]))
            elif words[0] == "slow":
                is_slow = True
            else:
                failed += 1
                print("FAIL: %s: unknown test directive '%s'" % (doc, d))
        if kind is None:
            continue
        m = FILE_HEADER.match(lines[0]) if kind == "pz" and lines else None
        if m and not handled:
            with open(os.path.join(work, m.group(1)), "w", encoding="utf-8") as f:
                f.write(content)
        runs = examples(lines)
        if kind == "output" and last_file:
            runs = [("pz %s 2>/dev/null" % last_file, lines, 0)]
        last_file = m.group(1) if m else None
        for cmd, want, at in runs:
            if is_slow and not slow:
                skipped += 1
                continue
            r = subprocess.run(cmd, shell=True, cwd=work, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            got = r.stdout.decode("utf-8", "replace").split("\n")
            if got and got[-1] == "":
                got.pop()
            if matches(mask(want), mask(got)):
                passed += 1
            elif accept and "..." not in want and not doc.endswith(".1"):
                fixes.append((first + at, first + at + len(want), got))
                passed += 1
            else:
                failed += 1
                print("FAIL: %s: $ %s" % (doc, cmd))
                a, b = mask(want), mask(got)
                for line in list(__import__("difflib").unified_diff(a, b, "documented", "printed",
                                                                      lineterm=""))[2:22]:
                    print("  " + line)
    if fixes:
        path = os.path.join(root, doc)
        text = open(path, encoding="utf-8").read().split("\n")
        for start, end, got in reversed(fixes):
            text[start:end] = got
        open(path, "w", encoding="utf-8").write("\n".join(text))
    return passed, failed, skipped


def main():
    args = sys.argv[1:]
    accept = bool(args) and args[0] == "--accept"
    if accept:
        args = args[1:]
    pz = os.path.abspath(args[0])
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    docs = args[1:] or DOCS
    tmp = tempfile.mkdtemp()
    try:
        total = [0, 0, 0]
        for doc in docs:
            for i, n in enumerate(run_doc(doc, pz, root, tmp, accept)):
                total[i] += n
    finally:
        shutil.rmtree(tmp)
    print("docs: %d passed, %d failed%s" % (total[0], total[1],
          ", %d slow ones not run (PZ_DOCS_SLOW=1 runs them)" % total[2] if total[2] else ""))
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main())
