import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "jpg-to-ico": {
    name: "JPG to ICO Converter",
    description:
      "Create Windows ICO icons and website favicons from JPG, JPEG or PNG images, with sizes from 16×16 up to 256×256 pixels packed into one file.",
    icon: "🎯",
    searchVolume: 18000,
    rank: 92,
    isFeatured: true,
    metaDescription:
      "Make ICO icons and favicons from JPG or PNG images in your browser. Pick sizes from 16x16 to 256x256 and download one multi-size .ico file. Free, no sign-up.",
    metaKeywords:
      "jpg to ico, png to ico, favicon generator, ico converter, create ico file, windows icon maker, favicon.ico, multi size icon",
    content: `<h2>About the JPG to ICO Converter</h2>
<p>This tool turns a JPG, JPEG or PNG image into an <strong>.ico</strong> file, the icon format used by Windows and by the classic favicon.ico of a website. An ICO file can hold several sizes of the same picture, and the system or browser picks the one that fits best.</p>
<p>You choose which sizes to include: 16, 24, 32, 48, 64, 128 and 256 pixels. The common trio of 16, 32 and 48 is selected by default, which covers browser tabs, shortcuts and the Windows taskbar. Your image is scaled to each size and all of them are packed into a single file. Everything runs in your browser, so the image never leaves your device.</p>
<ul>
<li>Select a JPG, JPEG or PNG image and check the preview.</li>
<li>Tick the icon sizes you need; at least one is required.</li>
<li>Press Convert and download the .ico file.</li>
</ul>
<p>A square source image with a simple, bold shape gives the cleanest small icons.</p>`,
    blogContent: `<h2>A short history of the ICO format</h2>
<p>The ICO format dates back to the first versions of Windows in the 1980s and is still how Windows stores application and shortcut icons. In 1999 Internet Explorer 5 started looking for a file called favicon.ico at the root of a website, and the favicon was born.</p>
<p>Modern browsers also accept PNG and SVG favicons declared in the page head, but a favicon.ico in the site root is still requested by many browsers, bookmark tools and feed readers, so it is worth providing one.</p>
<h3>Tips for sharp icons</h3>
<ul>
<li>Simplify the design: fine text and thin lines disappear at 16×16.</li>
<li>Use a PNG with transparency when you want rounded or irregular shapes.</li>
<li>Include 256×256 if the icon will be used for a desktop application.</li>
</ul>`,
  },
};
