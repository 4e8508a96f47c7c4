import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "jfif-to-png": {
    name: "JFIF to PNG Converter",
    description:
      "Convert JFIF images, as well as JPG and JPEG files, to lossless PNG in your browser, with a preview before you download.",
    icon: "📷",
    searchVolume: 22000,
    rank: 95,
    isFeatured: true,
    metaDescription:
      "Convert JFIF, JPG and JPEG images to PNG for free in your browser. Preview the result and download it instantly; your photos never leave your own device.",
    metaKeywords:
      "jfif to png, convert jfif, jfif converter, jfif file, jpg to png, jpeg to png, open jfif file, image converter",
    content: `<h2>About the JFIF to PNG Converter</h2>
<p>Windows and some browsers save downloaded pictures with the <strong>.jfif</strong> extension, which many upload forms, editors and older programs refuse to accept. This converter reads a JFIF, JPG or JPEG file and writes it out as a PNG that works almost anywhere.</p>
<p>The image is decoded by your browser, drawn onto a canvas and encoded as PNG on your own device. No file is sent to a server, so private photos and screenshots stay with you. You see a preview of the result before you download it.</p>
<p>PNG is lossless, so the converted image will not lose any more quality when you edit and save it again. Keep in mind that it cannot bring back detail that JPEG compression already removed, and the PNG file is usually larger than the original.</p>
<ul>
<li>Select a .jfif, .jpg or .jpeg file.</li>
<li>Press Convert and check the preview.</li>
<li>Download the PNG.</li>
</ul>`,
    blogContent: `<h2>JFIF, JPG and JPEG: one format, three names</h2>
<p>JFIF stands for JPEG File Interchange Format. It was published in 1992 to define how JPEG-compressed image data is stored in a file so that different programs could exchange it, and it later became part of the JPEG standard family. Most files ending in .jpg or .jpeg are in fact JFIF files.</p>
<p>The .jfif extension appears mainly on Windows, where a registry setting can make browsers save JPEG images under that name. Because the data is the same, renaming a .jfif file to .jpg often works too.</p>
<h3>When PNG is the better choice</h3>
<p>Convert to PNG when you plan to edit an image several times, add sharp text or graphics, or need a format that every tool accepts. For photos you only want to share, JPEG remains smaller.</p>`,
  },
};
