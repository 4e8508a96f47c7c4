import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "epub-converter": {
    name: "EPUB Converter",
    description:
      "Convert EPUB e-books to other e-book formats, including MOBI and AZW3 for Kindle readers, directly in your browser.",
    icon: "📚",
    searchVolume: 7000,
    rank: 66,
    isFeatured: false,
    metaDescription:
      "Convert EPUB e-books to other formats such as MOBI and AZW3 for Kindle readers. The conversion runs in your browser, so your books are never uploaded anywhere.",
    metaKeywords:
      "epub converter, convert epub, epub to kindle, epub to mobi, epub to azw3, ebook converter, epub file",
    content: `<h2>About the EPUB Converter</h2>
<p>EPUB is the most widely used open e-book format, read by Kobo, Apple Books, Google Play Books and most e-reader apps. Other devices and apps expect a different format, most often the Kindle formats MOBI and AZW3. This tool reads an <strong>.epub</strong> file (or an FB2, MOBI or AZW3 book) and writes it in the format you pick: EPUB, AZW3, MOBI, FB2, PDF, DOCX, plain text or HTML, keeping the text, chapters, images and table of contents.</p>
<p>Before converting you see what the book holds: its cover, title, author, language and chapters. You can give the new file another title, author or cover picture.</p>
<p>Everything happens in your browser: the EPUB is unpacked, converted and packaged again on your own device. Your library is never uploaded, and no account is needed.</p>
<ul>
<li>Select an .epub, .fb2, .mobi or .azw3 file.</li>
<li>Choose the output format, and a new title, author or cover if you like.</li>
<li>Press Convert and download the new e-book.</li>
</ul>
<p>Books protected by DRM cannot be converted. This tool is meant for DRM-free books, such as public-domain titles, your own writing, or purchases sold without copy protection.</p>`,
    blogContent: `<h2>What is EPUB?</h2>
<p>EPUB was published in 2007 by the International Digital Publishing Forum as an open standard for e-books. An EPUB file is a ZIP archive of XHTML pages, CSS style sheets, images and a manifest describing the reading order. EPUB 3, released in 2011, added richer layout, audio and accessibility features, and the standard is now maintained by the W3C.</p>
<p>Because EPUB text reflows to fit any screen, it reads well on phones and e-readers alike.</p>
<h3>Tips</h3>
<ul>
<li>For Kindle devices, see the <a href="/tool/epub-to-azw3-converter">EPUB to AZW3 converter</a>.</li>
<li>Have a FictionBook file? Convert it with the <a href="/tool/fb2-to-epub-converter">FB2 to EPUB converter</a> first.</li>
</ul>`,
  },
  "epub-to-azw3-converter": {
    name: "EPUB to AZW3 Converter",
    description:
      "Convert EPUB e-books to AZW3 (Kindle Format 8) so you can read them on Kindle e-readers and apps.",
    icon: "📖",
    searchVolume: 3800,
    rank: 56,
    isFeatured: false,
    metaDescription:
      "Convert EPUB e-books to AZW3, the Kindle Format 8, for your Kindle e-reader. Runs in your browser, is free to use, and your books never leave your device.",
    metaKeywords:
      "epub to azw3, convert epub to azw3, kindle format 8, kf8, epub to kindle, azw3 converter, ebook converter",
    content: `<h2>About the EPUB to AZW3 Converter</h2>
<p>AZW3, also called Kindle Format 8 (KF8), is the modern Kindle e-book format. It supports HTML5 and CSS3 styling, embedded fonts and better layout than the older MOBI format. This tool converts a DRM-free <strong>.epub</strong> file into an <strong>.azw3</strong> file that Kindle e-readers open when you copy it to the device.</p>
<p>The conversion runs in your browser. The e-book is read, rebuilt and packaged on your own device, so your books and documents are never uploaded to a server.</p>
<ul>
<li>Select an .epub file.</li>
<li>Press Convert and wait for the progress to finish.</li>
<li>Download the AZW3 file.</li>
<li>Connect your Kindle by USB and copy the file into its documents folder.</li>
</ul>
<p>Books with DRM cannot be converted. If the styling of a book looks different on the Kindle, remember that Kindle devices apply their own fonts and margins on top of the book's design.</p>`,
    blogContent: `<h2>AZW3 and the Kindle family of formats</h2>
<p>Amazon's first e-book format came from Mobipocket, a company it bought in 2005. In 2011, with the Kindle Fire, Amazon introduced Kindle Format 8, usually stored in files with the .azw3 extension. KF8 is based on HTML5 and CSS3, so it can represent most of what an EPUB contains.</p>
<h3>AZW3 or MOBI?</h3>
<p>Choose AZW3 for any Kindle made in the last decade; it keeps layout and fonts better. MOBI is mainly useful for very old Kindle models. Note that Amazon's Send to Kindle service now accepts EPUB files directly, so converting is mostly needed when you copy books over USB. For MOBI, use the <a href="/tool/epub-to-mobi-converter">EPUB to MOBI converter</a>.</p>`,
  },
  "epub-to-mobi-converter": {
    name: "EPUB to MOBI Converter",
    description:
      "Convert EPUB e-books to MOBI for older Kindle e-readers and apps that still use the Mobipocket format.",
    icon: "📘",
    searchVolume: 9000,
    rank: 67,
    isFeatured: false,
    metaDescription:
      "Convert EPUB e-books to MOBI for older Kindle e-readers and MOBI apps. Free, no sign-up, and the book is converted in your browser without any upload at all.",
    metaKeywords:
      "epub to mobi, convert epub to mobi, mobi converter, kindle mobi, epub to kindle, mobipocket, ebook converter",
    content: `<h2>About the EPUB to MOBI Converter</h2>
<p>MOBI is the format used by the first generations of Kindle e-readers and by a number of reading apps. This tool converts a DRM-free <strong>.epub</strong> e-book into a <strong>.mobi</strong> file with its chapters, images and table of contents, ready to copy to a device.</p>
<p>The book is unpacked, converted and written out in your browser, on your own device. Nothing is uploaded to a server, and there is nothing to install or sign up for.</p>
<ul>
<li>Select an .epub file.</li>
<li>Press Convert and wait for the progress bar to complete.</li>
<li>Download the MOBI file and copy it to your reader over USB.</li>
</ul>
<p>MOBI supports only simple formatting, so complex layouts, custom fonts and advanced styling from the EPUB may be simplified. For any reasonably recent Kindle, the <a href="/tool/epub-to-azw3-converter">EPUB to AZW3 converter</a> gives a more faithful result.</p>`,
    blogContent: `<h2>The story of MOBI</h2>
<p>The MOBI format was created by Mobipocket, a French company whose reader software ran on the PDAs and smartphones of the early 2000s. Amazon bought Mobipocket in 2005 and based the first Kindle's format on it. Its formatting is close to early HTML, which explains its limits.</p>
<p>Amazon has since moved on: newer Kindles use KF8 (AZW3), and the Send to Kindle service now accepts EPUB but no longer accepts MOBI files.</p>
<h3>When MOBI still makes sense</h3>
<ul>
<li>You own an early Kindle model.</li>
<li>An older reading app or device accepts only MOBI.</li>
<li>You want one file that works on the widest range of old hardware.</li>
</ul>`,
  },
  "fb2-to-epub-converter": {
    name: "FB2 to EPUB Converter",
    description:
      "Convert FictionBook (FB2) e-books to EPUB so they open in Apple Books, Kobo, Google Play Books and most e-reader apps.",
    icon: "📗",
    searchVolume: 4500,
    rank: 59,
    isFeatured: false,
    metaDescription:
      "Convert FictionBook FB2 e-books to EPUB for Apple Books, Kobo and most e-readers. Runs in your browser, free and private, and your books are never uploaded.",
    metaKeywords:
      "fb2 to epub, convert fb2, fictionbook to epub, fb2 converter, fb2 reader, ebook converter, fb2 file",
    content: `<h2>About the FB2 to EPUB Converter</h2>
<p>FB2 (FictionBook) e-books are common in Russian and Eastern European online libraries, but many readers and apps outside that region do not open them. This tool converts an <strong>.fb2</strong> file into a standard <strong>.epub</strong> e-book, keeping the title, author, chapters, sections, emphasis and embedded illustrations.</p>
<p>Conversion takes place in your browser. The FB2 is parsed and the EPUB is assembled on your own device, so your book is never uploaded and no account is needed.</p>
<ul>
<li>Select an .fb2 file.</li>
<li>Press Convert and wait for the progress to finish.</li>
<li>Download the EPUB and open it in your reading app.</li>
</ul>
<p>If you read on a Kindle, convert the resulting EPUB once more with the <a href="/tool/epub-to-azw3-converter">EPUB to AZW3 converter</a>.</p>`,
    blogContent: `<h2>What is FictionBook?</h2>
<p>FictionBook is an XML-based e-book format developed in Russia in the early 2000s. A whole book lives in a single XML file: the description with title, author and genre, the body divided into sections, and pictures embedded as encoded data. Because it describes the structure of a text rather than its appearance, FB2 is easy to convert and to reflow on any screen.</p>
<p>Its weakness is support: outside certain regions, few mainstream readers and stores handle it, while EPUB is accepted almost everywhere.</p>
<h3>Tip</h3>
<p>FB2 files are sometimes distributed zipped as .fb2.zip. Extract the .fb2 file first, or convert the zipped file as it is with the <a href="/tool/epub-converter">EPUB converter</a>.</p>`,
  },
};
