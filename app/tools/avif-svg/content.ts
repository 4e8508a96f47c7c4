import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "avif-to-svg-converter": {
    name: "AVIF to SVG Converter",
    description:
      "Convert AVIF images into scalable SVG vector graphics by tracing their shapes and colours, all inside your browser.",
    icon: "✒️",
    searchVolume: 6500,
    rank: 70,
    isFeatured: false,
    metaDescription:
      "Turn AVIF images into scalable SVG vector graphics for free. The image is traced into shapes right in your browser, so your files are never uploaded anywhere.",
    metaKeywords:
      "avif to svg, avif converter, convert avif, image to vector, raster to svg, trace image to svg, avif file",
    content: `<h2>About the AVIF to SVG Converter</h2>
<p>AVIF is a modern, highly compressed raster format, while SVG describes an image as vector shapes that stay crisp at any size. This converter decodes your <strong>.avif</strong> file and traces it into coloured vector paths, producing an SVG you can scale, recolour and edit in a vector editor or drop straight into a web page.</p>
<p>Decoding and tracing both run in your browser. Where the browser cannot decode AVIF itself, a WebAssembly decoder served by this site takes over, and the file never leaves your device.</p>
<p>Tracing works best on logos, icons, flat illustrations and screenshots of simple graphics with clear areas of colour. Photographs can be traced too, but they produce large SVG files with many small shapes, and the result looks like a poster rather than a photo.</p>
<ul>
<li>Select an .avif file.</li>
<li>Press Convert and wait for the tracing to finish.</li>
<li>Download the SVG.</li>
</ul>`,
    blogContent: `<h2>AVIF and SVG compared</h2>
<p>AVIF (AV1 Image File Format) was defined by the Alliance for Open Media in 2019. It stores images compressed with the AV1 video codec and usually produces smaller files than JPEG at similar quality, with support for transparency and HDR.</p>
<p>SVG (Scalable Vector Graphics) is a W3C standard based on XML. Instead of pixels it stores paths, shapes and colours, so a logo looks equally sharp on a phone and on a billboard.</p>
<h3>Which one should you use?</h3>
<p>Keep photos as AVIF, JPEG or PNG: a raster format is the right home for continuous tones. Convert to SVG when an image is really a graphic, such as a logo you need to resize or a simple illustration you want to edit. For the reverse job of rasterising, see the other <a href="/tools">image tools</a>.</p>`,
  },
};
