#!/usr/bin/env python3
# The data corpus's judge (cases.ts): reads the input with tools that are not ours and compares our
# output with it. Prints "ok" or one line saying what is wrong.
#   xml   INPUT OUTPUT.json            xmllint --noent --nonet --dropdtd --encode UTF-8 reads the input (every
#                                      encoding, entities expanded), minidom parses that, and the
#                                      mapping of codecs/data/README.md, written again here, must give
#                                      our JSON
#   contains INPUT OUTPUT.json TEXT... our JSON's strings must hold each TEXT (files xmllint reads
#                                      otherwise: lying declarations, feeds' HTML entities)
#   json-csv INPUT OUTPUT.csv          Python's json reads the input, csv our output: every record's
#                                      values in its row under its dotted column
#   json-xml INPUT OUTPUT.xml          xmllint --noout accepts our XML; its text values are the
#                                      input's scalars (numbers compared as numbers)
#   csv-json INPUT OUTPUT.json [DELIM] Python's csv reads the input; our records hold its rows, typed
#                                      as keepTypes does (decision 054): a JSON number with the cell's
#                                      very digits, true/false, else the text
import csv
import io
import json
import math
import re
import subprocess
import sys
from xml.dom import minidom


def fail(reason):
    print(reason[:300])
    sys.exit(0)


# --- XML -------------------------------------------------------------------------------------

def xml_value(element):
    attributes = {"@" + name: value for name, value in element.attributes.items()}
    children = {}
    text = []
    for node in element.childNodes:
        if node.nodeType == node.ELEMENT_NODE:
            children.setdefault(node.tagName, []).append(xml_value(node))
        elif node.nodeType in (node.TEXT_NODE, node.CDATA_SECTION_NODE):
            text.append(node.data)
    text = "".join(text).strip()
    if not attributes and not children:
        return text
    value = dict(attributes)
    for name, values in children.items():
        value[name] = values[0] if len(values) == 1 else values
    if text:
        value["#text"] = text
    return value


def utf32(raw):
    """UTF-32 text (a BOM or NUL bytes first), which this libxml2 does not read: Python decodes it."""
    for bom, codec in ((b"\xff\xfe\x00\x00", "utf-32"), (b"\x00\x00\xfe\xff", "utf-32")):
        if raw.startswith(bom):
            return raw.decode(codec)
    if raw[1:4] == b"\x00\x00\x00" and raw[0]:
        return raw.decode("utf-32-le")
    if raw[:3] == b"\x00\x00\x00" and raw[3]:
        return raw.decode("utf-32-be")
    return None


def judge_xml(source, output):
    raw = open(source, "rb").read()
    text = utf32(raw)
    if text is not None:
        source = output + ".utf8.xml"
        open(source, "w", encoding="utf-8").write(text.replace('encoding="UTF-32LE"', 'encoding="UTF-8"').replace('encoding="UTF-32BE"', 'encoding="UTF-8"').replace('encoding="UTF-32"', 'encoding="UTF-8"'))
    # --dropdtd: minidom would otherwise add the ATTLIST's default attributes, which xmllint does not
    run = subprocess.run(["xmllint", "--noent", "--nonet", "--dropdtd", "--encode", "UTF-8", source], capture_output=True)
    if run.returncode != 0:
        fail("xmllint does not read the input: " + run.stderr.decode("utf-8", "replace").splitlines()[0])
    root = minidom.parseString(run.stdout).documentElement
    expected = {root.tagName: xml_value(root)}
    ours = json.load(open(output, encoding="utf-8"))
    if ours != expected:
        fail("the JSON differs from the input's tree: expected " + json.dumps(expected, ensure_ascii=False)[:120] + " got " + json.dumps(ours, ensure_ascii=False)[:120])


def judge_contains(output, texts):
    ours = json.dumps(json.load(open(output, encoding="utf-8")), ensure_ascii=False)
    if "\ufffd" in ours:
        fail("the JSON has U+FFFD replacement characters")
    for text in texts:
        if text not in ours:
            fail(f"the JSON lacks {text!r}: {ours[:160]}")


# --- JSON to tables ----------------------------------------------------------------------------

def records_of(value):
    for _ in range(1001):
        if isinstance(value, list):
            return value
        if not isinstance(value, dict):
            return [value]
        if len(value) == 1:
            only = next(iter(value.values()))
            if isinstance(only, (dict, list)):
                value = only
                continue
        arrays = [k for k in value if isinstance(value[k], list)]
        if len(arrays) == 1:
            return value[arrays[0]]
        lists_of_objects = [k for k in arrays if value[k] and all(isinstance(i, dict) for i in value[k])]
        return value[lists_of_objects[0]] if len(lists_of_objects) == 1 else [value]
    return [value]


def scalar_text(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    return value if isinstance(value, str) else value


def flat(record):
    """A record as {dotted key: leaf}; arrays of arrays and a geometry's coordinates stay whole."""
    out = {}

    def walk(prefix, value, whole=False):
        if isinstance(value, list) and value and prefix and (whole or any(isinstance(i, list) for i in value)):
            out[prefix] = ("json", value)
            return
        if isinstance(value, dict):
            if not value and prefix:
                out[prefix] = ""
            geometry = isinstance(value.get("type"), str) and isinstance(value.get("coordinates"), list)
            for key, child in value.items():
                walk(f"{prefix}.{key}" if prefix else key, child, geometry and key == "coordinates")
        elif isinstance(value, list):
            if not value and prefix:
                out[prefix] = ""
            for i, child in enumerate(value):
                walk(f"{prefix}.{i}" if prefix else str(i), child)
        else:
            out[prefix] = scalar_text(value)

    if not isinstance(record, (dict, list)):
        return {"value": scalar_text(record)}
    walk("", record)
    return out


def number(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(value) else value


def same_cell(expected, cell):
    if isinstance(expected, tuple):
        try:
            return json.loads(cell) == expected[1]
        except ValueError:
            return False
    if isinstance(expected, str):
        return expected == cell
    # a number: Python and JavaScript print some differently (1e-05, 0.00001)
    return number(cell) is not None and (number(cell) == float(expected) or str(expected) == cell)


def judge_json_csv(source, output):
    records = records_of(load_json(source))
    rows = list(csv.reader(io.StringIO(open(output, encoding="utf-8", newline="").read(), newline="")))
    plain = records and all(isinstance(r, list) and all(not isinstance(c, (list, dict)) for c in r) for r in records)
    if plain:
        if len(rows) != len(records):
            fail(f"{len(rows)} rows for {len(records)} records")
        for record, row in zip(records, rows):
            for i, item in enumerate(record):
                if not same_cell(scalar_text(item), row[i] if i < len(row) else ""):
                    fail(f"cell {i} is {row[i] if i < len(row) else ''!r}, expected {item!r}")
        return
    if not rows:
        fail("the CSV is empty")
    header, body = rows[0], rows[1:]
    if len(set(header)) != len(header):
        fail("the header repeats a column")
    if len(body) != len(records):
        fail(f"{len(body)} rows for {len(records)} records")
    for index, (record, row) in enumerate(zip(records, body)):
        expected = flat(record)
        got = dict(zip(header, row))
        for key in set(expected) | set(got):
            want = expected.get(key, "")
            if not same_cell(want, got.get(key, "")):
                fail(f"record {index} column {key!r}: {got.get(key, '')!r}, expected {want!r}")


def load_json(path):
    raw = open(path, "rb").read()
    try:
        return json.loads(raw)
    except ValueError:
        # JSON Lines: one value a line
        return [json.loads(line) for line in raw.decode("utf-8").splitlines() if line.strip()]


def leaves(value, out):
    if isinstance(value, dict):
        for child in value.values():
            leaves(child, out)
    elif isinstance(value, list):
        for child in value:
            leaves(child, out)
    elif value is not None:
        out.append(scalar_text(value) if not isinstance(value, (int, float)) or isinstance(value, bool) else value)


XML_CHAR = lambda c: c in "\t\n\r" or 0x20 <= ord(c) <= 0xD7FF or 0xE000 <= ord(c) <= 0xFFFD or ord(c) >= 0x10000


def key_of(item):
    if isinstance(item, (int, float)) and not isinstance(item, bool):
        return ("n", float(item))
    text = "".join(c for c in item if XML_CHAR(c)).strip()
    as_number = number(text)
    return ("n", as_number) if as_number is not None else ("s", text)


def judge_json_xml(source, output):
    # JSON nests deeper than libxml2's default 256 levels (JSONTestSuite's 500 arrays): --huge
    run = subprocess.run(["xmllint", "--noout", "--huge", output], capture_output=True)
    if run.returncode != 0:
        fail("xmllint refuses our XML: " + run.stderr.decode("utf-8", "replace").splitlines()[0])
    expected = []
    leaves(load_json(source), expected)
    document = minidom.parse(output)
    got = []

    def walk(element):
        kids = [n for n in element.childNodes if n.nodeType == n.ELEMENT_NODE]
        if kids:
            for kid in kids:
                walk(kid)
        else:
            got.append("".join(n.data for n in element.childNodes if n.nodeType in (n.TEXT_NODE, n.CDATA_SECTION_NODE)))

    walk(document.documentElement)
    want = sorted(k for k in map(key_of, expected) if k != ("s", ""))
    have = sorted(k for k in map(key_of, got) if k != ("s", ""))
    if want != have:
        missing = [k for k in want if k not in have][:3]
        extra = [k for k in have if k not in want][:3]
        fail(f"the XML's values differ from the JSON's: missing {missing}, extra {extra}")


# --- CSV to JSON -------------------------------------------------------------------------------

def decode(raw):
    for bom, encoding in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if raw.startswith(bom):
            return raw.decode(encoding)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def flatten_ours(value, prefix, out):
    if isinstance(value, dict):
        for key, child in value.items():
            flatten_ours(child, f"{prefix}.{key}" if prefix else key, out)
    elif isinstance(value, list):
        for i, child in enumerate(value):
            flatten_ours(child, f"{prefix}.{i}" if prefix else str(i), out)
    else:
        out[prefix] = value


# keepTypes (codecs/data/cell-types.ts), written again: JSON's number grammar in ASCII digits (no "+",
# no leading zeros, digits on both sides of "."), and the spellings of true and false exports write
CELL_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
CELL_BOOLEANS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}


def typed_cell(text):
    """A cell as our JSON must hold it: ("number", its text), a bool, or the text."""
    if CELL_NUMBER.fullmatch(text):
        return ("number", text)
    return CELL_BOOLEANS.get(text, text)


def load_literal_numbers(path):
    """Our JSON with every number as ("number", the text written): a number whose digits changed differs."""
    literal = lambda text: ("number", text)
    return json.load(open(path, encoding="utf-8"), parse_int=literal, parse_float=literal)


def judge_csv_json(source, output, delimiter=None):
    text = decode(open(source, "rb").read())
    if delimiter is None:
        try:
            delimiter = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|").delimiter
        except csv.Error:
            delimiter = ","
    rows = [r for r in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter) if r != [] and r != [""]]
    header, body = rows[0], rows[1:]
    width = max(len(r) for r in rows)
    names = [name if name.strip() else f"column{i + 1}" for i, name in enumerate(header)] + [f"column{i + 1}" for i in range(len(header), width)]
    seen, unique = set(), []
    for name in names:
        candidate, n = name, 2
        while candidate in seen:
            candidate, n = f"{name}_{n}", n + 1
        seen.add(candidate)
        unique.append(candidate)
    ours = load_literal_numbers(output)
    if not isinstance(ours, list) or len(ours) != len(body):
        fail(f"{len(ours) if isinstance(ours, list) else 'no'} records for {len(body)} rows")
    for index, (record, row) in enumerate(zip(ours, body)):
        got = {}
        flatten_ours(record, "", got)
        for column, name in enumerate(unique):
            want = typed_cell(row[column] if column < len(row) else "")
            if got.get(name) != want:
                fail(f"row {index + 1} column {name!r}: {got.get(name)!r}, expected {want!r}")


def main():
    kind, source, output, *rest = sys.argv[1:]
    if kind == "xml":
        judge_xml(source, output)
    elif kind == "contains":
        judge_contains(output, rest)
    elif kind == "json-csv":
        judge_json_csv(source, output)
    elif kind == "json-xml":
        judge_json_xml(source, output)
    elif kind == "csv-json":
        judge_csv_json(source, output, rest[0] if rest else None)
    else:
        fail("unknown judge " + kind)
    print("ok")


main()
