// A chapter's XHTML → FictionBook blocks (issue 16), for the FB2 writer. FB2 has no lists, no divs
// and no nesting of paragraphs, so the walk flattens: headings, paragraphs (a list item is one with
// its marker), pictures, empty lines, tables and the three quotations FB2 knows (cite, epigraph,
// poem with stanzas). Inline markup becomes FB2's emphasis/strong/strikethrough/sub/sup/code and
// links. Every id of the XHTML lands on some FB2 element, or is redirected to the one that holds it,
// so links never dangle.
import { escapeText, isElement, localName, type XmlElement, type XmlNode } from "./epub-xml.ts";

export type LineKind = "p" | "subtitle" | "text-author" | "heading";

export type Fb2Block =
  | { kind: "p" | "subtitle" | "text-author"; xml: string; id?: string }
  | { kind: "heading"; level: number; xml: string; id?: string }
  | { kind: "image"; binary: string; alt: string; id?: string }
  | { kind: "empty"; id?: undefined }
  | { kind: "table"; xml: string; id?: string }
  | { kind: "cite" | "epigraph" | "poem" | "stanza"; blocks: Fb2Block[]; id?: string };

export type ContainerKind = "cite" | "epigraph" | "poem" | "stanza";

/** What the walk needs from the writer: ids, pictures and links of the whole book. */
export interface Fb2Links {
  /** the FB2 id an XHTML id of this chapter was given */
  idOf(id: string): string | undefined;
  /** the binary id of the picture at `src`, or undefined when it is not kept */
  binaryOf(src: string): string | undefined;
  /** the FB2 target of a link ("#id" or an external URL), and whether it is a footnote */
  link(href: string): { href: string; note: boolean } | undefined;
  /** `from` (an id that did not land on an element) now means `to` */
  redirect(from: string, to: string): void;
}

const HEADINGS: Readonly<Record<string, number>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const INLINE_TAGS: Readonly<Record<string, string>> = {
  em: "emphasis", i: "emphasis", cite: "emphasis", dfn: "emphasis", var: "emphasis",
  strong: "strong", b: "strong",
  s: "strikethrough", del: "strikethrough", strike: "strikethrough",
  sub: "sub", sup: "sup",
  code: "code", kbd: "code", samp: "code", tt: "code",
};
/** Elements that hold blocks: walked through, their id kept for the first block inside. */
const CONTAINERS = new Set([
  "div", "section", "article", "aside", "header", "footer", "nav", "main", "figure", "body", "dl", "center", "address", "html",
]);
/** Elements that are one paragraph each. */
const PARAGRAPHS = new Set(["p", "dt", "dd", "figcaption", "caption", "summary"]);

const classesOf = (element: XmlElement): string[] => (element.attrs.class ?? "").split(/\s+/).filter((c) => c !== "");
const plainText = (xml: string): string => xml.replace(/<[^>]*>/g, "").replace(/&[a-z]+;/g, "x");

interface Line {
  kind: LineKind;
  level: number;
  parts: string[];
  ids: string[];
  /** a picture is inside: the line is kept even without text */
  hasImage: boolean;
}

/** Walks one chapter's body into FB2 blocks. */
export class Fb2Walker {
  private readonly links: Fb2Links;
  /** the open containers' block lists, the chapter's own first */
  private readonly stack: Array<{ kind: ContainerKind | "root"; blocks: Fb2Block[] }> = [{ kind: "root", blocks: [] }];
  private line: Line | null = null;
  /** ids waiting for the next block that can hold one */
  private pending: string[] = [];

  constructor(links: Fb2Links) {
    this.links = links;
  }

  /** The chapter's blocks, with the ids still waiting (they belong to the chapter as a whole). */
  walk(nodes: readonly XmlNode[]): { blocks: Fb2Block[]; leftover: string[] } {
    for (const node of nodes) this.block(node);
    this.endLine();
    return { blocks: this.stack[0]!.blocks, leftover: this.pending };
  }

  private get blocks(): Fb2Block[] {
    return this.stack[this.stack.length - 1]!.blocks;
  }

  private takeIds(element: XmlElement): void {
    const id = element.attrs.id;
    if (id === undefined) return;
    const mapped = this.links.idOf(id);
    if (mapped !== undefined) (this.line ? this.line.ids : this.pending).push(mapped);
  }

  /** Gives `block` the first waiting id; the others are redirected to it. */
  private place(block: Fb2Block, ids: string[]): void {
    const all = [...this.pending, ...ids];
    this.pending = [];
    if (block.kind === "empty") {
      this.pending = all;
    } else if (all.length > 0) {
      const [first, ...rest] = all as [string, ...string[]];
      block.id = first;
      for (const other of rest) this.links.redirect(other, first);
    }
    this.blocks.push(block);
  }

  private startLine(kind: LineKind, level = 0): void {
    this.endLine();
    this.line = { kind, level, parts: [], ids: [], hasImage: false };
  }

  private endLine(): void {
    const line = this.line;
    this.line = null;
    if (line === null) return;
    // collapse white space as HTML does, but keep no-break spaces (a lone one is an empty line)
    const xml = line.parts.join("").replace(/[ \t\r\n\f]+/g, " ").replace(/^ | $/g, "");
    const text = plainText(xml).replace(/\u00a0/g, " ").trim();
    if (text === "" && !line.hasImage) {
      // an empty paragraph (often a lone &nbsp;) is FB2's empty line; its ids wait for the next block
      this.pending.push(...line.ids);
      if (line.kind === "p" && xml !== "") this.place({ kind: "empty" }, []);
      return;
    }
    const inContainer = this.stack.length > 1;
    if (line.kind === "heading") {
      // a heading inside a quotation is no section title
      if (inContainer) this.place({ kind: "subtitle", xml }, line.ids);
      else this.place({ kind: "heading", level: line.level, xml }, line.ids);
    } else this.place({ kind: line.kind, xml }, line.ids);
  }

  private open(kind: ContainerKind, element: XmlElement): void {
    this.endLine();
    this.takeIds(element);
    const ids = this.pending;
    this.pending = [];
    const container: Fb2Block = { kind, blocks: [] };
    this.place(container, ids);
    this.stack.push({ kind, blocks: container.blocks });
    for (const child of element.children) this.block(child);
    this.endLine();
    this.stack.pop();
    // an id no block inside took goes to the container, when it has one
    if (container.id !== undefined) {
      for (const id of this.pending) this.links.redirect(id, container.id);
      this.pending = [];
    }
  }

  private image(element: XmlElement): void {
    const binary = this.links.binaryOf(element.attrs.src ?? "");
    if (binary === undefined) return;
    const kind = this.line?.kind;
    const level = this.line?.level ?? 0;
    this.endLine();
    this.takeIds(element);
    this.place({ kind: "image", binary, alt: element.attrs.alt ?? "" }, []);
    if (kind !== undefined) this.startLine(kind, level);
  }

  /** A node met where blocks may stand. */
  private block(node: XmlNode): void {
    if (!isElement(node)) {
      if (this.line === null && node.trim() === "") return;
      if (this.line === null) this.startLine("p");
      this.line!.parts.push(escapeText(node));
      return;
    }
    const name = localName(node.name);
    const classes = classesOf(node);
    const level = HEADINGS[name];
    if (level !== undefined) return this.paragraph(node, "heading", level);
    if (PARAGRAPHS.has(name)) {
      const kind: LineKind = classes.includes("subtitle") ? "subtitle" : classes.includes("text-author") ? "text-author" : "p";
      return this.paragraph(node, kind);
    }
    switch (name) {
      case "br":
        if (this.line !== null) this.startLine(this.line.kind, this.line.level);
        return;
      case "img":
        return this.image(node);
      case "hr":
        this.endLine();
        this.place({ kind: "empty" }, []);
        return;
      case "blockquote":
        return this.open(classes.includes("epigraph") ? "epigraph" : "cite", node);
      case "ul":
      case "ol":
        return this.list(node, name === "ol");
      case "li":
        return this.paragraph(node, "p", 0, "• ");
      case "table":
        return this.table(node);
      case "pre":
        return this.pre(node);
    }
    if (name === "div" && classes.includes("poem")) return this.open("poem", node);
    if (name === "div" && classes.includes("stanza")) return this.open("stanza", node);
    if (name === "div" && classes.includes("epigraph")) return this.open("epigraph", node);
    if (CONTAINERS.has(name)) {
      this.endLine();
      this.takeIds(node);
      for (const child of node.children) this.block(child);
      this.endLine();
      return;
    }
    // inline content standing among blocks: a paragraph of its own
    if (this.line === null) this.startLine("p");
    this.line!.parts.push(this.inline(node, false));
  }

  /** An element that is one paragraph (or heading); blocks inside it break it. */
  private paragraph(element: XmlElement, kind: LineKind, level = 0, marker = ""): void {
    this.startLine(kind, level);
    this.takeIds(element);
    if (marker !== "") this.line!.parts.push(escapeText(marker));
    for (const child of element.children) {
      if (!isElement(child)) {
        if (this.line === null) this.startLine(kind, level);
        this.line!.parts.push(escapeText(child));
        continue;
      }
      const name = localName(child.name);
      if (name === "img" || name === "br" || PARAGRAPHS.has(name) || HEADINGS[name] !== undefined || CONTAINERS.has(name) || ["ul", "ol", "table", "blockquote", "pre", "hr", "li"].includes(name)) {
        this.block(child);
        if (this.line === null) this.startLine(kind, level);
      } else {
        if (this.line === null) this.startLine(kind, level);
        this.line!.parts.push(this.inline(child, false));
      }
    }
    this.endLine();
  }

  private list(element: XmlElement, ordered: boolean): void {
    this.endLine();
    this.takeIds(element);
    const start = Number.parseInt(element.attrs.start ?? "1", 10);
    let number = Number.isFinite(start) ? start : 1;
    for (const child of element.children) {
      if (!isElement(child)) continue;
      if (localName(child.name) !== "li") {
        this.block(child);
        continue;
      }
      const value = Number.parseInt(child.attrs.value ?? "", 10);
      if (Number.isFinite(value)) number = value;
      this.paragraph(child, "p", 0, ordered ? `${number}. ` : "• ");
      number++;
    }
  }

  private pre(element: XmlElement): void {
    this.endLine();
    this.takeIds(element);
    const text = textWithBreaks(element);
    for (const row of text.split("\n")) {
      this.startLine("p");
      this.line!.parts.push(`<code>${escapeText(row)}</code>`);
      if (row.trim() === "") this.line!.parts = [];
      this.endLine();
    }
  }

  private table(element: XmlElement): void {
    this.endLine();
    this.takeIds(element);
    const rows: string[] = [];
    const captions: XmlElement[] = [];
    const walkRows = (parent: XmlElement, depth: number): void => {
      for (const child of parent.children) {
        if (!isElement(child)) continue;
        const name = localName(child.name);
        if (name === "caption") captions.push(child);
        else if (name === "tr") rows.push(this.row(child));
        else if ((name === "thead" || name === "tbody" || name === "tfoot") && depth === 0) walkRows(child, depth + 1);
      }
    };
    walkRows(element, 0);
    for (const caption of captions) this.paragraph(caption, "p");
    if (rows.length === 0) return;
    this.place({ kind: "table", xml: rows.join("") }, []);
  }

  private row(tr: XmlElement): string {
    let out = "<tr>";
    for (const cell of tr.children) {
      if (!isElement(cell)) continue;
      const name = localName(cell.name);
      if (name !== "td" && name !== "th") continue;
      const spans = ["colspan", "rowspan"]
        .filter((a) => /^[1-9]\d{0,2}$/.test(cell.attrs[a] ?? ""))
        .map((a) => ` ${a}="${cell.attrs[a]}"`)
        .join("");
      // ids inside a cell have no element of their own: they wait for the table
      this.takeIds(cell);
      const content = this.inline(cell, false).replace(/[ \t\r\n\f]+/g, " ").replace(/^ | $/g, "");
      // a space between cells: calibre's FB2 reader would run their words together
      out += `<${name}${spans}>${content}</${name}> `;
    }
    return `${out}</tr>`;
  }

  /** Inline markup as FB2 inline XML; blocks met inside are flattened with spaces. */
  private inline(element: XmlElement, inLink: boolean): string {
    this.takeIds(element);
    const name = localName(element.name);
    const children = (link: boolean): string => {
      let out = "";
      for (const child of element.children) out += isElement(child) ? this.inline(child, link) : escapeText(child);
      return out;
    };
    if (name === "br") return " ";
    if (name === "img") {
      const binary = this.links.binaryOf(element.attrs.src ?? "");
      if (binary === undefined) return "";
      if (this.line) this.line.hasImage = true;
      return `<image l:href="#${binary}"/>`;
    }
    const tag = INLINE_TAGS[name];
    if (tag !== undefined) return `<${tag}>${children(inLink)}</${tag}>`;
    if (name === "a" && !inLink) {
      const href = element.attrs.href;
      const target = href === undefined ? undefined : this.links.link(href);
      if (target !== undefined) return `<a l:href="${escapeText(target.href).replace(/"/g, "&quot;")}"${target.note ? ' type="note"' : ""}>${children(true)}</a>`;
    }
    const inner = children(inLink);
    // block elements inside inline markup: keep words apart
    return HEADINGS[name] !== undefined || PARAGRAPHS.has(name) || CONTAINERS.has(name) || name === "li" || name === "tr" ? ` ${inner} ` : inner;
  }
}

/** The text of a <pre>, its <br/>s as line breaks. */
function textWithBreaks(element: XmlElement): string {
  let out = "";
  for (const child of element.children) {
    if (!isElement(child)) out += child;
    else if (localName(child.name) === "br") out += "\n";
    else out += textWithBreaks(child);
  }
  return out;
}
