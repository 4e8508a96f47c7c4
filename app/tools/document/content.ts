import type { ToolContentBySlug } from "../types";

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
<p>This document converter handles the everyday PDF jobs in one place. It opens PDF, Word (DOCX), plain text, JPG and PNG files and can save to <strong>PDF, DOCX, TXT, JPG or PNG</strong>. Typical uses are turning a Word document or a photo of a receipt into a PDF, exporting the pages of a PDF as images, or pulling the text out of a PDF to edit it.</p>
<p>The conversion runs entirely in your browser. Contracts, invoices, CVs and ID scans are processed on your own device and are never uploaded to a server.</p>
<ul>
<li>Select a document or image file.</li>
<li>Choose the output format.</li>
<li>Press Convert and download the result.</li>
</ul>
<p>A PDF stores positioned text and graphics, not editable paragraphs, so converting PDF to DOCX or TXT recovers the text but not always the exact layout. Scanned PDFs contain pictures of pages rather than text; export those as JPG or PNG instead.</p>`,
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
  "xml-converter": {
    name: "XML Converter",
    description:
      "Convert structured data between XML, JSON, CSV, HTML and plain text, directly in your browser.",
    icon: "🗃️",
    searchVolume: 6500,
    rank: 62,
    isFeatured: false,
    metaDescription:
      "Convert data between XML, JSON, CSV, HTML and TXT for free. Files are parsed and converted inside your browser, so your data is never uploaded or stored online.",
    metaKeywords:
      "xml converter, xml to json, json to xml, xml to csv, csv to json, json to csv, data converter, xml to html",
    content: `<h2>About the XML Converter</h2>
<p>Data rarely arrives in the format you need. An API returns JSON, a supplier sends XML, a spreadsheet exports CSV and a colleague wants an HTML table. This tool converts between <strong>XML, JSON, CSV, HTML and TXT</strong> so you can move data from one system to another without writing a script.</p>
<p>Parsing and conversion happen in your browser. Customer lists, product feeds and configuration files are processed on your own device and never uploaded.</p>
<ul>
<li>Select an .xml, .json, .csv, .html or .txt file.</li>
<li>Choose the output format.</li>
<li>Press Convert and download the result.</li>
</ul>
<p>XML and JSON can describe deeply nested structures, while CSV is a flat table. Converting to CSV therefore works best when the data is a list of similar records, such as orders, contacts or products. Check the first row of the CSV for the column names, and make sure the source file is well formed; a malformed file produces a clear error message.</p>`,
    blogContent: `<h2>XML, JSON and CSV at a glance</h2>
<p><strong>XML</strong> became a W3C recommendation in 1998 and is still used for document formats, feeds, invoices and enterprise integrations. <strong>JSON</strong>, popularised in the early 2000s, is lighter and is the usual language of web APIs. <strong>CSV</strong> is the simplest of all: one record per line, values separated by commas, and it opens in every spreadsheet program.</p>
<h3>Tips for clean conversions</h3>
<ul>
<li>Use UTF-8 encoding to keep accented letters and symbols intact.</li>
<li>Quote CSV values that contain commas or line breaks.</li>
<li>Convert to HTML when you want to paste a readable table into a page or an e-mail.</li>
</ul>`,
  },
};
