// A hand-made Book for the tests of the FB2, HTML, document and Kindle picture writers (issue 16):
// headings at two levels, inline markup, a footnote into a notes chapter, a table, a list, an
// epigraph, a poem, links between chapters and out of the book, a PNG, a GIF and a cover.
import { rampPng } from "#tests/support/office-fixtures.ts";
import type { Book } from "#codecs/ebook/book.ts";

/** A 1 × 1 GIF: a picture kind FB2 cannot hold. */
export const TINY_GIF = new Uint8Array([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b,
]);

export function sampleBook(): Book {
  return {
    metadata: { title: "Harbour Tales & «Ropes»", authors: ["Anna Maria Karenina", "Ivan Petrov"], language: "en", description: "Stories of a harbour.\n\nAnd of ropes.", date: "2024-05-01", series: "Tales", seriesIndex: 2 },
    chapters: [
      { href: "text/cover.xhtml", role: "cover", title: "Cover", body: `<div><img src="images/cover.png" alt="cover"/></div>` },
      {
        href: "text/chapter one.xhtml",
        title: "The Harbour",
        body: `<h1 id="start">The Harbour</h1>
<blockquote class="epigraph"><p>Ships are safe in harbour.</p><p class="text-author">John Shedd</p></blockquote>
<p>Lanterns swung over the <strong>quiet</strong> harbour while the <em>ledgers</em> waited, <del>struck</del> H<sub>2</sub>O x<sup>2</sup>.<a href="text/notes.xhtml#n1" id="r1">1</a></p>
<p><img src="images/ramp.png" alt="ramp"/></p>
<table><tr><th>Ship</th><th>Crates</th></tr><tr><td>Alpha</td><td colspan="1">12</td></tr></table>
<h2 id="later">Later&nbsp;that night</h2>
<p>Привет мир, это проверка. See <a href="text/chapter-two.xhtml">the second chapter</a>.</p>
<ul><li>first rope</li><li>second rope</li></ul>
<p>A moving picture <img src="images/anim.gif" alt="anim"/> stays out.</p>
<blockquote><p>A quotation, set apart.</p></blockquote>`,
        stylesheets: ["styles/book.css"],
      },
      {
        href: "text/chapter-two.xhtml",
        title: "Ropes",
        body: `<h1>Ropes</h1><p>The second chapter ties a bowline and links back to <a href="text/chapter%20one.xhtml#later">the night</a> and <a href="https://example.org/knots">out</a>.<a href="text/notes.xhtml#n2">2</a></p>
<div class="poem"><div class="stanza"><p>Roll the rope and coil it tight,</p><p>stow it dry before the night.</p></div></div>
<p>&nbsp;</p><p>Closing words of the second chapter.</p>`,
      },
      {
        href: "text/notes.xhtml",
        title: "Notes",
        role: "notes",
        body: `<h1>Notes</h1><aside id="n1"><p>A footnote about harbours.</p></aside><aside id="n2"><p>A footnote about knots.</p></aside>`,
      },
    ],
    resources: [
      { href: "images/ramp.png", mediaType: "image/png", data: rampPng() },
      { href: "images/cover.png", mediaType: "image/png", data: rampPng(200, 300) },
      { href: "images/anim.gif", mediaType: "image/gif", data: TINY_GIF },
      { href: "styles/book.css", mediaType: "text/css", data: new TextEncoder().encode(`@import url("extra.css");\n@font-face { font-family: X; src: url(../fonts/x.ttf); }\nbody { margin: 0 }\np { text-indent: 1em; background: url('../images/ramp.png') no-repeat; }\nh1, h2 { color: navy }\n@media (min-width: 40em) { p { line-height: 1.4 } }\n`) },
    ],
    coverHref: "images/cover.png",
    toc: [
      { title: "The Harbour", target: "text/chapter one.xhtml", children: [{ title: "Later that night", target: "text/chapter one.xhtml#later", children: [] }] },
      { title: "Ropes", target: "text/chapter-two.xhtml", children: [] },
      { title: "Notes", target: "text/notes.xhtml", children: [] },
    ],
    notes: [],
  };
}

/** The words of the sample book's chapters (not the cover), in reading order. */
export const SAMPLE_WORDS = `The Harbour Ships are safe in harbour John Shedd Lanterns swung over the quiet harbour while the ledgers waited struck H2O x2 1
Ship Crates Alpha 12 Later that night Привет мир это проверка See the second chapter first rope second rope A moving picture stays out
A quotation set apart Ropes The second chapter ties a bowline and links back to the night and out 2 Roll the rope and coil it tight
stow it dry before the night Closing words of the second chapter Notes A footnote about harbours A footnote about knots`;
