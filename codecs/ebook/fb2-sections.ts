// FictionBook blocks → sections and XML (issue 16), for the FB2 writer. A chapter is one top-level
// section; its headings open nested sections by level. FB2 lets a section hold either sections or
// content, never both, so content standing before the first sub-section goes into an untitled one.
// Quotations are written where the schema allows them: a picture inside one becomes an inline
// picture in a paragraph, a nested quotation is flattened into its parent, verse lines become <v>.
import type { Fb2Block } from "./fb2-blocks.ts";

export interface Fb2Section {
  id?: string;
  /** the title's inline XML */
  title?: string;
  blocks: Fb2Block[];
  children: Fb2Section[];
}

type Place = "section" | "cite" | "epigraph" | "poem";

const idAttr = (id: string | undefined): string => (id === undefined ? "" : ` id="${id}"`);

/** A chapter's blocks as one section: its first heading the title, later headings nested sections. */
export function chapterSection(blocks: readonly Fb2Block[], chapterId: string, redirect: (from: string, to: string) => void): Fb2Section {
  const root: Fb2Section = { id: chapterId, blocks: [], children: [] };
  const stack: Array<{ section: Fb2Section; level: number }> = [{ section: root, level: 0 }];
  let rest = blocks;
  const first = blocks[0];
  if (first?.kind === "heading") {
    root.title = first.xml;
    stack[0]!.level = first.level;
    if (first.id !== undefined) redirect(first.id, chapterId);
    rest = blocks.slice(1);
  }
  for (const block of rest) {
    if (block.kind !== "heading") {
      stack[stack.length - 1]!.section.blocks.push(block);
      continue;
    }
    while (stack.length > 1 && stack[stack.length - 1]!.level >= block.level) stack.pop();
    const section: Fb2Section = { title: block.xml, blocks: [], children: [] };
    if (block.id !== undefined) section.id = block.id;
    stack[stack.length - 1]!.section.children.push(section);
    stack.push({ section, level: block.level });
  }
  return root;
}

/**
 * A notes chapter's blocks as note sections: each block that a footnote link points at starts a
 * section carrying its id (a heading there is the note's title). Without such blocks the chapter is
 * one ordinary section.
 */
export function noteSections(blocks: readonly Fb2Block[], isTarget: (id: string) => boolean, chapterId: string, redirect: (from: string, to: string) => void): { title?: string; sections: Fb2Section[] } {
  if (!blocks.some((b) => b.id !== undefined && isTarget(b.id))) return { sections: [chapterSection(blocks, chapterId, redirect)] };
  const sections: Fb2Section[] = [];
  const before: Fb2Block[] = [];
  let current: Fb2Section | undefined;
  for (const block of blocks) {
    if (block.id !== undefined && isTarget(block.id)) {
      current = { id: block.id, blocks: [], children: [] };
      sections.push(current);
      if (block.kind === "heading") current.title = block.xml;
      else current.blocks.push({ ...block, id: undefined } as Fb2Block);
      continue;
    }
    if (current === undefined) before.push(block);
    else if (block.kind === "heading") {
      if (current.title === undefined && current.blocks.length === 0) current.title = block.xml;
      else current.blocks.push({ kind: "subtitle", xml: block.xml, ...(block.id === undefined ? {} : { id: block.id }) });
    } else current.blocks.push(block);
  }
  let title: string | undefined;
  if (before[0]?.kind === "heading") {
    const heading = before.shift()!;
    title = heading.kind === "heading" ? heading.xml : undefined;
    if (heading.id !== undefined) redirect(heading.id, chapterId);
  }
  if (before.length > 0) sections.unshift(chapterSection(before, chapterId, redirect));
  else redirect(chapterId, sections[0]!.id!);
  return title === undefined ? { sections } : { title, sections };
}

/** A section as FB2 XML. */
export function sectionXml(section: Fb2Section): string {
  let out = `<section${idAttr(section.id)}>`;
  if (section.title !== undefined) out += `<title><p>${section.title}</p></title>`;
  let at = 0;
  // epigraphs may stand only right after the title
  while (section.blocks[at]?.kind === "epigraph") out += blockXml(section.blocks[at++]!, "section", true);
  const content = section.blocks.slice(at);
  if (section.children.length > 0) {
    if (content.length > 0) out += sectionXml({ blocks: content, children: [] });
    for (const child of section.children) out += sectionXml(child);
  } else if (content.length > 0) {
    for (const block of content) out += blockXml(block, "section", false);
  } else out += "<empty-line/>";
  return `${out}</section>`;
}

const inner = (blocks: readonly Fb2Block[], place: Place): string => blocks.map((b) => blockXml(b, place, false)).join("");

function blockXml(block: Fb2Block, place: Place, leading: boolean): string {
  const id = "id" in block ? idAttr(block.id) : "";
  switch (block.kind) {
    case "p":
    case "heading":
      return place === "poem" ? `<v${id}>${block.xml}</v>` : `<p${id}>${block.xml}</p>`;
    case "subtitle":
      return place === "poem" ? `<v${id}>${block.xml}</v>` : place === "epigraph" ? `<p${id}>${block.xml}</p>` : `<subtitle${id}>${block.xml}</subtitle>`;
    case "text-author":
      return place === "section" ? `<p${id}>${block.xml}</p>` : place === "poem" ? `<v${id}>${block.xml}</v>` : `<text-author${id}>${block.xml}</text-author>`;
    case "empty":
      return place === "poem" ? "" : "<empty-line/>";
    case "image": {
      const picture = `<image l:href="#${block.binary}"${block.alt === "" ? "" : ` alt="${block.alt.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;")}"`}`;
      if (place === "section") return `${picture}${id}/>`;
      // outside a section a picture may only stand inside a paragraph
      return place === "poem" ? `<v${id}>${picture}/></v>` : `<p${id}>${picture}/></p>`;
    }
    case "table":
      if (place === "section" || place === "cite") return `<table${id}>${block.xml}</table>`;
      return `<cite${id}><table>${block.xml}</table></cite>`;
    case "cite":
    case "epigraph":
      if (place === "poem") return inner(block.blocks, "poem");
      if (place === "cite") return inner(block.blocks, "cite");
      if (block.kind === "epigraph" && leading) return `<epigraph${id}>${inner(block.blocks, "epigraph")}</epigraph>`;
      return `<cite${id}>${inner(block.blocks, "cite")}</cite>`;
    case "poem":
    case "stanza":
      if (place === "poem") return inner(block.blocks, "poem");
      return poemXml(block.blocks, id);
  }
}

/** A poem: its stanzas, loose lines grouped into stanzas, the author lines after them. */
function poemXml(blocks: readonly Fb2Block[], id: string): string {
  const stanzas: string[] = [];
  const authors: string[] = [];
  let loose = "";
  const endLoose = (): void => {
    if (loose !== "") stanzas.push(`<stanza>${loose}</stanza>`);
    loose = "";
  };
  for (const block of blocks) {
    if (block.kind === "stanza") {
      endLoose();
      const lines = inner(block.blocks, "poem");
      if (lines !== "") stanzas.push(`<stanza>${lines}</stanza>`);
    } else if (block.kind === "text-author") {
      authors.push(`<text-author>${block.xml}</text-author>`);
    } else if (block.kind === "empty") endLoose();
    else loose += blockXml(block, "poem", false);
  }
  endLoose();
  if (stanzas.length === 0) stanzas.push("<stanza><v/></stanza>");
  return `<poem${id}>${stanzas.join("")}${authors.join("")}</poem>`;
}
