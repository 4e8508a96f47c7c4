import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
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
