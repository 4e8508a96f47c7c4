import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "psb-to-pdf-converter": {
    name: "PSB to PDF Converter",
    description:
      "Convert Photoshop Large Document (PSB) files to PDF in your browser, using the flattened image stored in the file.",
    icon: "🗂️",
    searchVolume: 3500,
    rank: 60,
    isFeatured: false,
    metaDescription:
      "Convert Photoshop PSB large documents to PDF without Photoshop. The file is read and turned into a PDF inside your browser, so it never leaves your computer.",
    metaKeywords:
      "psb to pdf, psb converter, open psb file, photoshop large document, psb viewer, convert psb, psb file to pdf",
    content: `<h2>About the PSB to PDF Converter</h2>
<p>PSB is Photoshop's Large Document Format, used for images too big for a regular PSD file. Opening one normally requires Photoshop. This converter reads the flattened composite image stored inside a <strong>.psb</strong> file and places it in a PDF that anyone can view, print or attach to an e-mail.</p>
<p>The file is parsed and the PDF is built in your browser, so large and often confidential design files are never uploaded. PSB documents can be very large, and the limit is the memory of your device: if a file is too big to process, the tool tells you so clearly instead of crashing the page.</p>
<ul>
<li>Select a .psb file.</li>
<li>Press Convert and wait while the image is read and the PDF is written.</li>
<li>Download the PDF.</li>
</ul>
<p>For the most faithful result, save the document in Photoshop with <em>Maximize Compatibility</em> turned on, which stores a complete flattened preview of all layers in the file. Without it, the converter draws the visible layers itself (opacity, masks, groups, clipping masks, shape layers) and lists what it could not draw, such as layer effects or adjustment layers. CMYK and Lab documents are converted to RGB without their colour profile, and the result says so.</p>`,
    blogContent: `<h2>What is a PSB file?</h2>
<p>Adobe introduced the Large Document Format with Photoshop CS in 2003. A regular PSD is limited to 30,000 pixels per side and 2 GB, while a PSB can be up to 300,000 pixels per side and far larger on disk. That makes it the format of choice for panoramas, large-format print work, billboards and high-resolution scans.</p>
<p>PSB keeps layers, masks and adjustment settings, but outside Adobe software support is limited. Converting to PDF is a practical way to share a proof with a client or a print shop that does not use Photoshop.</p>
<h3>Tip</h3>
<p>Keep the PSB as your working master. The PDF holds the flattened image only, so layers cannot be edited in it afterwards.</p>`,
  },
  "tiff-to-pdf-converter": {
    name: "TIFF to PDF Converter",
    description:
      "Convert TIFF and TIF images, including multi-page scans, into a PDF document without uploading them anywhere.",
    icon: "📑",
    searchVolume: 9000,
    rank: 72,
    isFeatured: false,
    metaDescription:
      "Convert TIFF and TIF images, including multi-page scans and faxes, to PDF for free. Conversion runs in your browser, so documents stay on your own device.",
    metaKeywords:
      "tiff to pdf, tif to pdf, convert tiff, multi page tiff to pdf, scan to pdf, tiff converter, fax tiff",
    content: `<h2>About the TIFF to PDF Converter</h2>
<p>Scanners, fax software and archiving systems often produce <strong>.tiff</strong> or <strong>.tif</strong> files, which many phones and e-mail recipients cannot open easily. This tool converts them into a PDF that opens on virtually any device.</p>
<p>A single TIFF file can contain several pages. Each page of the TIFF becomes a page of the PDF, in the same order, so a scanned contract or a multi-page fax stays together as one document.</p>
<p>The TIFF is decoded and the PDF is assembled in your browser. Scanned documents often contain personal or financial details, and with this tool they are never sent to a server. Very large scans are limited only by the memory of your device.</p>
<ul>
<li>Select a .tiff or .tif file.</li>
<li>Press Convert.</li>
<li>Download the PDF and check the pages.</li>
</ul>`,
    blogContent: `<h2>Why TIFF is still everywhere</h2>
<p>The Tagged Image File Format was created by Aldus in 1986 as a common format for desktop scanners, and it is now maintained by Adobe. Its flexible structure allows many compression methods, from lossless LZW and Deflate to CCITT Group 4 for black-and-white fax pages, as well as several pages in one file.</p>
<p>That flexibility is why TIFF remains popular in scanning, printing, medical imaging and geographic data, and also why some viewers only support part of it.</p>
<h3>TIFF or PDF?</h3>
<p>Keep TIFF as an archival master when image fidelity matters. Use PDF to share documents, since it is universally viewable and keeps multi-page scans together. Need the pages as images instead? The <a href="/tool/pdf-converter">PDF converter</a> can export JPG or PNG.</p>`,
  },
};
