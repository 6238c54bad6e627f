#!/usr/bin/env python3
"""fillomino_gen.py -- Fillomino puzzles with one solution, checked without pz.

  python3 bench/fillomino_gen.py make ROWS COLS SEED [NODES] > PUZZLE.pz
      A random Fillomino solution of ROWS x COLS (areas of 1..9 cells grown
      at random from the first empty cell, redrawn until no two areas of
      the same size touch along a side), then givens taken away one at a
      time in a random order, each only while the solver below says the
      solution stays the only one.  A check that needs more than NODES
      search nodes (default 20000) counts as "not shown unique": that given
      stays.  The solution is written as a comment, `% solution: ...`.

  python3 bench/fillomino_gen.py solve PUZZLE.pz [NODES]
      Reads the givens picture of a .pz written as the examples write them
      (`f = "..."` rows, '.' open), counts its solutions up to 2 and prints
      the first one as pz prints it (`f =` then the rows) and the count,
      `solutions: N` (or `solutions: ? (node limit)`).

The solver is pz-independent: plain Python, domains 1..9 per cell as bit
sets, a propagation of its own (blocks of fixed cells too large fail; a
full block keeps its value off its neighbours; a cell beside v-blocks
that would together pass v loses v; every cell whose connected set of
"may hold v" cells has fewer than v cells loses v; a short block with
one way out takes it, and so does a cell without which the block's set
of "may hold v" cells has fewer than v cells), a smallest-domain search and, at every leaf, the
definition checked from scratch, so a wrong solution is never counted.
"""
import random
import re
import sys

ALL = sum(1 << v for v in range(1, 10))


def neighbours(rows, cols):
    nb = []
    for r in range(rows):
        for c in range(cols):
            lst = []
            if r > 0:
                lst.append((r - 1) * cols + c)
            if r + 1 < rows:
                lst.append((r + 1) * cols + c)
            if c > 0:
                lst.append(r * cols + c - 1)
            if c + 1 < cols:
                lst.append(r * cols + c + 1)
            nb.append(lst)
    return nb


def single(d):
    """The value of a one-value domain, else 0."""
    if d and d & (d - 1) == 0:
        return d.bit_length() - 1
    return 0


def holds(vals, nb):
    """The definition: every area of equal values has as many cells as its value."""
    seen = [False] * len(vals)
    for k in range(len(vals)):
        if seen[k]:
            continue
        seen[k] = True
        stack, size = [k], 0
        while stack:
            u = stack.pop()
            size += 1
            for w in nb[u]:
                if not seen[w] and vals[w] == vals[k]:
                    seen[w] = True
                    stack.append(w)
        if size != vals[k]:
            return False
    return True


def component(cells, dom, nb, bit, avoid):
    """The cells joined to `cells` over cells that may hold bit, not through avoid."""
    seen = set(cells)
    todo = list(cells)
    while todo:
        u = todo.pop()
        for w in nb[u]:
            if w != avoid and w not in seen and dom[w] & bit:
                seen.add(w)
                todo.append(w)
    return seen


def propagate(dom, nb):
    """Narrow dom in place; False when a cell has no value left."""
    n = len(dom)
    changed = True
    while changed:
        changed = False
        # blocks of fixed cells
        block = [-1] * n
        bsize, bval, bcells = [], [], []
        for k in range(n):
            v = single(dom[k])
            if not v or block[k] >= 0:
                continue
            b = len(bsize)
            block[k] = b
            cells, i = [k], 0
            while i < len(cells):
                u = cells[i]
                i += 1
                for w in nb[u]:
                    if block[w] < 0 and dom[w] == dom[k]:
                        block[w] = b
                        cells.append(w)
            if len(cells) > v:
                return False
            bsize.append(len(cells))
            bval.append(v)
            bcells.append(cells)
        for b in range(len(bsize)):
            v, bit = bval[b], 1 << bval[b]
            outs = set()
            for u in bcells[b]:
                for w in nb[u]:
                    if block[w] != b and dom[w] & bit:
                        outs.add(w)
            if bsize[b] == v:
                for w in outs:
                    dom[w] &= ~bit
                    if not dom[w]:
                        return False
                    changed = True
            elif not outs:
                return False
            elif len(outs) == 1:
                w = outs.pop()
                if dom[w] != bit:
                    dom[w] = bit
                    changed = True
            else:
                # the block's area lies in its component of "may hold v"
                # cells; a cell whose loss leaves fewer than v there holds v
                comp = component(bcells[b], dom, nb, bit, -1)
                if len(comp) < v:
                    return False
                if len(comp) <= 40:
                    for c in comp:
                        if dom[c] != bit and len(component(bcells[b], dom, nb, bit, c)) < v:
                            dom[c] = bit
                            changed = True
        if changed:
            continue
        # a cell beside v-blocks that would pass v together
        for k in range(n):
            if single(dom[k]):
                continue
            for v in range(1, 10):
                bit = 1 << v
                if not dom[k] & bit:
                    continue
                total, seen = 1, set()
                for w in nb[k]:
                    b = block[w]
                    if b >= 0 and bval[b] == v and b not in seen:
                        seen.add(b)
                        total += bsize[b]
                if total > v:
                    dom[k] &= ~bit
                    changed = True
            if not dom[k]:
                return False
        # the "may hold v" components too small for v
        for v in range(2, 10):
            bit = 1 << v
            comp = [False] * n
            for k in range(n):
                if comp[k] or not dom[k] & bit:
                    continue
                comp[k] = True
                cells, i = [k], 0
                while i < len(cells):
                    u = cells[i]
                    i += 1
                    for w in nb[u]:
                        if not comp[w] and dom[w] & bit:
                            comp[w] = True
                            cells.append(w)
                if len(cells) < v:
                    for u in cells:
                        dom[u] &= ~bit
                        if not dom[u]:
                            return False
                    changed = True
    return True


class Limit(Exception):
    pass


def count(dom, nb, upto=2, nodes=20000):
    """(number of solutions up to `upto`, the first one); raises Limit past `nodes`."""
    found = []
    budget = [nodes]

    def dfs(dom):
        budget[0] -= 1
        if budget[0] < 0:
            raise Limit()
        if not propagate(dom, nb):
            return
        best, bestn = -1, 99
        for k, d in enumerate(dom):
            if not single(d):
                c = bin(d).count("1")
                if c < bestn:
                    best, bestn = k, c
        if best < 0:
            vals = [single(d) for d in dom]
            if holds(vals, nb):
                found.append(vals)
            return
        for v in range(1, 10):
            if dom[best] & (1 << v) and len(found) < upto:
                d2 = list(dom)
                d2[best] = 1 << v
                dfs(d2)

    dfs(list(dom))
    return len(found), (found[0] if found else None)


def random_solution(rows, cols, rng):
    nb = neighbours(rows, cols)
    n = rows * cols
    while True:
        val = [0] * n
        ok = True
        for k in range(n):
            if val[k]:
                continue
            for _ in range(200):
                size = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 9])
                area, front = [k], [w for w in nb[k] if not val[w]]
                inside = {k}
                while len(area) < size and front:
                    w = rng.choice(front)
                    front = [u for u in front if u != w]
                    area.append(w)
                    inside.add(w)
                    front += [u for u in nb[w] if not val[u] and u not in inside and u not in front]
                t = len(area)
                touch = any(val[w] == t for u in area for w in nb[u] if w not in inside)
                if not touch:
                    for u in area:
                        val[u] = t
                    break
            else:
                ok = False
                break
        if ok and holds(val, nb):
            return val


def make(rows, cols, seed, nodes):
    rng = random.Random(seed)
    nb = neighbours(rows, cols)
    sol = random_solution(rows, cols, rng)
    given = [True] * len(sol)
    order = list(range(len(sol)))
    rng.shuffle(order)
    for k in order:
        given[k] = False
        dom = [(1 << sol[i]) if given[i] else ALL for i in range(len(sol))]
        try:
            m, _ = count(dom, nb, 2, nodes)
        except Limit:
            m = 2
        if m != 1:
            given[k] = True
    return sol, given


def write(rows, cols, sol, given, seed, nodes):
    ng = sum(given)
    out = ["%% fillomino%dx%d (bench/fillomino_gen.py make %d %d %d %d): %d givens."
           % (rows, cols, rows, cols, seed, nodes, ng),
           "% Write a number in every cell.  Cells side by side with the same",
           "% number form an area, and every area has as many cells as its",
           "% number, so two areas of the same size never touch along a side.",
           "% The numbers drawn are given; bench/fillomino_gen.py's own solver",
           "% finds this one solution and no other:"]
    for r in range(rows):
        out.append("%   " + " ".join(str(sol[r * cols + c]) for c in range(cols)))
    out += ["", "board f[%d, %d] in 1..9." % (rows, cols), "",
            "clue areas:  sizes(f)."]
    for r in range(rows):
        line = "".join(str(sol[r * cols + c]) if given[r * cols + c] else "."
                       for c in range(cols))
        head = "clue givens: f = " if r == 0 else "                 "
        tail = "." if r == rows - 1 else ""
        out.append('%s"%s"%s' % (head, line, tail))
    return "\n".join(out) + "\n"


def read(path):
    text = open(path).read()
    m = re.search(r"board\s+\w+\[(\d+),\s*(\d+)\]", text)
    rows, cols = int(m.group(1)), int(m.group(2))
    pic = re.search(r"\w+\s*=\s*((?:\"[^\"]*\"\s*)+)\.", text.split("sizes")[1])
    lines = re.findall(r"\"([^\"]*)\"", pic.group(1))
    assert len(lines) == rows and all(len(x) == cols for x in lines)
    return rows, cols, [0 if ch == "." else int(ch) for x in lines for ch in x]


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "make":
        rows, cols, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
        nodes = int(sys.argv[5]) if len(sys.argv) > 5 else 20000
        sol, given = make(rows, cols, seed, nodes)
        sys.stdout.write(write(rows, cols, sol, given, seed, nodes))
    elif len(sys.argv) >= 3 and sys.argv[1] == "solve":
        rows, cols, gv = read(sys.argv[2])
        nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 1000000
        nb = neighbours(rows, cols)
        dom = [(1 << g) if g else ALL for g in gv]
        try:
            m, first = count(dom, nb, 2, nodes)
        except Limit:
            print("solutions: ? (node limit)")
            return 3
        if first:
            w = max(len(str(v)) for v in first)
            print("f =")
            for r in range(rows):
                print(" ".join(str(first[r * cols + c]).rjust(w) for c in range(cols)))
        print("solutions: %d%s" % (m, "" if m < 2 else " or more"))
        return 0 if m == 1 else 1
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
