#!/usr/bin/env python3
"""logic_gen.py -- logic grids of E entities and A attributes for bench/scaling.sh.

  python3 bench/logic_gen.py pool E A SEED > POOL.pz
      A hidden answer at random (each attribute a permutation of E named
      values over the entities 1..E) and a pool of candidate clues true in
      it, in the kinds logic-grid puzzles use: same entity (red = dog),
      different entities (red != cat), a position (fish = 3), left_of,
      next_to and somewhere_left_of (stdlib/logic_grid.pz).  The pool
      always pins the answer down: each entity's values are joined by a
      chain of same-entity clues, and each entity has a position clue.
      The hidden answer is written as a comment, `% hidden: red=3 ...`.

  pz generate --seed S POOL.pz > INSTANCE.pz
      pz chooses a minimal set of the candidates that keeps the answer
      unique; that file is the instance.

  python3 bench/logic_gen.py mzn INSTANCE.pz > INSTANCE.mzn
      The same instance as a MiniZinc model in the house style of
      bench/peers/mzn/zebra.mzn: a variable per value (the entity it is
      at), all_different per attribute, a constraint per clue.

  python3 bench/logic_gen.py check INSTANCE.pz ANSWER.json [mzn ANSWER.txt]
      Exit 0 when pz's answer (pz --json --count INSTANCE.pz) is exactly
      one solution and that solution is the hidden answer of the pool's
      comment; with `mzn ANSWER.txt` (minizinc -a output of the model
      above), also that MiniZinc found that one solution and no other.
"""
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout

ATTRIBUTES = [
    ("colour", "red green blue yellow white black orange purple pink brown"),
    ("pet", "dog cat fish bird horse snake rabbit mouse turtle hamster"),
    ("drink", "tea coffee milk juice water cocoa soda lemonade cider beer"),
    ("nation", "english spanish french german italian dutch swedish polish greek irish"),
    ("sport", "tennis chess golf rugby hockey cricket boxing rowing skiing darts"),
    ("job", "baker doctor farmer pilot teacher nurse painter tailor judge sailor"),
    ("fruit", "apple pear plum cherry mango lemon grape peach kiwi melon"),
    ("car", "audi bmw ford fiat honda kia mazda opel seat volvo"),
]


def pool(e, a, seed):
    if not (2 <= e <= 10 and 2 <= a <= len(ATTRIBUTES)):
        sys.exit("logic_gen: E must be 2..10 and A 2..%d" % len(ATTRIBUTES))
    rnd = random.Random(seed * 1000003 + e * 101 + a)
    attrs = [(name, values.split()[:e]) for name, values in ATTRIBUTES[:a]]
    # at[v] = the entity (1..e) of value v; who[k][p] = the value of attribute k at p
    at, who = {}, []
    for name, values in attrs:
        perm = list(range(1, e + 1))
        rnd.shuffle(perm)
        for v, p in zip(values, perm):
            at[v] = p
        who.append({p: v for v, p in zip(values, perm)})
    clues, seen = [], set()

    def add(text):
        """A clue once: x = y and y = x (!=, next_to) are the same clue."""
        m = re.match(r"(\w+)\((\w+), (\w+)\)$|(\w+) (!?=) (\w+)$", text)
        kind, x, y = (m.group(1), m.group(2), m.group(3)) if m.group(1) else \
            (m.group(5), m.group(4), m.group(6))
        key = (kind,) + (tuple(sorted((x, y))) if kind in ("=", "!=", "next_to") else (x, y))
        if key in seen:
            return False
        seen.add(key)
        clues.append(text)
        return True

    # enough to pin the answer down: per entity a chain through its A values
    # in random order, and a position
    for p in range(1, e + 1):
        vs = [who[k][p] for k in range(a)]
        rnd.shuffle(vs)
        for x, y in zip(vs, vs[1:]):
            add("%s = %s" % (x, y))
        add("%s = %d" % (rnd.choice(vs), p))
    allv = list(at)
    attr_of = {v: k for k, (_, vs) in enumerate(attrs) for v in vs}
    # then facts of every kind, about as many of each as there are values
    n = e * a
    for _ in range(n // 2):
        x, y = rnd.sample(allv, 2)
        if at[x] == at[y]:
            add("%s = %s" % (x, y))
    for _ in range(n // 2):
        x = rnd.choice(allv)
        add("%s = %d" % (x, at[x]))
    tries = 0
    while tries < 20 * n and sum(" != " in c for c in clues) < n:
        tries += 1
        x, y = rnd.sample(allv, 2)
        if at[x] != at[y] and attr_of[x] != attr_of[y]:
            add("%s != %s" % (x, y))
    for kind, ok in (("left_of", lambda p, q: q == p + 1),
                     ("next_to", lambda p, q: abs(p - q) == 1),
                     ("somewhere_left_of", lambda p, q: p < q)):
        made, tries = 0, 0
        while made < n // 2 and tries < 50 * n:
            tries += 1
            x, y = rnd.sample(allv, 2)
            if ok(at[x], at[y]):
                made += add("%s(%s, %s)" % (kind, x, y))
    rnd.shuffle(clues)
    out = []
    out.append("%% A logic grid of %d entities and %d attributes: a pool of candidate" % (e, a))
    out.append("% clues true in one hidden answer, for pz generate (bench/logic_gen.py")
    out.append("%% pool %d %d %d)." % (e, a, seed))
    out.append("% hidden: " + " ".join("%s=%d" % (v, at[v]) for _, vs in attrs for v in vs))
    out.append("")
    out.append("import logic_grid.")
    out.append("")
    out.append("entities place: 1..%d." % e)
    for name, values in attrs:
        out.append("attribute %s: %s." % (name, ", ".join(values)))
    out.append("")
    for i, c in enumerate(clues, 1):
        out.append("candidate clue %d: %s." % (i, c))
    print("\n".join(out))


def read_instance(path):
    """The entities' count, the attributes, the plain clues and the hidden answer."""
    e, attrs, clues, hidden = None, [], [], {}
    with open(path) as f:
        for line in f:
            line = line.split("%", 1)[0].strip() if not line.startswith("% hidden:") else line
            m = re.match(r"% hidden: (.*)", line)
            if m:
                for kv in m.group(1).split():
                    k, v = kv.split("=")
                    hidden[k] = int(v)
                continue
            m = re.match(r"entities \w+: 1\.\.(\d+)\.$", line)
            if m:
                e = int(m.group(1))
            m = re.match(r"attribute (\w+): (.*)\.$", line)
            if m:
                attrs.append((m.group(1), [v.strip() for v in m.group(2).split(",")]))
            m = re.match(r"clue (\w+): (.*)\.$", line)
            if m:
                clues.append((m.group(1), m.group(2)))
    if e is None or not attrs:
        sys.exit("logic_gen: %s: no entities or attributes" % path)
    return e, attrs, clues, hidden


def mzn_of(body, names):
    """One clue in MiniZinc: X = Y, X != Y, X = k, left_of, next_to, somewhere_left_of."""
    def name(s):
        s = s.strip()
        if s in names or s.isdigit():
            return s
        sys.exit("logic_gen: cannot read %r in a clue" % s)
    m = re.match(r"(\w+)\((\w+), (\w+)\)$", body)
    if m:
        kind, x, y = m.group(1), name(m.group(2)), name(m.group(3))
        form = {"left_of": "%(y)s = %(x)s + 1", "next_to": "abs(%(x)s - %(y)s) = 1",
                "somewhere_left_of": "%(x)s < %(y)s"}.get(kind)
        if form is None:
            sys.exit("logic_gen: no MiniZinc form for %s" % kind)
        return form % {"x": x, "y": y}
    m = re.match(r"(\w+) (=|!=) (\w+)$", body)
    if m:
        return "%s %s %s" % (name(m.group(1)), m.group(2), name(m.group(3)))
    sys.exit("logic_gen: cannot read the clue %r" % body)


def mzn(path):
    e, attrs, clues, _ = read_instance(path)
    names = {v for _, vs in attrs for v in vs}
    out = ["%% %s as MiniZinc (bench/logic_gen.py mzn): each value is a variable," % path.split("/")[-1],
           "% the place (1..E) where it is; a constraint per clue.",
           'include "all_different.mzn";',
           "set of int: Place = 1..%d;" % e]
    for name, vs in attrs:
        out.append(" ".join("var Place: %s;" % v for v in vs))
    for name, vs in attrs:
        out.append("array[1..%d] of var Place: %s = [%s];" % (e, name, ", ".join(vs)))
    out.append("constraint " + " /\\ ".join("all_different(%s)" % n for n, _ in attrs) + ";")
    for label, body in clues:
        out.append("constraint %s;  %% %s" % (mzn_of(body, names), label))
    out.append("solve satisfy;")
    out.append("output [%s, \"\\n\"];" % ", \" \", ".join(
        '"%s=", show(%s)' % (v, v) for _, vs in attrs for v in vs))
    print("\n".join(out))


def check(path, answer, rest):
    e, attrs, _, hidden = read_instance(path)
    if not hidden:
        sys.exit("logic_gen: %s has no hidden answer" % path)
    with open(answer) as f:
        d = json.load(f)
    sols = d.get("solutions", [])
    bad = []
    if len(sols) != 1:
        bad.append("pz found %d solutions, not 1" % len(sols))
    else:
        got = {}
        for name, vs in attrs:
            got.update({v: p for v, p in zip(vs, sol_values(sols[0], name, vs))})
        if got != hidden:
            bad.append("pz's answer is not the hidden one")
    if rest[:1] == ["mzn"]:
        with open(rest[1]) as f:
            text = f.read()
        found = [dict((kv.split("=")[0], int(kv.split("=")[1])) for kv in line.split())
                 for line in text.splitlines() if "=" in line and "=====" not in line]
        if found != [hidden] or "==========" not in text:
            bad.append("MiniZinc found %d solutions%s" % (
                len(found), "" if found == [hidden] else ", not just the hidden one"))
    for b in bad:
        print("logic_gen: %s: %s" % (path, b), file=sys.stderr)
    sys.exit(1 if bad else 0)


def sol_values(sol, name, vs):
    """The places of an attribute's values in one solution of pz --json
    (its "grid": place -> attribute -> value)."""
    place = {row[name]: int(p) for p, row in sol.get("grid", {}).items() if name in row}
    if all(v in place for v in vs):
        return [place[v] for v in vs]
    sys.exit("logic_gen: no values of %s in pz's answer" % name)


def make(e, a, seed, pz, outdir, mzn_check=True):
    """pool -> pz generate -> the instance (candidates dropped) and its model, both checked."""
    base = os.path.join(outdir, "logic_%dx%d" % (e, a))
    buf = io.StringIO()
    with redirect_stdout(buf):
        pool(e, a, seed)
    text = buf.getvalue()
    npool = text.count("\ncandidate clue ")
    with tempfile.TemporaryDirectory() as tmp:
        pool_file = os.path.join(tmp, "pool.pz")
        with open(pool_file, "w") as f:
            f.write(text)
        t0 = time.time()
        r = subprocess.run([pz, "generate", "--seed", str(seed), pool_file],
                           capture_output=True, text=True)
        took = time.time() - t0
        if r.returncode != 0:
            sys.exit("logic_gen: pz generate failed (%d): %s" % (r.returncode, r.stderr))
        chosen = [l for l in r.stdout.splitlines() if re.match(r"clue \w+: ", l)]
        hidden = [l for l in text.splitlines() if l.startswith("% hidden:")]
        decls = [l for l in text.splitlines()
                 if l.startswith(("import ", "entities ", "attribute "))]
        out = ["%% logic_%dx%d.pz -- a logic grid of %d places and %d attributes (bench/scaling.sh)."
               % (e, a, e, a),
               "%% Made by `python3 bench/logic_gen.py make %d %d %d PZ DIR`: a pool of %d candidate"
               % (e, a, seed, npool),
               "%% clues true in the hidden answer below, of which `pz generate --seed %d`" % seed,
               "%% chose these %d (the answer is unique and every clue is needed)." % len(chosen)]
        out += hidden + [""] + decls[:1] + [""] + decls[1:] + [""] + chosen
        with open(base + ".pz", "w") as f:
            f.write("\n".join(out) + "\n")
        buf = io.StringIO()
        with redirect_stdout(buf):
            mzn(base + ".pz")
        with open(base + ".mzn", "w") as f:
            f.write(buf.getvalue())
        # the checks: pz's every solution, and MiniZinc + Gecode's
        ans = os.path.join(tmp, "pz.json")
        with open(ans, "w") as f:
            subprocess.run([pz, "-a", "--json", base + ".pz"], stdout=f, check=False)
        rest = []
        if mzn_check:
            txt = os.path.join(tmp, "mzn.txt")
            with open(txt, "w") as f:
                subprocess.run(["minizinc", "--solver", "gecode", "-a", base + ".mzn"],
                               stderr=subprocess.DEVNULL,
                               stdout=f, check=False)
            rest = ["mzn", txt]
        try:
            check(base + ".pz", ans, rest)
        except SystemExit as x:
            if x.code:
                raise
    print("logic_%dx%d: pool %d, chosen %d, pz generate %.2f s, one solution, the hidden one%s"
          % (e, a, npool, len(chosen), took, " (pz and MiniZinc)" if mzn_check else ""))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["pool"] and len(args) == 4:
        pool(int(args[1]), int(args[2]), int(args[3]))
    elif args[:1] == ["mzn"] and len(args) == 2:
        mzn(args[1])
    elif args[:1] == ["make"] and len(args) in (6, 7):
        make(int(args[1]), int(args[2]), int(args[3]), args[4], args[5],
             mzn_check=args[6:] != ["--no-mzn"])
    elif args[:1] == ["check"] and len(args) >= 3:
        check(args[1], args[2], args[3:])
    else:
        sys.exit(__doc__)
