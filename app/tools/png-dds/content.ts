import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "png-to-dds-converter": {
    name: "PNG to DDS Converter",
    description:
      "Turn PNG images into DDS textures for games and 3D engines. Uncompressed RGBA by default, with optional BC1, BC3 or BC7 compression and mipmaps.",
    icon: "🎮",
    searchVolume: 15000,
    rank: 94,
    isFeatured: true,
    metaDescription:
      "Convert PNG images to DDS textures in your browser. Save uncompressed RGBA or choose BC1, BC3 or BC7 compression with optional mipmaps. Free and no upload.",
    metaKeywords:
      "png to dds, dds converter, create dds texture, png to dds bc7, png to dxt5, png to dxt1, dds mipmaps, game texture converter",
    content: `<h2>About the PNG to DDS Converter</h2>
<p>This tool packs a PNG image into a DirectDraw Surface (<strong>.dds</strong>) texture that game engines, modding tools and 3D applications can load. You see a preview of the image before converting, and the texture is encoded on your own device; nothing is uploaded.</p>
<p>By default the DDS is written as <strong>uncompressed 32-bit RGBA</strong>, which keeps every pixel exactly as it is in the PNG. You can choose block compression instead:</p>
<ul>
<li><strong>BC1</strong> (DXT1): smallest files, for colour textures without smooth transparency.</li>
<li><strong>BC3</strong> (DXT5): colour plus a smooth alpha channel.</li>
<li><strong>BC7</strong>: the highest quality block format for colour and alpha, written with a DX10 header.</li>
</ul>
<p>You can also generate <strong>mipmaps</strong>, the chain of smaller copies that graphics cards use for distant surfaces. Block-compressed formats work on 4×4 pixel blocks, so images whose width and height are multiples of 4, ideally powers of two such as 512 or 1024, give the most compatible textures.</p>`,
    blogContent: `<h2>Choosing the right DDS format</h2>
<p>Uncompressed RGBA uses 4 bytes per pixel and is lossless, which makes it a safe choice for small textures, UI elements and any case where you are unsure what the target engine supports. BC1 stores a 4×4 block in 8 bytes and BC3 and BC7 in 16 bytes, so they are a quarter or an eighth of the uncompressed size and stay compressed in video memory.</p>
<p>BC7 needs a DirectX 11 class graphics card and an engine that reads DX10 headers. Older games and tools usually expect BC1 or BC3.</p>
<h3>About mipmaps</h3>
<p>A full mipmap chain adds about one third to the file size but prevents shimmering on distant surfaces and can speed up rendering. Leave mipmaps out for UI images that are always drawn at full size. To check a texture afterwards, open it with the <a href="/tool/dds-to-png">DDS to PNG converter</a>.</p>`,
  },
};
