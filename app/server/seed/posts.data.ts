import type { SeedPost } from "./types.ts";

// Sample blog posts published on first start. HTML uses h2, h3, p, ul, ol, li, strong, em and relative links.

export const seedPosts: SeedPost[] = [
  {
    slug: "productivity-tips",
    title: "Practical Tips for Faster File Conversions and Everyday Calculations",
    excerpt:
      "Small habits save a surprising amount of time: pick the target format before you start, keep your originals, group similar jobs and let the keyboard do the work.",
    keywords:
      "productivity, tips, tools, file conversion, workflow, keyboard shortcuts, unit conversion, time zones",
    publishedAt: "2026-09-14T09:00:00.000Z",
    content: `<p>Converting a file or a measurement is rarely the main task. It is a step on the way to something else: sending a report, importing a texture into a game, booking a call across time zones. The faster and more reliably that step goes, the sooner you are back to the real work. Here are the habits that make the biggest difference.</p>

<h2>1. Decide on the target format before you start</h2>
<p>Most wasted conversions come from guessing. Before you convert, ask where the file is going and what that place accepts. A few rules of thumb:</p>
<ul>
<li><strong>Sharing a document that must not change:</strong> PDF, via the <a href="/tool/pdf-converter">PDF converter</a>.</li>
<li><strong>Editing an image several times:</strong> PNG, which is lossless. A JFIF download becomes editable with the <a href="/tool/jfif-to-png">JFIF to PNG converter</a>.</li>
<li><strong>Game and 3D textures:</strong> DDS, with the compression your engine expects. The <a href="/tool/png-to-dds-converter">PNG to DDS converter</a> writes uncompressed RGBA by default and offers BC1, BC3 and BC7.</li>
<li><strong>Audio for any device:</strong> MP3; for editing, WAV; for archiving, FLAC.</li>
</ul>

<h2>2. Always keep the original</h2>
<p>Never overwrite the source file. Lossy formats such as JPEG, MP3 and block-compressed DDS throw away a little information on every save, and no later conversion can bring it back. Keep the original in a folder of its own and treat every converted file as a disposable copy. If a client asks for a different format next month, you start again from the best version instead of a copy of a copy.</p>

<h2>3. Group similar jobs together</h2>
<p>If you have twenty voice memos to turn into MP3s, do them in one sitting rather than one a day. Browser-based tools such as the <a href="/tool/audio-converter">Audio Converter</a> load their conversion engine the first time you use them; keeping the tab open means the next file starts immediately. Grouping jobs also keeps settings consistent, so every icon gets the same sizes and every track the same format.</p>

<h2>4. Name files so you can find them again</h2>
<p>A simple pattern such as <em>project-item-version.format</em> beats "final-final-2.png". Include the size or variant when it matters, for example <em>logo-256.ico</em> or <em>rock-diffuse-bc7.dds</em>. Sorting by name then groups related files, and you can tell at a glance which copy is which.</p>

<h2>5. Let the keyboard do the work</h2>
<p>Shortcuts shave seconds off every task, and those seconds add up:</p>
<ul>
<li><strong>Ctrl+A, Ctrl+C, Ctrl+V</strong> (Cmd on a Mac) to move text in and out of the <a href="/tool/word-counter">Word Counter</a> or <a href="/tool/character-counter">Character Counter</a>.</li>
<li><strong>Tab</strong> and <strong>Shift+Tab</strong> to jump between fields in a form or calculator.</li>
<li><strong>Ctrl+D</strong> to bookmark a tool you use every week.</li>
<li><strong>Ctrl+Shift+T</strong> to reopen a tab you closed by accident.</li>
<li><strong>Ctrl+J</strong> in Chrome, Edge and Firefox on Windows and Linux to open your downloads list.</li>
</ul>

<h2>6. Sanity-check every calculation</h2>
<p>Calculators are exact, but typing is not. Keep a rough mental figure for the conversions you use most: an inch is about 2.5 cm, a kilometre about 0.6 miles, a kilogram about 2.2 pounds. If the <a href="/tool/cm-to-inches-converter">CM to Inches converter</a> says a 30 cm shelf is 118 inches, you know immediately that a decimal point went astray. Round only at the end; converting already-rounded values compounds the error.</p>

<h2>7. Write time zones in full</h2>
<p>When you schedule across regions, write the time with its zone and add UTC or GMT next to it: "16:00 GMT (11:00 EST)". The <a href="/tool/est-to-gmt-converter">EST to GMT</a> and <a href="/tool/pdt-to-bst-converter">PDT to BST</a> converters use fixed offsets, so check whether daylight saving applies on your date. The United States and Europe change their clocks on different weekends, and those weeks cause most missed meetings.</p>

<h2>8. Check the result before you send it</h2>
<p>Open the converted file once before it leaves your hands. Play the first seconds of the audio, flip through the PDF, look at the icon at its smallest size. It takes a moment and saves an awkward follow-up e-mail.</p>

<p>None of these habits is complicated, but together they turn conversions into something you barely notice. Browse the full list of <a href="/tools">tools</a> and bookmark the ones you reach for most.</p>`,
  },
  {
    slug: "tool-comparison",
    title: "DDS, PNG, JPEG, AVIF, ICO or TIFF? Choosing the Right Image Format and Converter",
    excerpt:
      "Every image format is built for a job. Here is when to use DDS with BC1, BC3 or BC7, PNG, JPEG, AVIF, ICO and TIFF, and how in-browser, desktop and upload-based converters compare.",
    keywords:
      "tools, tutorials, comparison, image formats, dds, bc7, png, jpeg, jfif, avif, ico, tiff, converters",
    publishedAt: "2026-10-05T09:00:00.000Z",
    content: `<p>There is no single best image format. Each one was designed for a particular job, and choosing well saves disk space, memory and quality. This guide compares the formats our <a href="/tools">image tools</a> handle and then looks at the three kinds of converter you can use.</p>

<h2>DDS: textures for the graphics card</h2>
<p>DirectDraw Surface files hold textures in a layout the GPU can use directly, often block-compressed so they stay small in video memory. The compression format matters:</p>
<ul>
<li><strong>BC1</strong> (DXT1): 4 bits per pixel, colour with at most on/off transparency. Ideal for opaque diffuse textures.</li>
<li><strong>BC3</strong> (DXT5): 8 bits per pixel, colour plus a smooth alpha channel, for foliage, decals and glass.</li>
<li><strong>BC7</strong>: 8 bits per pixel with much better quality, especially on gradients. It needs a DirectX 11 class GPU and a DX10 header.</li>
<li><strong>Uncompressed RGBA</strong>: 32 bits per pixel, lossless, for UI and small textures.</li>
</ul>
<p>DDS also stores mipmaps, cubemaps and texture arrays. Use it as the final format inside a game or engine, not for editing. To edit, convert with <a href="/tool/dds-to-png">DDS to PNG</a>, then go back with <a href="/tool/png-to-dds-converter">PNG to DDS</a>.</p>

<h2>PNG: lossless and universal</h2>
<p>PNG compresses without losing anything and supports full transparency. It is the right choice for screenshots, logos, diagrams, images with text and any file you will edit repeatedly. For photographs it produces large files.</p>

<h2>JPEG and JFIF: photos</h2>
<p>JPEG discards detail the eye barely notices and makes photos small. JFIF is simply the file layout most JPEGs use; a .jfif file is a JPEG under another name. Avoid JPEG for text and sharp edges, where artefacts show, and avoid saving the same JPEG repeatedly. The <a href="/tool/jfif-to-png">JFIF to PNG converter</a> helps when a site or program rejects .jfif.</p>

<h2>AVIF: modern compression</h2>
<p>AVIF uses the AV1 video codec and usually beats JPEG on size at similar quality, with transparency and HDR support. Current browsers display it, but older software may not. When you need a scalable graphic rather than pixels, the <a href="/tool/avif-to-svg-converter">AVIF to SVG converter</a> traces it into vector shapes, which suits logos and flat artwork, not photos.</p>

<h2>ICO: icons and favicons</h2>
<p>An ICO file bundles several sizes of one icon, from 16×16 to 256×256, so Windows and browsers can choose the sharpest. Make one from a square PNG or JPG with the <a href="/tool/jpg-to-ico">JPG to ICO converter</a>.</p>

<h2>TIFF: scanning and archiving</h2>
<p>TIFF is flexible, supports many compression methods and multiple pages, and is common in scanning, printing and archives. It is a poor format for sharing, so turn scans into a PDF with the <a href="/tool/tiff-to-pdf-converter">TIFF to PDF converter</a>.</p>

<h2>In-browser, desktop or upload-based converters?</h2>
<h3>Desktop software</h3>
<p>Programs such as image editors, texture tools and command-line converters are the fastest option and offer batch processing and fine control. The cost is installation, updates and a learning curve, and they are not always at hand on a borrowed or work computer.</p>
<h3>Upload-based websites</h3>
<p>Many online converters send your file to their server, convert it there and let you download the result. They need no installation, but your file leaves your device, you depend on their queue and limits, and you must trust how they store and delete uploads.</p>
<h3>In-browser converters</h3>
<p>Tools like the ones on this site run the conversion inside your browser using JavaScript and WebAssembly. There is nothing to install and nothing is uploaded, so private files stay private and the tools keep working on a slow connection once loaded. The limits are your device's memory and speed: very large inputs get a clear message, and long videos convert more slowly than in native software.</p>

<h2>Summary</h2>
<ol>
<li>Edit in PNG, ship textures as DDS with the BC format your engine supports.</li>
<li>Share photos as JPEG or AVIF, scans as PDF, icons as ICO.</li>
<li>Use desktop tools for large batches, in-browser tools for quick and private jobs.</li>
</ol>`,
  },
  {
    slug: "security-best-practices",
    title: "Keeping Your Files Private: Security Best Practices for Online Converters",
    excerpt:
      "Uploading a file to a converter means trusting a stranger's server with it. Here is why local, in-browser processing is safer, how to judge any converter, and how to clean up metadata before you share.",
    keywords:
      "news, security, privacy, tools, online converter, metadata, exif, file hygiene, local processing",
    publishedAt: "2026-11-02T09:00:00.000Z",
    content: `<p>Converters are among the most used tools on the web, and the files people feed them are often personal: scanned IDs, contracts, payslips, voice memos, family videos. It is worth pausing to ask where those files go. This article explains the risks, how local processing avoids most of them, and a few habits that keep your data safe whichever tool you use.</p>

<h2>What happens when you upload a file</h2>
<p>A classic online converter sends your file to its server, converts it there and offers a download link. From that moment a copy exists on a computer you do not control. It may be kept in a temporary folder, a backup or a log for longer than you expect. It may be processed in another country under different laws. If the service is breached, misconfigured or simply careless, your file can end up where it should not be.</p>

<h2>Why in-browser processing protects you</h2>
<p>The tools on this site work differently. The page loads the conversion code, such as an image decoder, a PDF library or ffmpeg compiled to WebAssembly, and your browser runs it on your own device. The file is read from your disk (large audio and video in slices), converted there and handed back as a download. <strong>It is never uploaded</strong>, so there is no server copy to leak, and the conversion works even if your connection drops after the page has loaded.</p>
<p>The trade-off is honest and simple: the limit is your device's memory and speed. A very large video converts more slowly than on a powerful server, and a file too big for your device gets a clear message instead of a crash.</p>

<h2>How to judge any online converter</h2>
<ol>
<li><strong>Check whether it uploads.</strong> Open your browser's developer tools, switch to the Network tab and run a conversion. An in-browser tool makes no large outgoing request carrying your file.</li>
<li><strong>Try it offline.</strong> Load the page, disconnect from the network and convert a test file. If it still works, the processing is local.</li>
<li><strong>Read the privacy policy.</strong> It should say plainly what is stored, for how long and why. Vague promises are a warning sign.</li>
<li><strong>Be wary of installers and extensions.</strong> A simple conversion should not require you to install software, a browser extension or to create an account.</li>
<li><strong>Watch for lookalike download buttons.</strong> Ads sometimes imitate them. The real result comes from the tool itself, not from a banner.</li>
</ol>

<h2>File hygiene: mind the metadata</h2>
<p>Files carry more than their visible content. Before you share, think about what is hidden inside:</p>
<ul>
<li><strong>Photos</strong> often contain EXIF data: the camera or phone model, the date and time and, if location was enabled, GPS coordinates of where the picture was taken.</li>
<li><strong>Office documents</strong> can keep the author's name, comments, tracked changes and earlier revisions.</li>
<li><strong>PDFs</strong> store a title, author, the software used and sometimes attachments or form data.</li>
<li><strong>Audio and video</strong> files may include tags, recording dates and device information.</li>
</ul>
<p>Converting a file can remove some of this information, but do not rely on it. Check the file properties in your operating system, use your editor's "inspect document" or "remove personal information" feature, and turn off location tagging in your camera app if you do not need it.</p>

<h2>A few more good habits</h2>
<ul>
<li>Keep your browser and operating system updated; decoders for images and media are common targets for attacks.</li>
<li>Only open files from sources you trust, even in a converter.</li>
<li>On a shared or public computer, delete converted files from the Downloads folder and close the browser when you are done.</li>
<li>Share the least you need: a PDF of one page instead of the whole scan, a cropped photo instead of the original.</li>
</ul>

<p>Privacy does not have to be complicated. Choose tools that keep your files on your device, check what you share, and you remove most of the risk. Browse the <a href="/tools">full list of tools</a> or read our <a href="/page/privacy-policy">privacy policy</a> to see exactly what this site stores.</p>`,
  },
];
