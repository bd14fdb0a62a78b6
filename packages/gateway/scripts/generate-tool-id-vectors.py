#!/usr/bin/env python3
"""Writes test/fixtures/tool-id-vectors.json: inputs and expected hash8 values
for the tool_id schema-shape hash (gateway-surface section 1.3).

The canonical text is built here by hand (string escaping, number formatting,
key ordering), then checked against the standard library's JSON encoder with
the same settings, so a vector is only written when both agree.

Usage (from the repository root):
    python3 packages/gateway/scripts/generate-tool-id-vectors.py
"""

import hashlib
import json
import pathlib

OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "tool-id-vectors.json"


class Refused(Exception):
    """The reference would raise for this input; no hash exists."""


def escape_text(text):
    named = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
    out = []
    for character in text:
        point = ord(character)
        if character in named:
            out.append(named[character])
        elif 0x20 <= point <= 0x7E:
            out.append(character)
        elif point > 0xFFFF:
            offset = point - 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF)))
        else:
            out.append("\\u%04x" % point)
    return '"' + "".join(out) + '"'


def encode(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return escape_text(value)
    if isinstance(value, list):
        return "[" + ",".join(encode(item) for item in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value)
        return "{" + ",".join(escape_text(key) + ":" + encode(value[key]) for key in keys) + "}"
    raise Refused("no JSON form for %r" % type(value))


def ordered(value):
    """sorted(value or []) as the reference evaluates it, or Refused."""
    if not value:
        return []
    try:
        return sorted(value)
    except TypeError as error:
        raise Refused(str(error)) from error


def shape_text(schema):
    if not isinstance(schema, dict):
        raise Refused("schema is not an object")
    properties = schema.get("properties")
    if properties and not isinstance(properties, dict):
        raise Refused("properties is not an object")
    names = sorted(properties.keys()) if properties else []
    required = ordered(schema.get("required"))
    mine = encode({"properties": names, "required": required})
    library = json.dumps({"properties": names, "required": required}, sort_keys=True, separators=(",", ":"))
    assert mine == library, (mine, library)
    return mine


def digest(upstream_name, schema):
    text = upstream_name + "\n" + shape_text(schema)
    return text, hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


# (label, upstream tool name, input schema)
CASES = [
    ("underscore name with two properties", "slack_send_message",
     {"type": "object", "properties": {"channel": {"type": "string"}, "text": {"type": "string"}},
      "required": ["channel", "text"]}),
    ("plain name, one property", "read_file",
     {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}),
    ("dotted name", "github.create_issue",
     {"type": "object", "properties": {"title": {}, "body": {}, "repo": {}}, "required": ["repo", "title"]}),
    ("slashed name", "weather/get", {"type": "object", "properties": {"city": {"type": "string"}}}),
    ("empty schema", "ping", {}),
    ("object type only", "ping", {"type": "object"}),
    ("empty properties and required", "noop", {"type": "object", "properties": {}, "required": []}),
    ("null properties and required", "noop", {"type": "object", "properties": None, "required": None}),
    ("properties as an empty list", "noop", {"properties": [], "required": False}),
    ("falsy required values", "noop", {"properties": {"a": {}}, "required": 0}),
    ("empty string required", "noop", {"properties": {"a": {}}, "required": ""}),
    ("key order one", "search",
     {"type": "object", "properties": {"query": {}, "limit": {}, "cursor": {}}, "required": ["query", "limit"]}),
    ("key order two", "search",
     {"required": ["limit", "query"], "properties": {"cursor": {}, "limit": {}, "query": {}}, "type": "object"}),
    ("nested properties count only at the top", "create_entities",
     {"type": "object", "properties": {"entities": {"type": "array", "items": {"type": "object", "properties": {
         "name": {"type": "string"}, "observations": {"type": "array"}}}}}, "required": ["entities"]}),
    ("values of every JSON type are ignored", "configure",
     {"type": "object", "properties": {
         "ratio": {"type": "number", "default": 0.25, "maximum": 1.0},
         "count": {"type": "integer", "default": 3},
         "enabled": {"type": "boolean", "default": True},
         "label": {"type": ["string", "null"], "default": None},
         "tiny": {"default": 1e-9}}}),
    ("Chinese name and keys", "获取天气",
     {"type": "object", "properties": {"城市": {"type": "string"}, "日期": {}}, "required": ["城市"]}),
    ("accented Latin", "café_menu",
     {"properties": {"naïve": {}, "Ünïcödé": {}, "zebra": {}, "Zebra": {}}, "required": ["naïve"]}),
    ("astral and fullwidth keys sort by code point", "emoji_tool",
     {"properties": {"\U0001F600": {}, "\uFF01": {}, "\U0001D4B3": {}, "a": {}, "\u00e9": {}}}),
    ("control characters, quotes and backslashes in keys", "odd_keys",
     {"properties": {"line\nbreak": {}, "tab\there": {}, "bell\u0007": {}, "del\u007f": {}, 'quote"': {},
                     "back\\slash": {}, "nul\u0000": {}, "nbsp\u00a0": {}, "sep\u2028": {}}}),
    ("a lone surrogate key", "surrogate", {"properties": {"\ud800": {}, "ok": {}}}),
    ("required names missing from properties, with duplicates", "partial",
     {"properties": {"a": {}}, "required": ["b", "a", "b"]}),
    ("required numbers, ints and floats", "numbers",
     {"required": [3, 1.5, -2, 1e-07, 0.0001, 12345.678, -0.5, 3.141592653589793, 1e-300, 9007199254740991]}),
    ("required booleans sort with numbers", "booleans", {"required": [True, False, 1, 0]}),
    ("required single null", "single_null", {"required": [None]}),
    ("required as a string sorts its characters", "quirk_string", {"required": "cab\U0001F600"}),
    ("required as an object sorts its keys", "quirk_object", {"required": {"z": 1, "a": 2}}),
    ("numeric-looking keys", "numeric_keys", {"properties": {"10": {}, "2": {}, "1": {}, "b": {}}}),
    ("prototype-like keys", "proto_keys",
     {"properties": {"__proto__": {}, "constructor": {}, "toString": {}}, "required": ["__proto__"]}),
    ("long name and many properties", "n" * 128,
     {"properties": {"p%03d" % index: {} for index in range(99, -1, -1)}}),
    ("empty upstream name", "", {"properties": {"x": {}}}),
    ("name with emoji and spaces", "\U0001F4C5 calendar tool", {"properties": {"when": {}}}),
]

# Inputs the reference cannot hash: it raises, and so must implementations.
REFUSED = [
    ("schema is a list", ["a"]),
    ("schema is a string", "schema"),
    ("schema is null", None),
    ("properties is a non-empty list", {"properties": ["a", "b"]}),
    ("properties is a string", {"properties": "abc"}),
    ("properties is a number", {"properties": 5}),
    ("required is a number", {"required": 5}),
    ("required is true", {"required": True}),
    ("required mixes strings and numbers", {"required": ["a", 1]}),
    ("required holds two nulls", {"required": [None, None]}),
    ("required holds two objects", {"required": [{}, {"a": 1}]}),
]


def main():
    vectors = []
    for label, name, schema in CASES:
        canonical, value = digest(name, schema)
        vectors.append({"label": label, "upstreamName": name, "inputSchema": schema,
                        "canonical": canonical, "hash8": value})
    refused = []
    for label, schema in REFUSED:
        try:
            shape_text(schema)
        except Refused:
            refused.append({"label": label, "inputSchema": schema})
            continue
        raise SystemExit("expected the input to be refused: " + label)
    document = {
        "about": "Generated by packages/gateway/scripts/generate-tool-id-vectors.py; do not edit by hand.",
        "vectors": vectors,
        "refused": refused,
    }
    OUTPUT.write_text(json.dumps(document, indent=2, ensure_ascii=True) + "\n", encoding="utf-8")
    print("wrote %d vectors and %d refused inputs to %s" % (len(vectors), len(refused), OUTPUT))


if __name__ == "__main__":
    main()
