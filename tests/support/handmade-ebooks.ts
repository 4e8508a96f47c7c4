// Ebooks written by hand as the real-world writers shape them (issue 25), for the corpus and the
// readers' tests: fixed-layout EPUB 3 (picture books, comics, manga) whose spine items are XHTML
// pages wrapping one <img> or <svg>, or pictures themselves (image/jpeg, image/svg+xml); EPUB 3 with
// scripts, forms, canvas, epub:switch, MathML, audio and video; and FB2 as FictionBook Editor and
// the LibRusEc library tools write it (several authors, sequences, epigraphs, poems, notes,
// binaries), in UTF-8 or windows-1251.
import { strToU8, zipSync, type Zippable } from "fflate";

export interface EpubItem {
  /** path inside the zip, under OEBPS/ */
  path: string;
  mediaType: string;
  data: Uint8Array | string;
  /** in the spine, in this order */
  spine?: boolean;
  properties?: string;
  /** the spine itemref's properties (page-spread-left...) */
  spineProperties?: string;
}

export interface HandmadeEpubSpec {
  title: string;
  language: string;
  /** extra <meta> lines of the package's metadata (rendition:layout...) */
  metadata?: string[];
  items: EpubItem[];
  /** "rtl" for manga */
  direction?: "ltr" | "rtl";
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An EPUB 3 zip: mimetype stored first, the container, the OPF, a nav listing the spine, then `items`. */
export function handmadeEpub(spec: HandmadeEpubSpec): Uint8Array {
  const spine = spec.items.filter((item) => item.spine);
  const ids = new Map(spec.items.map((item, index) => [item, `item${index + 1}`]));
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${escape(spec.title)}</title></head>
<body><nav epub:type="toc"><ol>${spine.map((item, index) => `<li><a href="${item.path}">Page ${index + 1}</a></li>`).join("")}</ol></nav></body></html>`;
  const manifest = [
    `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`,
    ...spec.items.map((item) => `<item id="${ids.get(item)}" href="${item.path}" media-type="${item.mediaType}"${item.properties ? ` properties="${item.properties}"` : ""}/>`),
  ];
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">urn:uuid:0b6a3c2e-5f7d-4e1a-9c8b-2d4e6f8a0c1e</dc:identifier>
<dc:title>${escape(spec.title)}</dc:title>
<dc:language>${spec.language}</dc:language>
<dc:creator>Hand Made</dc:creator>
<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
${(spec.metadata ?? []).join("\n")}
</metadata>
<manifest>
${manifest.join("\n")}
</manifest>
<spine${spec.direction === "rtl" ? ` page-progression-direction="rtl"` : ""}>
${spine.map((item) => `<itemref idref="${ids.get(item)}"${item.spineProperties ? ` properties="${item.spineProperties}"` : ""}/>`).join("\n")}
</spine>
</package>`;
  const files: Zippable = {
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(`<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`),
    "OEBPS/content.opf": strToU8(opf),
    "OEBPS/nav.xhtml": strToU8(nav),
  };
  for (const item of spec.items) files[`OEBPS/${item.path}`] = typeof item.data === "string" ? strToU8(item.data) : item.data;
  return zipSync(files);
}

export type FixedLayoutKind =
  /** XHTML pages wrapping one <img> (Apple's and InDesign's picture books) */
  | "xhtml-img"
  /** XHTML pages wrapping an <svg> with one <image> (calibre's comics, many publishers) */
  | "xhtml-svg"
  /** the pictures themselves in the spine (image/jpeg or image/png) */
  | "image-spine"
  /** SVG documents in the spine, each showing a picture and a line of text */
  | "svg-spine";

export interface PagePicture {
  data: Uint8Array;
  mediaType: "image/jpeg" | "image/png";
  width: number;
  height: number;
}

/** A fixed-layout (pre-paginated) EPUB 3 with one page per picture, shaped as `kind` says. */
export function fixedLayoutEpub(kind: FixedLayoutKind, pages: readonly PagePicture[], options: { direction?: "ltr" | "rtl"; title?: string } = {}): Uint8Array {
  const items: EpubItem[] = [];
  pages.forEach((page, index) => {
    const n = index + 1;
    const extension = page.mediaType === "image/png" ? "png" : "jpg";
    const picture: EpubItem = { path: `images/page-${n}.${extension}`, mediaType: page.mediaType, data: page.data, properties: n === 1 ? "cover-image" : undefined };
    const viewport = `<meta name="viewport" content="width=${page.width}, height=${page.height}"/>`;
    const head = `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xmlns:xlink="http://www.w3.org/1999/xlink"><head><title>Page ${n}</title>${viewport}</head>`;
    if (kind === "xhtml-img") {
      items.push(picture, { path: `page-${n}.xhtml`, mediaType: "application/xhtml+xml", spine: true, data: `${head}<body><div class="page"><img src="${picture.path}" alt="Page ${n}" width="${page.width}" height="${page.height}"/></div></body></html>` });
    } else if (kind === "xhtml-svg") {
      items.push(picture, {
        path: `page-${n}.xhtml`,
        mediaType: "application/xhtml+xml",
        spine: true,
        properties: "svg",
        data: `${head}<body><div><svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100%" height="100%" viewBox="0 0 ${page.width} ${page.height}" preserveAspectRatio="xMidYMid meet"><image width="${page.width}" height="${page.height}" xlink:href="${picture.path}"/></svg></div></body></html>`,
      });
    } else if (kind === "image-spine") {
      items.push({ ...picture, spine: true });
    } else {
      items.push(picture, {
        path: `page-${n}.svg`,
        mediaType: "image/svg+xml",
        spine: true,
        data: `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="${page.width}" height="${page.height}" viewBox="0 0 ${page.width} ${page.height}"><title>Page ${n}</title><image width="${page.width}" height="${page.height}" xlink:href="images/page-${n}.${extension}"/><text x="10" y="30" font-size="24">Balloon words of page ${n}</text></svg>`,
      });
    }
  });
  const first = pages[0];
  return handmadeEpub({
    title: options.title ?? `A picture book (${kind})`,
    language: "en",
    direction: options.direction,
    metadata: [
      `<meta property="rendition:layout">pre-paginated</meta>`,
      `<meta property="rendition:spread">landscape</meta>`,
      `<meta name="cover" content="item1"/>`,
      ...(first ? [`<meta name="original-resolution" content="${first.width}x${first.height}"/>`] : []),
    ],
    items,
  });
}

/** The words of interactiveEpub's text that every conversion must keep, in reading order. */
export const INTERACTIVE_WORDS =
  "Interactive chapter The quiz below asks about rivers Your name Ada Lovelace Favourite river Danube Nile Send answers " +
  "A drawing of the river delta would appear here Equation follows The formula says x squared plus one " +
  "Listen to the river sound A recording of water over stones Watch the ferry cross A film of the ferry at dawn " +
  "An embedded map of the valley The end of the interactive chapter";

/** An EPUB 3 whose chapter has a script, a form, a canvas, epub:switch with MathML, audio, video and object fallbacks. */
export function interactiveEpub(): Uint8Array {
  const chapter = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Interactive</title>
<script type="text/javascript">document.title = "scripted title that is not text";</script></head>
<body onload="start()">
<h1>Interactive chapter</h1>
<p>The quiz below asks about rivers.</p>
<form action="#" id="quiz"><p><label for="name">Your name</label> <input type="text" id="name" value="Ada Lovelace"/></p>
<p><label>Favourite river <select id="river"><option>Danube</option><option selected="selected">Nile</option></select></label></p>
<p><button type="button" onclick="send()">Send answers</button></p></form>
<canvas id="delta" width="300" height="200"><p>A drawing of the river delta would appear here.</p></canvas>
<p>Equation follows:</p>
<epub:switch id="eq1"><epub:case required-namespace="http://www.w3.org/1998/Math/MathML"><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>y</mi><mo>=</mo><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></math></epub:case>
<epub:default><p>The formula says x squared plus one.</p></epub:default></epub:switch>
<p>Listen to the river sound:</p>
<audio controls="controls" src="media/water.mp3"><p>A recording of water over stones.</p></audio>
<p>Watch the ferry cross:</p>
<video controls="controls" src="media/ferry.mp4" width="320" height="240"><p>A film of the ferry at dawn.</p></video>
<object data="media/map.swf" type="application/x-shockwave-flash"><p>An embedded map of the valley.</p></object>
<script>start();</script>
<p>The end of the interactive chapter.</p>
</body></html>`;
  return handmadeEpub({
    title: "Interactive book",
    language: "en",
    items: [
      { path: "chapter.xhtml", mediaType: "application/xhtml+xml", spine: true, properties: "scripted switch mathml", data: chapter },
      { path: "media/water.mp3", mediaType: "audio/mpeg", data: Uint8Array.from({ length: 417 }, (_, i) => [0xff, 0xfb, 0x90][i] ?? 0) },
      { path: "media/ferry.mp4", mediaType: "video/mp4", data: new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d]) },
      { path: "media/map.swf", mediaType: "application/x-shockwave-flash", data: new Uint8Array([0x46, 0x57, 0x53, 10, 8, 0, 0, 0]) },
    ],
  });
}

/** Cyrillic (and the few signs used here) in windows-1251, as Russian FB2 files are often stored. */
export function windows1251(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) out[i] = code;
    else if (code >= 0x410 && code <= 0x44f) out[i] = code - 0x410 + 0xc0;
    else if (code === 0x401) out[i] = 0xa8; // Ё
    else if (code === 0x451) out[i] = 0xb8; // ё
    else if (code === 0xab) out[i] = 0xab; // «
    else if (code === 0xbb) out[i] = 0xbb; // »
    else if (code === 0x2014) out[i] = 0x97; // —
    else if (code === 0x2026) out[i] = 0x85; // …
    else if (code === 0xa0) out[i] = 0xa0;
    else throw new Error(`windows1251: U+${code.toString(16)} is not in this small table`);
  }
  return out;
}

/** The words of fictionBookEditorFb2's main text and notes, in reading order. */
export const FB2_WORDS =
  "Повесть о зимнем лесе Эпиграф к повести Лес зимой молчит Народная мудрость Часть первая Глава 1 Утро в лесе " +
  "Снег лежал на ёлках 1 и тихо было вокруг Подзаголовок Что было дальше Стихи о зиме Белый снег пушистый В воздухе кружится " +
  "Вода H2O и площадь м2 код print привет Глава 2 Вечер Солнце село за холмом Смотри третью главу и сайт внутри Строка без абзаца Глава 3 Текст прямо в разделе Часть вторая " +
  "Без названия раздел начинается здесь Примечания 1 Ёлка хвойное дерево 2 Вторая сноска";

/**
 * An FB2 as FictionBook Editor and LibRusEc's tools write it: two authors with middle names and
 * nicknames, a translator, genres, a sequence, an annotation, a cover binary, a body title and
 * epigraph, nested sections (one without a title, one with an empty one), poems with stanzas,
 * subtitles, empty lines, sup/sub/code/style, a notes body with links typed "note", ids that
 * repeat or hold spaces, a link inside a link, a web link with spaces, text and emphasis outside any
 * paragraph, a damaged binary, and an image whose binary id starts with an underscore.
 */
export function fictionBookEditorFb2(options: { encoding?: "utf-8" | "windows-1251"; cover: Uint8Array; picture: Uint8Array }): Uint8Array {
  const encoding = options.encoding ?? "utf-8";
  const head = `<?xml version="1.0" encoding="${encoding}"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
 <description>
  <title-info>
   <genre>prose_classic</genre>
   <genre>nature_poetry</genre>
   <author><first-name>Иван</first-name><middle-name>Сергеевич</middle-name><last-name>Петров</last-name></author>
   <author><first-name>Мария</first-name><last-name>Иванова</last-name><nickname>Маша</nickname></author>
   <book-title>Повесть о зимнем лесе</book-title>
   <annotation><p>Короткая повесть о зиме.</p><empty-line/><p>Для детей и взрослых.</p></annotation>
   <keywords>зима, лес</keywords>
   <date value="1999-12-01">1999</date>
   <coverpage><image l:href="#cover.jpg"/></coverpage>
   <lang>ru</lang>
   <src-lang>ru</src-lang>
   <translator><first-name>Анна</first-name><last-name>Смирнова</last-name></translator>
   <sequence name="Времена года" number="1"><sequence name="Зима" number="2"/></sequence>
  </title-info>
  <document-info>
   <author><nickname>librusec</nickname></author>
   <program-used>FictionBook Editor Release 2.6.6</program-used>
   <date value="2010-05-01">1 мая 2010</date>
   <id>F6A1E2C3-0B4D-4E5F-8A9B-0C1D2E3F4A5B</id>
   <version>1.1</version>
   <history><p>v1.1 — вычитка</p></history>
  </document-info>
  <publish-info><book-name>Повесть о зимнем лесе</book-name><publisher>Детская литература</publisher><city>Москва</city><year>1999</year><isbn>5-08-000000-0</isbn></publish-info>
 </description>
 <body>
  <title><p>Повесть о зимнем лесе</p></title>
  <epigraph><p>Эпиграф к повести.</p><p>Лес зимой молчит.</p><text-author>Народная мудрость</text-author></epigraph>
  <section id="part1">
   <title><p>Часть первая</p></title>
   <section id="ch1">
    <title><p>Глава 1</p><p>Утро в лесе</p></title>
    <image l:href="#_i_001.png" id="ch1"/>
    <p>Снег лежал на ёлках<a l:href="#n1" type="note">[1]</a>, и тихо было вокруг.</p>
    <subtitle id="sub">Подзаголовок: что было дальше</subtitle>
    <poem><title><p>Стихи о зиме</p></title><stanza><v>Белый снег пушистый</v><v>В воздухе кружится</v></stanza></poem>
    <empty-line/>
    <p>Вода H<sub>2</sub>O и площадь м<sup>2</sup>, код <code>print</code>, <style name="foreign">привет</style>.</p>
   </section>
   <section id="ch2">
    <title><p>Глава 2</p><empty-line/><p>Вечер</p></title>
    <p>Солнце село за холмом.</p>
    <p>Смотри <a l:href="#глава 3">третью главу</a> и <a l:href="http://example.com/путь с пробелами">сайт <a l:href="#n1">внутри</a></a>.</p>
    <emphasis>Строка без абзаца.</emphasis>
   </section>
   <section id="глава 3">
    <title><p>Глава 3</p></title>
    Текст прямо в разделе.
    <image l:href="#broken.jpg"/>
   </section>
  </section>
  <section>
   <title><p>Часть вторая</p></title>
   <section>
    <title><p></p></title>
    <p>Без названия раздел начинается здесь<a l:href="#n2" type="note">[2]</a>.</p>
   </section>
  </section>
 </body>
 <body name="notes">
  <title><p>Примечания</p></title>
  <section id="n1"><title><p>1</p></title><p>Ёлка — хвойное дерево.</p></section>
  <section id="n2"><title><p>2</p></title><p>Вторая сноска.</p></section>
 </body>
`;
  const tail = ` <binary id="cover.jpg" content-type="image/jpeg">${base64(options.cover)}</binary>
 <binary id="_i_001.png" content-type="image/png">${base64(options.picture)}</binary>
 <binary id="broken.jpg" content-type="image/jpeg">AAAAAAAAAAAAAAAA</binary>
</FictionBook>
`;
  if (encoding === "utf-8") return strToU8(head + tail);
  const bytes = windows1251(head);
  const rest = strToU8(tail);
  const out = new Uint8Array(bytes.length + rest.length);
  out.set(bytes);
  out.set(rest, bytes.length);
  return out;
}

/** Base64 in 76-character lines, as FB2 writers wrap their binaries. */
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/.{76}/g, "$&\n");

/** A zip holding one FB2 (what LibRusEc and Flibusta hand out as .fb2.zip). */
export function zippedFb2(name: string, fb2: Uint8Array): Uint8Array {
  return zipSync({ [name]: fb2 });
}
