#!/usr/bin/env python3
"""validate.py -- check pz's JSON against doc/pz-output.schema.json.

    python3 tests/json/validate.py SCHEMA [--lines] [--status S] < OUTPUT

Parses standard input with python3's json module (one document, or with
--lines one per non-empty line, as --json-stream writes) and checks each
against the schema.  Only the part of JSON Schema that the schema uses is
understood: $ref (to #/$defs/...), oneOf, type, enum, const, properties,
required, additionalProperties, items, minimum and maximum.  A keyword it
does not know is an error, so the schema cannot quietly outgrow it.
With --status, the last document's "status" must be S.  Keys must not
repeat within an object.  Exit status 0 when every document is valid; otherwise the reasons, 1.
"""
import json
import sys

KNOWN = {"$schema", "$id", "$defs", "title", "description", "$ref", "oneOf", "type",
         "enum", "const", "properties", "required", "additionalProperties", "items",
         "minimum", "maximum"}

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def same(a, b):
    """JSON equality: true is not 1."""
    return type(a) is type(b) and a == b


def errors(root, schema, value, path):
    """The reasons value does not match schema, as a list of strings."""
    unknown = set(schema) - KNOWN
    if unknown:
        return ["%s: the validator does not know %s" % (path, sorted(unknown))]
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            return ["%s: cannot follow $ref %s" % (path, ref)]
        return errors(root, root["$defs"][ref[len("#/$defs/"):]], value, path)
    if "oneOf" in schema:
        matched = [s for s in schema["oneOf"] if not errors(root, s, value, path)]
        if len(matched) != 1:
            why = []
            if not matched:
                for s in schema["oneOf"]:
                    why.append("  as %s: %s" % (s.get("$ref", "?"),
                                                "; ".join(errors(root, s, value, path)[:3])))
            return ["%s: matches %d of the oneOf schemas, not 1" % (path, len(matched))] + why
    out = []
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(TYPES[k](value) for k in kinds):
            return ["%s: %r is not of type %s" % (path, value, "/".join(kinds))]
    if "enum" in schema and not any(same(value, e) for e in schema["enum"]):
        out.append("%s: %r is not one of %s" % (path, value, schema["enum"]))
    if "const" in schema and not same(value, schema["const"]):
        out.append("%s: %r is not %r" % (path, value, schema["const"]))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            out.append("%s: %r is below %r" % (path, value, schema["minimum"]))
        if "maximum" in schema and value > schema["maximum"]:
            out.append("%s: %r is above %r" % (path, value, schema["maximum"]))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append("%s: no %r" % (path, key))
        extra = schema.get("additionalProperties", True)
        for key, v in value.items():
            if key in props:
                out += errors(root, props[key], v, "%s.%s" % (path, key))
            elif extra is False:
                out.append("%s: %r is not allowed here" % (path, key))
            elif isinstance(extra, dict):
                out += errors(root, extra, v, "%s[%r]" % (path, key))
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            out += errors(root, schema["items"], v, "%s[%d]" % (path, i))
    return out


def no_duplicate_keys(pairs):
    keys = [k for k, _ in pairs]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise ValueError("duplicate keys %s" % dup)
    return dict(pairs)


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    lines = "--lines" in sys.argv[2:]
    want = sys.argv[sys.argv.index("--status") + 1] if "--status" in sys.argv else None
    text = sys.stdin.buffer.read().decode("utf-8")     # invalid UTF-8 fails here
    docs = [l for l in text.split("\n") if l.strip()] if lines else [text]
    if not docs:
        print("no JSON at all")
        return 1
    bad = 0
    for n, doc in enumerate(docs, 1):
        where = "line %d" % n if lines else "the output"
        try:
            value = json.loads(doc, object_pairs_hook=no_duplicate_keys)
        except ValueError as e:
            print("%s: not JSON: %s" % (where, e))
            bad += 1
            continue
        why = errors(schema, schema, value, "$")
        if why:
            print("%s: %s" % (where, "\n  ".join(why)))
            bad += 1
    if lines and not bad:
        last = json.loads(docs[-1])
        if last.get("type") != "summary" or any(
                json.loads(d).get("type") != "solution" for d in docs[:-1]):
            print("a stream is solution lines, then one summary line")
            bad += 1
    if want and not bad and json.loads(docs[-1]).get("status") != want:
        print("status %r, expected %r" % (json.loads(docs[-1]).get("status"), want))
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
