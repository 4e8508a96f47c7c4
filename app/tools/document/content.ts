import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "pdf-converter": {
    name: "PDF Converter",
    description:
      "Convert between PDF, Word (DOCX), plain text and images: make a PDF from a document or photo, or turn a PDF into DOCX, TXT, JPG or PNG.",
    icon: "📄",
    searchVolume: 20000,
    rank: 84,
    isFeatured: false,
    metaDescription:
      "Convert PDF, DOCX, TXT, JPG and PNG files to PDF, DOCX, TXT, JPG or PNG in your browser. Free, no sign-up, and documents are processed on your own device only.",
    metaKeywords:
      "pdf converter, convert to pdf, pdf to word, pdf to docx, pdf to jpg, word to pdf, jpg to pdf, pdf to txt",
    content: `<h2>About the PDF Converter</h2>
<p>This document converter handles the everyday PDF jobs in one place. It opens PDF, Word (DOCX and the older DOC), plain text, JPG and PNG files and can save to <strong>PDF, DOCX, TXT, JPG or PNG</strong>. Typical uses are turning a Word document or a photo of a receipt into a PDF, exporting the pages of a PDF as images, or pulling the text out of a PDF to edit it.</p>
<p>The conversion runs entirely in your browser. Contracts, invoices, CVs and ID scans are processed on your own device and are never uploaded to a server.</p>
<ul>
<li>Select a document or image file. The page shows what it holds: its pages, title, and whether it is locked or a scan.</li>
<li>Choose the output format. For page images, pick the resolution, the JPEG quality and which pages you want.</li>
<li>Press Convert and download the result. Several pages come as a ZIP of images.</li>
</ul>
<p>Word documents become real text PDFs with embedded fonts, so the text stays searchable and selectable. Several photos can go into one PDF, one page each, in the order you arrange them. A password-protected PDF or Word document opens with its password, which never leaves your device.</p>
<p>A PDF stores positioned text and graphics, not editable paragraphs, so converting PDF to DOCX or TXT rebuilds headings, lists and tables from the layout and says what it could not keep. Scanned PDFs contain pictures of pages rather than text; export those as JPG or PNG instead. Text in Chinese, Japanese, Korean or right-to-left scripts cannot yet be written into a PDF here, and the converter says so.</p>`,
    blogContent: `<h2>Why PDF became the standard</h2>
<p>Adobe introduced the Portable Document Format in 1993 so that a document would look the same on every computer and printer. It became an open ISO standard in 2008 and is now the default format for invoices, forms, manuals and official documents.</p>
<h3>Tips</h3>
<ul>
<li>Send PDF when the layout must not change; send DOCX when the recipient needs to edit.</li>
<li>Exporting pages as PNG keeps text and line art sharp; JPG is smaller for photos.</li>
<li>Converting a TIFF scan? Use the <a href="/tool/tiff-to-pdf-converter">TIFF to PDF converter</a>, which keeps multi-page files together.</li>
<li>Keep the original file: a round trip through PDF and back rarely reproduces it exactly.</li>
</ul>`,
  },
};
