import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "dds-to-png": {
    name: "DDS to PNG Converter",
    description:
      "Convert DirectDraw Surface (DDS) textures to PNG images right in your browser. Handles BC1-BC7 compressed textures, DX10 headers, mipmaps and cubemaps.",
    icon: "🖼️",
    searchVolume: 40000,
    rank: 100,
    isFeatured: true,
    metaDescription:
      "Free DDS to PNG converter that runs in your browser. Decodes BC1-BC7, DX10, mipmapped and cubemap DDS textures to PNG with no upload and no sign-up needed.",
    metaKeywords:
      "dds to png, dds converter, convert dds to png, directdraw surface, dds texture viewer, bc7 dds, dxt1 dxt5 to png, game texture converter",
    content: `<h2>About the DDS to PNG Converter</h2>
<p>This tool turns DirectDraw Surface (<strong>.dds</strong>) textures into standard PNG images that any image viewer, editor or web browser can open. Decoding happens entirely in your browser: the texture is read from your disk, decoded on your own device and offered back as a PNG download. Nothing is uploaded to a server. The only limit on file size is the memory of your device, and if a texture is too large to handle you get a clear message instead of a frozen tab.</p>
<p>The decoder understands both the legacy DDS header and the extended DX10 header. It reads uncompressed formats such as RGBA and BGRA as well as the block-compressed formats from BC1 (DXT1) through BC7, which covers colour maps, normal maps and most textures found in game and mod folders. Files that contain mipmaps, cubemaps or texture arrays open as well.</p>
<ul>
<li>Choose a .dds file with the file picker.</li>
<li>Press Convert and wait a moment while the texture is decoded.</li>
<li>Download the finished PNG.</li>
</ul>`,
    blogContent: `<h2>What is a DDS file?</h2>
<p>DirectDraw Surface is a container format that Microsoft introduced with DirectX 7 for storing textures. Games and 3D engines like it because the pixel data can stay block-compressed all the way to the graphics card, which saves video memory and loading time. Game asset folders, mods and 3D model packs are full of DDS files.</p>
<p>PNG, by contrast, is lossless and supported everywhere, which makes it the natural format for editing a texture, sharing it or using it on the web. When you are done editing, the <a href="/tool/png-to-dds-converter">PNG to DDS converter</a> turns the image back into a texture.</p>
<h3>Tip</h3>
<p>Keep the original DDS. The PNG is an exact copy of the decoded pixels, but compressing it to BC1 or BC7 again later loses a little detail each time.</p>`,
  },
};
