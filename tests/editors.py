#!/usr/bin/env python3
"""editors.py -- the editor files under editors/ know every word of pz.

Reads the keywords and operators from grammar/lexer.l (the rules that
return a token outright) and the built-ins from interp/front/builtins.def,
then checks:
  - the TextMate grammar (editors/vscode/syntaxes/pz.tmLanguage.json) is
    valid JSON, every regex in it compiles (with Python's re, and with
    node's RegExp when node is installed), and a small tokenizer running
    it over `x TOKEN y` gives each token one match, of a keyword,
    operator or punctuation scope; built-ins are functions where called;
    comments and strings are what they should be;
  - the Vim syntax file does the same: with vim installed, vim itself
    names the syntax group under every character of each token; without
    it, the keyword lists and the operator pattern are read directly;
  - package.json and language-configuration.json are valid JSON and
    agree on the file name and comment character.

  python3 tests/editors.py        (run by make check)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
failures = []


def fail(msg):
    failures.append(msg)


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


# --- the words of pz ---------------------------------------------------------

def lexer_tokens():
    text = read("grammar/lexer.l")
    rules = text.split("\n%%\n")[1]
    words, ops = [], []
    for line in rules.splitlines():
        m = re.match(r'^"([^"]+)"\s+\{ return (TOK_\w+|\'.\'); \}', line)
        if m:
            lit = re.sub(r"\\(.)", r"\1", m.group(1))
            (words if re.fullmatch(r"[a-z]+", lit) else ops).append(lit)
            continue
        m = re.match(r"^\[(.*)\] \{ return yytext\[0\]; \}", line)
        if m:
            cls, i = m.group(1), 0
            while i < len(cls):
                if cls[i] == "\\":
                    i += 1
                ops.append(cls[i])
                i += 1
    return words, ops


def builtins():
    return re.findall(r'^BUILTIN(?:_ALIAS)?\(\w+, "(\w+)"', read("interp/front/builtins.def"), re.M)


WORDS, OPS = lexer_tokens()
BUILTINS = builtins()
if len(WORDS) < 20 or len(OPS) < 20 or len(BUILTINS) < 20:
    fail("could not read the tokens of grammar/lexer.l or the built-ins "
         f"({len(WORDS)} words, {len(OPS)} operators, {len(BUILTINS)} built-ins)")

# Each sample line puts one token at column 3 (1-based): x TOKEN y
# ('_' alone, the wildcard, is a word of its own)
SAMPLES = [("x %s y" % t, 2, len(t), "word" if t in WORDS else "wildcard" if t == "_" else "op")
           for t in WORDS + OPS]


# --- TextMate -----------------------------------------------------------------

def load_json(path):
    try:
        return json.loads(read(path))
    except (OSError, ValueError) as e:
        fail(f"{path}: not valid JSON: {e}")
        return None


def all_regexes(node, out):
    if isinstance(node, dict):
        for k in ("match", "begin", "end"):
            if k in node:
                out.append(node[k])
        for v in node.values():
            all_regexes(v, out)
    elif isinstance(node, list):
        for v in node:
            all_regexes(v, out)
    return out


def flatten(grammar, patterns):
    """The patterns with their includes resolved, in order."""
    out = []
    for p in patterns:
        if "include" in p:
            ref = p["include"]
            if not ref.startswith("#") or ref[1:] not in grammar["repository"]:
                fail(f"TextMate: include {ref} names nothing in the repository")
                continue
            r = grammar["repository"][ref[1:]]
            out += flatten(grammar, r["patterns"]) if "patterns" in r and "match" not in r and "begin" not in r else [r]
        elif "patterns" in p and "match" not in p and "begin" not in p:
            out += flatten(grammar, p["patterns"])
        else:
            out.append(p)
    return out


def tm_scan(grammar, line):
    """(start, end, scope) of each match TextMate would make on one line."""
    top = flatten(grammar, grammar["patterns"])
    pos, toks = 0, []
    while pos < len(line):
        best = None
        for p in top:
            m = re.compile(p.get("match") or p["begin"]).search(line, pos)
            if m and m.end() > m.start() and (best is None or m.start() < best[1].start()):
                best = (p, m)
        if best is None:
            break
        p, m = best
        if "match" in p:
            toks.append((m.start(), m.end(), p.get("name", "")))
            pos = m.end()
            continue
        # a region: inner patterns and the end, the earliest first (the end on a tie)
        inner = flatten(grammar, p.get("patterns", []))
        q = m.end()
        while True:
            e = re.compile(p["end"]).search(line, q)
            firsts = [re.compile(i["match"]).search(line, q) for i in inner if "match" in i]
            firsts = [f for f in firsts if f and f.end() > f.start()]
            f = min(firsts, key=lambda f: f.start(), default=None)
            if f and (e is None or f.start() < e.start()):
                q = f.end()
                continue
            end = e.end() if e else len(line)
            toks.append((m.start(), end, p.get("name", "")))
            pos = max(end, m.end()) if end > m.start() else len(line)
            break
    return toks


def check_textmate():
    path = "editors/vscode/syntaxes/pz.tmLanguage.json"
    g = load_json(path)
    if g is None:
        return
    if g.get("scopeName") != "source.pz":
        fail(f"{path}: scopeName is not source.pz")
    regexes = all_regexes(g, [])
    for r in regexes:
        try:
            re.compile(r)
        except re.error as e:
            fail(f"{path}: the regex {r!r} does not compile: {e}")
    node = shutil.which("node")
    if node:
        js = "for (const r of JSON.parse(process.argv[1])) { try { new RegExp(r); } " \
             "catch (e) { console.log(r + ': ' + e.message); process.exitCode = 1; } }"
        r = subprocess.run([node, "-e", js, json.dumps(regexes)], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"{path}: regexes node cannot compile: {r.stdout.strip()}")
    if failures:
        return
    for line, col, n, kind in SAMPLES:
        toks = tm_scan(g, line)
        hit = [t for t in toks if t[0] == col and t[1] == col + n]
        ok_scopes = {"word": ("keyword.", "constant.language."), "wildcard": ("variable.language.",),
                     "op": ("keyword.operator.", "punctuation.")}[kind]
        if not hit or not hit[0][2].startswith(ok_scopes):
            fail(f"TextMate: '{line[col:col + n]}' is not one {kind} match in '{line}' (matches: {toks})")
    for b in BUILTINS:
        called = [t for t in tm_scan(g, f"x = {b}(y)") if t[0] == 4]
        if not called or called[0][1] != 4 + len(b) or not called[0][2].startswith("support.function."):
            fail(f"TextMate: the built-in {b}(...) is not a function")
        bare = [t for t in tm_scan(g, f"x = {b}.") if t[0] == 4]
        if bare and bare[0][2].startswith("support.function."):
            fail(f"TextMate: '{b}' without '(' is a function (an unknown may be called {b})")
    cases = [('x = 1. % a comment "x" 3', 7, len('x = 1. % a comment "x" 3'), "comment."),
             ('show "a \\" b", x.', 5, 5 + len('"a \\" b"'), "string."),
             ('show "no end', 5, len('show "no end'), "string.")]
    for line, start, end, scope in cases:
        toks = tm_scan(g, line)
        if not any(t[0] == start and t[1] == end and t[2].startswith(scope) for t in toks):
            fail(f"TextMate: '{line}' has no {scope[:-1]} from column {start + 1} to {end} ({toks})")


# --- Vim ----------------------------------------------------------------------

def vim_groups(vimdir, lines):
    """The syntax group under every character of each line, by vim itself."""
    with tempfile.TemporaryDirectory() as tmp:
        sample = os.path.join(tmp, "sample.pz")
        out = os.path.join(tmp, "groups")
        with open(sample, "w") as f:
            f.write("\n".join(lines) + "\n")
        script = os.path.join(tmp, "run.vim")
        with open(script, "w") as f:
            f.write("let r = [&filetype]\n"
                    "for l in range(1, line('$'))\n"
                    "  let g = []\n"
                    "  for c in range(1, col([l, '$']) - 1)\n"
                    "    call add(g, synIDattr(synID(l, c, 1), 'name'))\n"
                    "  endfor\n"
                    "  call add(r, join(g, ' '))\n"
                    "endfor\n"
                    f"call writefile(r, '{out}')\n"
                    "qa!\n")
        subprocess.run(["vim", "-u", "NONE", "-N", "-es", "-i", "NONE", "--cmd", f"set rtp^={vimdir}",
                        "-c", "filetype on", "-c", "syntax on", "-c", f"edit {sample}",
                        "-S", script], capture_output=True, timeout=60)
        if not os.path.exists(out):
            fail("Vim: vim ran but wrote nothing")
            return None
        with open(out) as f:
            rows = f.read().split("\n")
        return rows[0], [r.split(" ") if r else [] for r in rows[1:1 + len(lines)]]


def vim_to_python(pat):
    """A Vim 'magic' pattern of the kinds pz.vim uses, as a Python regex."""
    atoms, i = [], 0
    while i < len(pat):
        c = pat[i]
        if pat.startswith("\\@!", i) and atoms:      # the atom before must not follow
            atoms[-1] = "(?!" + atoms[-1] + ")"
            i += 3
        elif c == "\\" and i + 1 < len(pat):
            d = pat[i + 1]
            atoms.append({"|": "|", "(": "(", ")": ")", "+": "+", "?": "?", "<": r"\b", ">": r"\b",
                          "=": "?"}.get(d, "\\" + d))
            i += 2
        elif c == "[":                                  # a class, as it is
            j = pat.index("]", i + 2 if pat[i + 1] in "]^" else i + 1)
            while pat[j - 1] == "\\":
                j = pat.index("]", j + 1)
            atoms.append(pat[i:j + 1])
            i = j + 1
        else:
            atoms.append("\\" + c if c in "|()+?{}" else c)
            i += 1
    return "".join(atoms)


def check_vim():
    syn = read("editors/vim/syntax/pz.vim")
    if "setfiletype pz" not in read("editors/vim/ftdetect/pz.vim") or "*.pz" not in read("editors/vim/ftdetect/pz.vim"):
        fail("Vim: ftdetect/pz.vim does not set the filetype pz for *.pz")
    if shutil.which("vim"):
        lines = [s[0] for s in SAMPLES] + [f"x = {b}(y)" for b in BUILTINS] + [f"x = {b}." for b in BUILTINS]
        got = vim_groups(os.path.join(ROOT, "editors/vim"), lines)
        if got is None:
            return
        ft, rows = got
        if ft != "pz":
            fail(f"Vim: a .pz file gets the filetype '{ft}', not pz")
        for (line, col, n, kind), row in zip(SAMPLES, rows):
            groups = set(row[col:col + n])
            tok = line[col:col + n]
            if len(groups) != 1 or not next(iter(groups)).startswith("pz") or \
               (kind == "op" and n > 1 and groups != {"pzOperator"}):
                fail(f"Vim: '{tok}' in '{line}' is highlighted as {sorted(groups)}")
        k = len(SAMPLES)
        for j, b in enumerate(BUILTINS):
            if set(rows[k + j][4:4 + len(b)]) != {"pzBuiltin"}:
                fail(f"Vim: the built-in {b}(...) is not pzBuiltin")
            if "pzBuiltin" in rows[k + len(BUILTINS) + j]:
                fail(f"Vim: '{b}' without '(' is pzBuiltin")
        return
    # no vim: read the file
    keywords = set()
    for m in re.finditer(r"^syn keyword pz\w+\s+(.*)$", syn, re.M):
        keywords.update(m.group(1).split())
    for w in WORDS:
        if w not in keywords:
            fail(f"Vim: the keyword '{w}' is in no 'syn keyword' line")
    matches = [vim_to_python(m.group(1)) for m in re.finditer(r'^syn match pz(?:Operator|Delimiter|Wildcard)\s+"(.*)"', syn, re.M)]
    for op in OPS:
        if not any(re.fullmatch(p, op) for p in matches):
            fail(f"Vim: the operator '{op}' matches no pzOperator, pzDelimiter or pzWildcard pattern")


def check_vscode_package():
    pkg = load_json("editors/vscode/package.json")
    conf = load_json("editors/vscode/language-configuration.json")
    if pkg is None or conf is None:
        return
    langs = pkg.get("contributes", {}).get("languages", [])
    grams = pkg.get("contributes", {}).get("grammars", [])
    if not langs or ".pz" not in langs[0].get("extensions", []):
        fail("package.json: the language has no .pz extension")
    if not grams or grams[0].get("scopeName") != "source.pz" or \
       not os.path.exists(os.path.join(ROOT, "editors/vscode", grams[0].get("path", "-"))):
        fail("package.json: the grammar is not source.pz at an existing path")
    if conf.get("comments", {}).get("lineComment") != "%":
        fail("language-configuration.json: the line comment is not %")


check_textmate()
check_vim()
check_vscode_package()
for f in failures:
    print("editors: " + f)
if failures:
    sys.exit(1)
print(f"editors: {len(WORDS)} keywords, {len(OPS)} operators and {len(BUILTINS)} built-ins "
      f"highlighted by the TextMate grammar and the Vim syntax file" +
      ("" if shutil.which("vim") else " (Vim's file read, vim not installed)"))
