import { describe, expect, it } from "vitest";
import { pageFurniture, type FurniturePage } from "./pdf-furniture.ts";
import type { LayoutItem } from "./pdf-lines.ts";

function item(text: string, y: number, size = 10): LayoutItem {
  return { text, x: 72, y, width: text.length * size * 0.5, size, font: "f", bold: false, italic: false };
}

function page(n: number, body: string[], options: { header?: string; footer?: string; title?: string } = {}): FurniturePage {
  const items: LayoutItem[] = [];
  if (options.header) items.push(item(options.header, 760, 9));
  if (options.title) items.push(item(options.title, 720, 24));
  body.forEach((text, i) => items.push(item(text, 700 - i * 14)));
  if (options.footer) items.push(item(options.footer.replace("#", String(n)), 40, 9));
  return { items, top: 792, bottom: 0 };
}

const texts = (pages: FurniturePage[]): string[] => {
  const furniture = pageFurniture(pages);
  return pages.flatMap((p) => p.items.filter((i) => furniture.has(i)).map((i) => i.text));
};

describe("pageFurniture", () => {
  it("finds a running header and numbered footers, but not the same words as page 1's large title", () => {
    const pages = [
      page(1, ["Body one.", "More body.", "Last line."], { title: "Annual Review", footer: "Page # of 4" }),
      ...[2, 3, 4].map((n) => page(n, [`Body ${n}.`, "More body.", `Last line ${n}.`], { header: "Annual Review", footer: "Page # of 4" })),
    ];
    expect(texts(pages)).toEqual(["Page 1 of 4", "Annual Review", "Page 2 of 4", "Annual Review", "Page 3 of 4", "Annual Review", "Page 4 of 4"]);
  });

  it("keeps body lines that differ only by a number inside them, even where every page ends with one", () => {
    const pages = [1, 2, 3, 4].map((n) => {
      const p = page(n, [`Paragraph ${n}a ends here.`, "More body.", "Last line."]);
      return { ...p, items: [...p.items, item(`Filler paragraph ${n} keeps the reader busy with plain words about ledgers,`, 60)] };
    });
    expect(texts(pages)).toEqual([]);
  });

  it("finds a chapter's running head whose page number changes", () => {
    const pages = [10, 11, 12, 13].map((n) => page(n, ["Body text line one.", "Body text line two."], { header: `Chapter 2: ASN.1 structure handling ${n}` }));
    expect(texts(pages)).toHaveLength(4);
  });

  it("takes bare page numbers at the bottom, and nothing from a single page or from the body", () => {
    const pages = [1, 2].map((n) => page(n, ["Same first line of text", "Then something else entirely"], { footer: "– # –" }));
    expect(texts(pages)).toEqual(["– 1 –", "– 2 –"]);
    expect(texts([page(1, ["Only page"], { footer: "#" })])).toEqual([]);
  });
});
