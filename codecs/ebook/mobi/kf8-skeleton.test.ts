// The skeleton/fragment cut checked by putting the fragments back the way a KF8 reader does (each
// inserted into the growing file at its position) and comparing with the whole chapter serialised
// in one piece; and the kindle:pos positions of ids checked against the rebuilt bytes.
import { describe, expect, it } from "vitest";
import { positionOf } from "./kf8-layout.ts";
import { prepareChapter, serialize, type MarkupContext } from "./kf8-markup.ts";
import { CHUNK_SIZE, cutFile, type SkeletonFile } from "./kf8-skeleton.ts";
import { base32, prefixWithin, utf8Length } from "./kf8-text.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function context(): MarkupContext {
  return {
    imageSrc: (src) => (src === "pic.png" ? "kindle:embed:0001?mime=image/png" : undefined),
    linkTarget: (href) => (href.startsWith("http") ? "external" : { chapter: 0, id: href.split("#")[1] ?? "" }),
    links: [],
    aidCounter: { next: 0 },
  };
}

/** What a reader does: each fragment inserted at its position into the skeleton as it grows. */
function rebuild(file: SkeletonFile): Uint8Array {
  let text = encoder.encode(file.text);
  for (const fragment of file.fragments) {
    const at = fragment.insertPos - file.startPos;
    const piece = encoder.encode(fragment.text);
    const next = new Uint8Array(text.length + piece.length);
    next.set(text.subarray(0, at));
    next.set(piece, at);
    next.set(text.subarray(at), at + piece.length);
    text = next;
  }
  return text;
}

function cut(body: string, flowStart = 0) {
  const prepared = prepareChapter(body, context());
  const head = `<html><head><title>т</title></head><body aid="${prepared.bodyAid}">`;
  const file = cutFile(0, head, "</body></html>", prepared.bodyAid, prepared.nodes, flowStart, 0);
  const parts: string[] = [];
  for (const node of prepared.nodes) serialize(node, parts, [], 0);
  return { file, whole: `${head}${parts.join("")}</body></html>` };
}

const paragraph = (n: number) => `<p id="p${n}">Абзац ${n}: the travellers walked on through the valley, talking of rivers and towns — ёлка.</p>\n`;

describe("cutFile", () => {
  it("cuts a long chapter into fragments of at most CHUNK_SIZE that rebuild it byte for byte", () => {
    const body = `<h1 id="top">Title</h1><div id="outer"><section>${Array.from({ length: 400 }, (_, n) => paragraph(n)).join("")}</section><p>${"Слово &amp; ".repeat(5000)}</p></div><p>After.</p>`;
    const { file, whole } = cut(body, 1000);
    expect(file.fragments.length).toBeGreaterThan(8);
    for (const fragment of file.fragments) expect(fragment.length).toBeLessThanOrEqual(CHUNK_SIZE + 64);
    // the stored lengths are the bytes of the stored text
    for (const fragment of file.fragments) expect(encoder.encode(fragment.text).length).toBe(fragment.length);
    expect(encoder.encode(file.text).length).toBe(file.length);
    expect(decoder.decode(rebuild(file)).replace(/<span class="AmznBigTextBlock">|<\/span>/g, "")).toBe(whole.replace(/<\/span>/g, ""));
    // the skeleton kept the tags of the elements too big for one fragment
    expect(file.text).toMatch(/<div id="outer" aid="[0-9A-V]+"><section aid="[0-9A-V]+"><\/section><p aid="[0-9A-V]+"><\/p><\/div>/);
    // fragments start where the one before ended or later, and their stored offsets add up
    let stored = 0;
    for (const fragment of file.fragments) {
      expect(fragment.startPos).toBe(stored);
      stored += fragment.length;
    }
  });

  it("records each id at the byte where its element starts in the rebuilt file", () => {
    const body = `<div>${Array.from({ length: 300 }, (_, n) => paragraph(n)).join("")}</div>`;
    const { file } = cut(body, 500);
    const rebuilt = rebuild(file);
    for (const id of ["p0", "p150", "p299"]) {
      const at = file.anchors.get(id)! - file.startPos;
      expect(decoder.decode(rebuilt.subarray(at, at + 12 + id.length))).toBe(`<p id="${id}" aid=`.slice(0, 12 + id.length));
      // and the fragment:offset form points at the same byte
      const position = positionOf(file.fragments, file.anchors.get(id)!);
      const fragment = file.fragments.find((candidate) => candidate.sequence === position.fragment)!;
      expect(fragment.insertPos + position.offset).toBe(file.anchors.get(id));
    }
  });

  it("gives an empty chapter a fragment, and drops pictures it cannot place", () => {
    const { file } = cut("");
    expect(file.fragments).toHaveLength(1);
    const { whole } = cut(`<p><img src="pic.png" alt="a"/><img src="gone.png" alt="b"/><a href="http://x.org/">x</a><a href="c.xhtml#n">n</a></p>`);
    expect(whole).toContain(`<img src="kindle:embed:0001?mime=image/png" alt="a"/>`);
    expect(whole).not.toContain("gone.png");
    expect(whole).toContain("[b]");
    expect(whole).toContain(`href="http://x.org/"`);
    expect(whole).toContain(`href="kindle:pos:fid:0000:off:0000000000"`);
  });

  it("puts no aid inside tables (Kindles fail on them)", () => {
    const { whole } = cut(`<table><tr><td><p>cell</p></td></tr></table><p>out</p>`);
    expect(whole).toMatch(/<table><tr><td><p>cell<\/p><\/td><\/tr><\/table><p aid="[0-9A-V]+">out<\/p>/);
  });
});

describe("KF8 numbers and UTF-8", () => {
  it("writes base 32 with 0-9A-V, padded", () => {
    expect(base32(0, 4)).toBe("0000");
    expect(base32(31)).toBe("V");
    expect(base32(32, 4)).toBe("0010");
    expect(base32(1_000_000, 10)).toBe("000000UGI0");
  });

  it("counts UTF-8 bytes as TextEncoder writes them and never splits a character", () => {
    const text = "aё€😀\uD800b";
    expect(utf8Length(text)).toBe(encoder.encode(text).length);
    expect(prefixWithin(text, 0, 3)).toBe(2); // "a" + "ё"
    expect(prefixWithin(text, 2, 5)).toBe(3); // "€" but not half of the emoji
    expect(prefixWithin(text, 3, 1)).toBe(5); // at least one character, the whole pair
  });
});
