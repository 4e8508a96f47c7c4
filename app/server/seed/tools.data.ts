import type { SeedTool } from "./types";

// First-start catalogue: one row per canonical tool slug (aliases such as dds-to-png-converter are not rows).
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const seedTools: SeedTool[] = [
  // ---------------------------------------------------------------- Image
  {
    slug: "dds-to-png",
    name: "DDS to PNG Converter",
    description:
      "Convert DirectDraw Surface (DDS) textures to PNG images right in your browser. Handles BC1-BC7 compressed textures, DX10 headers, mipmaps and cubemaps.",
    category: "Image",
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
  {
    slug: "jfif-to-png",
    name: "JFIF to PNG Converter",
    description:
      "Convert JFIF images, as well as JPG and JPEG files, to lossless PNG in your browser, with a preview before you download.",
    category: "Image",
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
  {
    slug: "jpg-to-ico",
    name: "JPG to ICO Converter",
    description:
      "Create Windows ICO icons and website favicons from JPG, JPEG or PNG images, with sizes from 16×16 up to 256×256 pixels packed into one file.",
    category: "Image",
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
  {
    slug: "avif-to-svg-converter",
    name: "AVIF to SVG Converter",
    description:
      "Convert AVIF images into scalable SVG vector graphics by tracing their shapes and colours, all inside your browser.",
    category: "Image",
    icon: "✒️",
    searchVolume: 6500,
    rank: 70,
    isFeatured: false,
    metaDescription:
      "Turn AVIF images into scalable SVG vector graphics for free. The image is traced into shapes right in your browser, so your files are never uploaded anywhere.",
    metaKeywords:
      "avif to svg, avif converter, convert avif, image to vector, raster to svg, trace image to svg, avif file",
    content: `<h2>About the AVIF to SVG Converter</h2>
<p>AVIF is a modern, highly compressed raster format, while SVG describes an image as vector shapes that stay crisp at any size. This converter decodes your <strong>.avif</strong> file and traces it into coloured vector paths, producing an SVG you can scale, recolour and edit in a vector editor or drop straight into a web page.</p>
<p>Decoding and tracing both run in your browser. Where the browser cannot decode AVIF itself, a WebAssembly decoder served by this site takes over, and the file never leaves your device.</p>
<p>Tracing works best on logos, icons, flat illustrations and screenshots of simple graphics with clear areas of colour. Photographs can be traced too, but they produce large SVG files with many small shapes, and the result looks like a poster rather than a photo.</p>
<ul>
<li>Select an .avif file.</li>
<li>Press Convert and wait for the tracing to finish.</li>
<li>Download the SVG.</li>
</ul>`,
    blogContent: `<h2>AVIF and SVG compared</h2>
<p>AVIF (AV1 Image File Format) was defined by the Alliance for Open Media in 2019. It stores images compressed with the AV1 video codec and usually produces smaller files than JPEG at similar quality, with support for transparency and HDR.</p>
<p>SVG (Scalable Vector Graphics) is a W3C standard based on XML. Instead of pixels it stores paths, shapes and colours, so a logo looks equally sharp on a phone and on a billboard.</p>
<h3>Which one should you use?</h3>
<p>Keep photos as AVIF, JPEG or PNG: a raster format is the right home for continuous tones. Convert to SVG when an image is really a graphic, such as a logo you need to resize or a simple illustration you want to edit. For the reverse job of rasterising, see the other <a href="/tools">image tools</a>.</p>`,
  },
  {
    slug: "png-to-dds-converter",
    name: "PNG to DDS Converter",
    description:
      "Turn PNG images into DDS textures for games and 3D engines. Uncompressed RGBA by default, with optional BC1, BC3 or BC7 compression and mipmaps.",
    category: "Image",
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
  {
    slug: "psb-to-pdf-converter",
    name: "PSB to PDF Converter",
    description:
      "Convert Photoshop Large Document (PSB) files to PDF in your browser, using the flattened image stored in the file.",
    category: "Image",
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
<p>For the most faithful result, save the document in Photoshop with <em>Maximize Compatibility</em> turned on, which stores a complete flattened preview of all layers in the file.</p>`,
    blogContent: `<h2>What is a PSB file?</h2>
<p>Adobe introduced the Large Document Format with Photoshop CS in 2003. A regular PSD is limited to 30,000 pixels per side and 2 GB, while a PSB can be up to 300,000 pixels per side and far larger on disk. That makes it the format of choice for panoramas, large-format print work, billboards and high-resolution scans.</p>
<p>PSB keeps layers, masks and adjustment settings, but outside Adobe software support is limited. Converting to PDF is a practical way to share a proof with a client or a print shop that does not use Photoshop.</p>
<h3>Tip</h3>
<p>Keep the PSB as your working master. The PDF holds the flattened image only, so layers cannot be edited in it afterwards.</p>`,
  },
  {
    slug: "tiff-to-pdf-converter",
    name: "TIFF to PDF Converter",
    description:
      "Convert TIFF and TIF images, including multi-page scans, into a PDF document without uploading them anywhere.",
    category: "Image",
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

  // ---------------------------------------------------------------- Audio
  {
    slug: "audio-converter",
    name: "Audio Converter",
    description:
      "Convert audio files between MP3, WAV, OGG, M4A, AAC, FLAC and WMA. Real transcoding with ffmpeg running inside your browser.",
    category: "Audio",
    icon: "🎵",
    searchVolume: 30000,
    rank: 91,
    isFeatured: true,
    metaDescription:
      "Free audio converter for MP3, WAV, OGG, M4A, AAC, FLAC and WMA. Files are transcoded with ffmpeg inside your browser, so your audio is never uploaded online.",
    metaKeywords:
      "audio converter, convert audio, mp3 converter, wav to mp3, flac to mp3, m4a to mp3, ogg converter, online audio converter",
    content: `<h2>About the Audio Converter</h2>
<p>This converter changes an audio file from one format to another with a real transcode, not a renamed file. It uses <strong>ffmpeg compiled to WebAssembly</strong>, running in your browser. The engine is loaded from this site the first time you convert, and your recording is processed on your own device without being uploaded.</p>
<p>You can open MP3, WAV, OGG, WebM, M4A, AAC and FLAC files and save them as <strong>MP3, WAV, OGG, M4A, AAC, FLAC or WMA</strong>. A progress percentage shows how far the conversion has come, and you can listen to the result before downloading it. Long recordings take longer and need more memory, which is the only real limit on size.</p>
<ul>
<li>Select an audio file.</li>
<li>Choose the output format.</li>
<li>Press Convert, preview the result and download it.</li>
</ul>`,
    blogContent: `<h2>Lossy or lossless?</h2>
<p>Audio formats fall into two families. <strong>Lossy</strong> formats such as MP3, AAC, OGG Vorbis and WMA discard sounds that are hard to hear in order to make files much smaller. <strong>Lossless</strong> formats such as FLAC and uncompressed WAV keep every sample.</p>
<p>Converting a lossy file to a lossless format does not bring back what was discarded; it only makes the file bigger. Converting between two lossy formats loses a little more quality each time, so start from the best source you have.</p>
<h3>Quick guide</h3>
<ul>
<li>MP3 for maximum compatibility.</li>
<li>M4A or AAC for Apple devices.</li>
<li>FLAC for archiving music.</li>
<li>WAV for editing.</li>
</ul>`,
  },
  {
    slug: "mp3-converter",
    name: "MP3 Converter",
    description:
      "Convert WAV, OGG, M4A, AAC, FLAC or WebM audio to MP3, the format every player and device understands.",
    category: "Audio",
    icon: "🎧",
    searchVolume: 25000,
    rank: 85,
    isFeatured: false,
    metaDescription:
      "Convert WAV, OGG, M4A, AAC, FLAC and WebM files to MP3 for free. Real ffmpeg transcoding runs in your browser, so your audio stays on your device at all times.",
    metaKeywords:
      "mp3 converter, convert to mp3, wav to mp3, m4a to mp3, flac to mp3, ogg to mp3, webm to mp3, free mp3 converter",
    content: `<h2>About the MP3 Converter</h2>
<p>MP3 is the one audio format that plays on practically everything: phones, car stereos, smart speakers, old media players and every web browser. This tool converts your audio file into an MP3 so you can use it anywhere.</p>
<p>It accepts MP3, WAV, OGG, WebM, M4A, AAC and FLAC files. The conversion is a real re-encode performed by ffmpeg compiled to WebAssembly, running in your browser tab. Your recording is read from your disk and processed on your own device; nothing is uploaded, and there is no account to create.</p>
<ul>
<li>Select an audio file.</li>
<li>Press Convert and follow the progress.</li>
<li>Listen to the result and download the MP3.</li>
</ul>
<p>If you need a different output, such as FLAC or WAV, use the <a href="/tool/audio-converter">Audio Converter</a>, which offers every supported format.</p>`,
    blogContent: `<h2>A little MP3 history</h2>
<p>MP3, formally MPEG-1 Audio Layer III, was developed largely at the Fraunhofer Institute in Germany and standardised in the early 1990s. Its ability to shrink CD audio to a fraction of the size made music downloads and portable players possible. The last patents expired in 2017, so MP3 is now free to use.</p>
<h3>Tips</h3>
<ul>
<li>Bitrate decides quality: higher bitrates sound closer to the original but make bigger files.</li>
<li>Convert from the best source you have. Turning a low-quality MP3 into FLAC and back will not improve it.</li>
<li>For spoken word such as podcasts and lectures, lower bitrates are usually fine.</li>
</ul>`,
  },
  {
    slug: "wav-converter",
    name: "WAV Converter",
    description:
      "Convert MP3, OGG, M4A or WebM audio to uncompressed WAV, ready for editing, sampling or burning to CD.",
    category: "Audio",
    icon: "🔊",
    searchVolume: 12000,
    rank: 75,
    isFeatured: false,
    metaDescription:
      "Convert MP3, OGG, M4A and WebM audio to uncompressed WAV in your browser. Real ffmpeg transcoding, free to use, no sign-up and no upload of your audio files.",
    metaKeywords:
      "wav converter, convert to wav, mp3 to wav, m4a to wav, ogg to wav, webm to wav, pcm wav, audio to wav",
    content: `<h2>About the WAV Converter</h2>
<p>WAV files store audio as plain, uncompressed samples. That is exactly what audio editors, DAWs, samplers, transcription software and CD-burning tools like best, even though the files are large. This converter decodes your compressed audio and writes it out as a WAV file.</p>
<p>It accepts MP3, WAV, OGG, WebM and M4A files. The work is done by ffmpeg compiled to WebAssembly, in your own browser, so recordings such as interviews or voice notes are never sent anywhere. Conversion speed depends on your device and the length of the file.</p>
<ul>
<li>Select an audio file.</li>
<li>Press Convert and watch the progress.</li>
<li>Preview the WAV and download it.</li>
</ul>
<p>Remember that a WAV made from an MP3 sounds exactly like that MP3: the format is lossless, but it cannot restore detail the original compression removed.</p>`,
    blogContent: `<h2>What is WAV?</h2>
<p>The Waveform Audio File Format was introduced by Microsoft and IBM in 1991. It is built on the RIFF container and usually holds PCM audio, the same kind of raw samples found on an audio CD.</p>
<p>Because nothing is compressed, size grows quickly. CD quality audio (44.1 kHz, 16-bit, stereo) takes about 10 MB per minute. That is why WAV is used while working on audio and rarely for sharing it.</p>
<h3>Tips</h3>
<ul>
<li>Edit in WAV, then export the final mix to MP3 or M4A with the <a href="/tool/audio-converter">Audio Converter</a>.</li>
<li>For archiving, FLAC keeps the same quality at roughly half the size.</li>
</ul>`,
  },
  {
    slug: "mp3-to-ogg-converter",
    name: "MP3 to OGG Converter",
    description:
      "Convert MP3 files to OGG Vorbis, the open audio format favoured by games, open-source software and many web apps.",
    category: "Audio",
    icon: "🎼",
    searchVolume: 5500,
    rank: 61,
    isFeatured: false,
    metaDescription:
      "Convert MP3 files to OGG Vorbis in your browser for games, apps and open-source projects. Real ffmpeg transcoding on your own device, free and with no upload.",
    metaKeywords:
      "mp3 to ogg, convert mp3 to ogg, ogg vorbis, ogg converter, game audio ogg, mp3 ogg free",
    content: `<h2>About the MP3 to OGG Converter</h2>
<p>Game engines, open-source applications and some web projects prefer OGG Vorbis because it is free of licensing concerns and loops cleanly. This tool converts an <strong>.mp3</strong> file into an <strong>.ogg</strong> file with a genuine Vorbis encode.</p>
<p>The conversion uses ffmpeg compiled to WebAssembly and runs in your browser. Your MP3 is read and re-encoded on your own device, so sound effects, music drafts or other unreleased work never leave your computer.</p>
<ul>
<li>Select an .mp3 file. Other formats are rejected by this tool; for those, use the <a href="/tool/audio-converter">Audio Converter</a>.</li>
<li>Press Convert and wait for the progress to reach 100%.</li>
<li>Preview and download the OGG file.</li>
</ul>
<p>Both formats are lossy, so each conversion costs a little quality. If you still have the original WAV or FLAC, convert from that instead for the cleanest result.</p>`,
    blogContent: `<h2>About Ogg and Vorbis</h2>
<p>Ogg is an open container format from the Xiph.Org Foundation, and Vorbis is the audio codec most often stored in it; version 1.0 of Vorbis was released in 2002. Together they were designed as a patent-free alternative to MP3.</p>
<p>OGG Vorbis is widely supported by game engines and by Firefox, Chrome and Android. Apple platforms have historically had weaker support, so check your target before choosing it.</p>
<h3>Tip for game developers</h3>
<p>Use OGG for music and longer ambient loops, where small files matter. Very short sound effects are often kept as WAV so they start instantly without decoding.</p>`,
  },
  {
    slug: "mp4-to-mp3-converter",
    name: "MP4 to MP3 Converter",
    description:
      "Extract the soundtrack of an MP4 video and save it as an MP3 file, without uploading the video anywhere.",
    category: "Audio",
    icon: "🎶",
    searchVolume: 28000,
    rank: 88,
    isFeatured: false,
    metaDescription:
      "Extract audio from MP4 videos and save it as MP3 for free. The soundtrack is transcoded by ffmpeg right in your browser, so your videos are never uploaded.",
    metaKeywords:
      "mp4 to mp3, extract audio from video, convert mp4 to mp3, video to mp3, mp4 audio extractor, free mp4 to mp3",
    content: `<h2>About the MP4 to MP3 Converter</h2>
<p>Sometimes only the sound of a video matters: a recorded lecture, a meeting, a concert clip or your own vlog. This tool takes an <strong>.mp4</strong> file, extracts its audio track and encodes it as an MP3 you can play on any device.</p>
<p>The work is done by ffmpeg compiled to WebAssembly, running in your browser. Video files are large, and with this tool they are never uploaded: the video is read from your disk and processed on your own device. The only limit is your device's memory; very large files get a clear message rather than a crash.</p>
<ul>
<li>Select an .mp4 file.</li>
<li>Press Convert and follow the progress.</li>
<li>Preview and download the MP3.</li>
</ul>
<p>Only convert videos you made yourself or have the right to use.</p>`,
    blogContent: `<h2>What is inside an MP4?</h2>
<p>MP4 (MPEG-4 Part 14) is a container. It holds separate streams: usually H.264 or H.265 video, AAC audio, and sometimes subtitles and chapter markers. Extracting the audio means reading the audio stream and, for MP3, re-encoding it.</p>
<h3>Tips</h3>
<ul>
<li>The MP3 cannot sound better than the audio in the video. Phone recordings of a distant stage will stay distant.</li>
<li>Need uncompressed audio for editing or transcription software? Use the <a href="/tool/mp4-to-wav-converter">MP4 to WAV converter</a>.</li>
<li>To convert the whole video to another format instead, try the <a href="/tool/video-converter">Video Converter</a>.</li>
</ul>`,
  },
  {
    slug: "mp4-to-wav-converter",
    name: "MP4 to WAV Converter",
    description:
      "Extract the audio from an MP4 video as an uncompressed WAV file, ready for editing or transcription.",
    category: "Audio",
    icon: "🎙️",
    searchVolume: 8000,
    rank: 68,
    isFeatured: false,
    metaDescription:
      "Extract audio from MP4 video as uncompressed WAV for editing or transcription. Runs in your browser with ffmpeg; free, private, no upload and no sign-up needed.",
    metaKeywords:
      "mp4 to wav, extract wav from video, convert mp4 to wav, video to wav, audio extraction, mp4 audio to wav",
    content: `<h2>About the MP4 to WAV Converter</h2>
<p>Audio editors, DAWs and speech-to-text tools work best with uncompressed audio. This converter takes the soundtrack of an <strong>.mp4</strong> video, decodes it and saves it as a <strong>.wav</strong> file that those programs open without trouble.</p>
<p>It uses ffmpeg compiled to WebAssembly, running entirely in your browser, so recordings of meetings, interviews and family videos stay on your device. Processing time depends on the length of the video and the speed of your computer or phone.</p>
<ul>
<li>Select an .mp4 file.</li>
<li>Press Convert and wait for the progress to finish.</li>
<li>Preview the WAV and download it.</li>
</ul>
<p>WAV files are large because nothing is compressed. If you only want to listen to the audio or share it, the <a href="/tool/mp4-to-mp3-converter">MP4 to MP3 converter</a> produces a much smaller file.</p>`,
    blogContent: `<h2>Why extract audio as WAV?</h2>
<p>The audio inside an MP4 is almost always compressed, typically with AAC. Each time compressed audio is edited and saved again in a lossy format, a little more quality is lost. Extracting to WAV once gives you a stable, uncompressed working copy: you can cut, clean up and mix it as often as you like and compress only the final result.</p>
<h3>Good uses</h3>
<ul>
<li>Cleaning up the sound of a screen recording before re-syncing it.</li>
<li>Feeding an interview to transcription software.</li>
<li>Pulling a sample from your own footage into a music project.</li>
</ul>`,
  },
  {
    slug: "flv-to-mp3-converter",
    name: "FLV to MP3 Converter",
    description:
      "Rescue the audio from old Flash Video (FLV) files and save it as MP3 that plays on any modern device.",
    category: "Audio",
    icon: "📼",
    searchVolume: 6000,
    rank: 63,
    isFeatured: false,
    metaDescription:
      "Convert old Flash Video FLV files to MP3 and keep the audio playable on modern devices. Transcoded with ffmpeg in your browser, free and without any upload.",
    metaKeywords:
      "flv to mp3, convert flv, flash video to mp3, flv audio, flv converter, old flash video, extract audio flv",
    content: `<h2>About the FLV to MP3 Converter</h2>
<p>FLV was the video format of the Flash era, and many old downloads, screen recordings and archived clips still use it. Modern phones and players rarely open FLV files, but the audio inside them is often worth keeping. This tool extracts the soundtrack of an <strong>.flv</strong> file and saves it as an MP3.</p>
<p>The conversion is done by ffmpeg compiled to WebAssembly, running in your browser. The file is processed on your own device and is not uploaded to any server.</p>
<ul>
<li>Select an .flv file.</li>
<li>Press Convert and follow the progress.</li>
<li>Preview and download the MP3.</li>
</ul>
<p>The MP3 can only be as good as the sound stored in the FLV, and many Flash-era videos used modest audio quality. If you want to keep the picture as well, convert the FLV to MP4 with the <a href="/tool/video-converter">Video Converter</a> instead.</p>`,
    blogContent: `<h2>The end of Flash Video</h2>
<p>Flash Video was introduced by Macromedia, later part of Adobe, and became the standard way to stream video on the web in the mid-2000s; many early video sites delivered FLV through the Flash Player plug-in. When HTML5 video arrived, browsers moved to MP4 and WebM, and Adobe ended support for Flash Player on 31 December 2020.</p>
<p>The files themselves did not disappear. Old hard drives, course archives and game recordings are still full of them.</p>
<h3>Tip</h3>
<p>Convert old FLV archives while the originals still play, and keep both the extracted MP3 and an MP4 copy of anything you want to preserve.</p>`,
  },
  {
    slug: "m4a-to-mp3-converter",
    name: "M4A to MP3 Converter",
    description:
      "Convert M4A audio from iPhone voice memos, iTunes or Apple Music downloads to MP3 for any player.",
    category: "Audio",
    icon: "🎤",
    searchVolume: 14000,
    rank: 80,
    isFeatured: false,
    metaDescription:
      "Convert M4A files such as iPhone voice memos to MP3 for free. Real ffmpeg transcoding runs in your browser, so recordings never leave your device or computer.",
    metaKeywords:
      "m4a to mp3, convert m4a, iphone voice memo to mp3, itunes m4a to mp3, m4a converter, aac to mp3",
    content: `<h2>About the M4A to MP3 Converter</h2>
<p>iPhones save voice memos as <strong>.m4a</strong>, and Apple's music apps use the same format. Some car stereos, older players, web forms and editing tools only accept MP3. This converter re-encodes an M4A file to MP3 so it plays everywhere.</p>
<p>The conversion runs in your browser with ffmpeg compiled to WebAssembly. Voice memos often contain private conversations, and here they are processed on your own device and never uploaded.</p>
<ul>
<li>Select an .m4a file.</li>
<li>Press Convert and wait for the progress to reach 100%.</li>
<li>Preview the MP3 and download it.</li>
</ul>
<p>Files protected by DRM cannot be converted; this applies to some older iTunes purchases and to streaming downloads. Ordinary recordings and DRM-free music convert normally. Since both formats are lossy, keep the original M4A if you may need the best quality later.</p>`,
    blogContent: `<h2>What is an M4A file?</h2>
<p>M4A is an MPEG-4 file that contains only audio. The audio is usually AAC, a lossy codec that sounds slightly better than MP3 at the same bitrate, and sometimes Apple Lossless (ALAC). Apple popularised the extension with iTunes, which is why it is so common on iPhones and Macs.</p>
<h3>Should you convert?</h3>
<p>If all your devices play M4A, keep it: every conversion between lossy formats costs a little quality. Convert to MP3 when a device, app or website insists on it. For an uncompressed copy to edit, use the <a href="/tool/wav-converter">WAV converter</a>.</p>`,
  },
  {
    slug: "midi-converter",
    name: "MIDI Converter",
    description:
      "Render MIDI files (.mid, .midi) to MP3, WAV or OGG audio using a General MIDI SoundFont, right in your browser.",
    category: "Audio",
    icon: "🎹",
    searchVolume: 9500,
    rank: 69,
    isFeatured: false,
    metaDescription:
      "Render MIDI songs to MP3, WAV or OGG audio with a General MIDI SoundFont synthesizer that runs in your browser. Free and private, with no upload of your files.",
    metaKeywords:
      "midi to mp3, midi to wav, midi converter, mid to mp3, render midi, midi to ogg, soundfont, general midi",
    content: `<h2>About the MIDI Converter</h2>
<p>A MIDI file contains no sound. It is a list of instructions: which note to play, when, how loudly and on which instrument. To hear it, a synthesizer has to perform those instructions. This tool does exactly that in your browser, using a software synthesizer and a <strong>General MIDI SoundFont</strong>, and records the performance as <strong>MP3, WAV or OGG</strong> audio.</p>
<p>The synthesizer and the SoundFont are loaded from this site only when you use this tool, and your file is rendered on your own device without being uploaded. Rendering a long or busy piece takes a little time; a progress indicator shows how far it has got.</p>
<ul>
<li>Select a .mid or .midi file.</li>
<li>Choose MP3, WAV or OGG.</li>
<li>Press Convert, listen to the result and download it.</li>
</ul>
<p>Because every synthesizer has its own instrument samples, the rendering will not sound exactly like your keyboard or music software.</p>`,
    blogContent: `<h2>MIDI in brief</h2>
<p>MIDI (Musical Instrument Digital Interface) was introduced in 1983 so that synthesizers from different makers could talk to each other. Standard MIDI Files followed, letting sequences be saved and shared. In 1991 General MIDI defined a common set of 128 instruments plus a drum kit, so a file written on one system would use sensible sounds on another.</p>
<p>A SoundFont is a bank of recorded instrument samples that a software synthesizer plays back, which is how this tool turns notes into audio.</p>
<h3>Tips</h3>
<ul>
<li>Choose WAV if you plan to mix the rendering further.</li>
<li>Files that use non-standard instruments may sound different from the original setup.</li>
</ul>`,
  },

  // ---------------------------------------------------------------- Video
  {
    slug: "mpeg-to-avi-converter",
    name: "MPEG to AVI Converter",
    description:
      "Convert MPEG and MPG video files to AVI for older editing software, media players and hardware, directly in your browser.",
    category: "Video",
    icon: "📹",
    searchVolume: 3000,
    rank: 54,
    isFeatured: false,
    metaDescription:
      "Convert MPEG and MPG videos to AVI for older players and editing software. Real transcoding with ffmpeg in your browser; free, private and with no file upload.",
    metaKeywords:
      "mpeg to avi, mpg to avi, convert mpeg, mpeg converter, avi converter, video cd to avi, mpeg-2 to avi",
    content: `<h2>About the MPEG to AVI Converter</h2>
<p>MPEG files come from camcorders, TV tuner cards, DVD rips and Video CDs, and they carry MPEG-1 or MPEG-2 video. Some older editing programs, players and hardware devices only accept AVI. This tool converts an <strong>.mpeg</strong> or <strong>.mpg</strong> file into an <strong>.avi</strong> file with a real transcode.</p>
<p>The conversion is performed by ffmpeg compiled to WebAssembly, inside your browser. The engine loads from this site the first time you use it (the button shows Loading until it is ready), and your video is processed on your own device without being uploaded.</p>
<ul>
<li>Select a .mpeg or .mpg file.</li>
<li>Press Convert and follow the progress.</li>
<li>Download the AVI file.</li>
</ul>
<p>Video transcoding is demanding work. A browser is slower at it than a native desktop program, so short clips finish quickly while a full-length recording can take a while. Keep the tab open until the download is offered.</p>`,
    blogContent: `<h2>MPEG and AVI: two veterans</h2>
<p>MPEG is named after the Moving Picture Experts Group, which standardised MPEG-1 in 1993 (used by Video CD) and MPEG-2 soon after (used by DVD and digital television). Files with the .mpeg or .mpg extension usually contain one of these two.</p>
<p>AVI (Audio Video Interleave) was introduced by Microsoft in 1992 with Video for Windows. It is a simple container that nearly every Windows program of the last thirty years can read, which is why legacy software and devices still ask for it.</p>
<h3>Tip</h3>
<p>For modern devices and the web, MP4 is usually the better target. The <a href="/tool/video-converter">Video Converter</a> can produce MP4, WebM, MKV, MOV, FLV and AVI.</p>`,
  },
  {
    slug: "mpg-to-avi-converter",
    name: "MPG to AVI Converter",
    description:
      "Convert MPG video files to AVI with real ffmpeg transcoding that runs entirely in your browser.",
    category: "Video",
    icon: "🎞️",
    searchVolume: 2500,
    rank: 53,
    isFeatured: false,
    metaDescription:
      "Convert MPG video to AVI for free with ffmpeg running in your browser. Your video never leaves your device, no sign-up is needed, and you get a real AVI file.",
    metaKeywords:
      "mpg to avi, convert mpg to avi, mpg converter, mpg file, avi video, mpeg-1 to avi, free mpg converter",
    content: `<h2>About the MPG to AVI Converter</h2>
<p>The <strong>.mpg</strong> extension is common on clips from older digital cameras, camcorders and TV recordings. This tool converts such a file into an <strong>.avi</strong> video that older versions of Windows Movie Maker, legacy editing suites and many hardware players handle well.</p>
<p>It uses ffmpeg compiled to WebAssembly and runs in your browser. On first use the engine is loaded from this site, which takes a moment, and then your video is transcoded on your own device. The file is never uploaded, which matters for family videos and other personal recordings.</p>
<ul>
<li>Select an .mpg file.</li>
<li>Wait for the engine to load, then press Convert.</li>
<li>Download the AVI when the progress reaches 100%.</li>
</ul>
<p>Processing time depends on the length and resolution of the video and on your device. Short clips are quick; long recordings need patience and free memory.</p>`,
    blogContent: `<h2>MPG files explained</h2>
<p>MPG is simply the three-letter form of the MPEG extension, dating from the time when Windows file names were limited to three-character extensions. An MPG file normally contains MPEG-1 or MPEG-2 video with MPEG audio.</p>
<p>These formats were designed for Video CD, DVD and broadcast television, and they are less efficient than modern codecs. Converting them does not improve the picture, but it can make old footage usable in software that refuses MPEG.</p>
<h3>Preserving old videos</h3>
<ul>
<li>Keep the original MPG files as your master copies.</li>
<li>Make AVI copies for legacy software and MP4 copies for phones and the web with the <a href="/tool/video-converter">Video Converter</a>.</li>
</ul>`,
  },
  {
    slug: "video-converter",
    name: "Video Converter",
    description:
      "Convert videos between MP4, AVI, WebM, MKV, MOV and FLV with ffmpeg running in your browser, so the files never leave your device.",
    category: "Video",
    icon: "🎥",
    searchVolume: 27000,
    rank: 90,
    isFeatured: true,
    metaDescription:
      "Free video converter for MP4, AVI, WebM, MKV, MOV and FLV. Real ffmpeg transcoding runs inside your browser, so your videos are never uploaded to any server.",
    metaKeywords:
      "video converter, convert video, mp4 converter, mov to mp4, mkv to mp4, webm to mp4, avi to mp4, online video converter",
    content: `<h2>About the Video Converter</h2>
<p>This converter changes a video from one format to another with a genuine transcode. It opens MP4, WebM, OGG, AVI, MOV, FLV and MKV files and can save them as <strong>MP4, AVI, WebM, MKV, MOV or FLV</strong>.</p>
<p>The work is done by ffmpeg compiled to WebAssembly, running in your browser tab. The engine is served by this site, and your video is processed on your own device: nothing is uploaded, so private recordings stay private. The size you can convert is limited only by your device's memory, and you get a clear message if a file is too large.</p>
<ul>
<li>Select a video file.</li>
<li>Choose the output format.</li>
<li>Press Convert, follow the progress and download the result.</li>
</ul>
<p>Video encoding is heavy work, and a browser does it more slowly than native desktop software. Short clips convert quickly; a long, high-resolution video can take a good while, so keep the tab open until it is done.</p>`,
    blogContent: `<h2>Containers and codecs</h2>
<p>A video file is a container that holds separately compressed video and audio streams. MP4, MKV, MOV and WebM are containers; H.264, VP9 and AV1 are codecs that compress the pictures inside them.</p>
<h3>Which format to choose</h3>
<ul>
<li><strong>MP4</strong>: the safest choice for phones, TVs, social networks and the web.</li>
<li><strong>WebM</strong>: an open format designed for web browsers.</li>
<li><strong>MKV</strong>: flexible, good for archiving with several audio or subtitle tracks.</li>
<li><strong>MOV</strong>: Apple's QuickTime format, common in editing workflows.</li>
<li><strong>AVI</strong> and <strong>FLV</strong>: for older software and devices that need them.</li>
</ul>
<p>To keep only the sound, use the <a href="/tool/mp4-to-mp3-converter">MP4 to MP3 converter</a>.</p>`,
  },
  {
    slug: "m4a-to-mp4-converter",
    name: "M4A to MP4 Converter",
    description:
      "Turn M4A audio into an MP4 file for apps, upload forms and players that only accept the .mp4 extension.",
    category: "Video",
    icon: "📀",
    searchVolume: 4000,
    rank: 58,
    isFeatured: false,
    metaDescription:
      "Convert M4A audio files to MP4 for apps and sites that only accept .mp4. Processed with ffmpeg in your browser; free, private, and your audio is never uploaded.",
    metaKeywords:
      "m4a to mp4, convert m4a to mp4, m4a converter, audio to mp4, mp4 audio, itunes m4a, voice memo to mp4",
    content: `<h2>About the M4A to MP4 Converter</h2>
<p>M4A and MP4 belong to the same MPEG-4 family, yet many upload forms, video platforms and media apps accept only files ending in <strong>.mp4</strong>. This tool takes an <strong>.m4a</strong> audio file, such as an iPhone voice memo, a podcast episode or a song, and produces a proper MP4 file containing your audio.</p>
<p>The conversion uses ffmpeg compiled to WebAssembly in your browser. Your audio is processed on your own device and never uploaded, and no account is needed.</p>
<ul>
<li>Select an .m4a file.</li>
<li>Press Convert and wait for the progress to complete.</li>
<li>Download the MP4 file.</li>
</ul>
<p>Because both formats share the MPEG-4 container, the audio quality of the result matches your original. If what you need is an MP3 for an older player, the <a href="/tool/m4a-to-mp3-converter">M4A to MP3 converter</a> is the better tool.</p>`,
    blogContent: `<h2>M4A vs MP4</h2>
<p>Both formats are based on the ISO Base Media File Format, which grew out of Apple's QuickTime. MP4 (MPEG-4 Part 14) was standardised for files that may contain video, audio and subtitles. The M4A extension was popularised by Apple to signal that a file holds audio only, so that music players would list it as a song rather than a video.</p>
<p>Software that checks only the extension will often reject an M4A file even though it could play the content. Converting to MP4 solves that.</p>
<h3>Tip</h3>
<p>Keep the M4A for your music library, where players recognise it as audio, and use the MP4 copy only where an app demands it.</p>`,
  },

  // ---------------------------------------------------------------- Ebook
  {
    slug: "epub-converter",
    name: "EPUB Converter",
    description:
      "Convert EPUB e-books to other e-book formats, including MOBI and AZW3 for Kindle readers, directly in your browser.",
    category: "Ebook",
    icon: "📚",
    searchVolume: 7000,
    rank: 66,
    isFeatured: false,
    metaDescription:
      "Convert EPUB e-books to other formats such as MOBI and AZW3 for Kindle readers. The conversion runs in your browser, so your books are never uploaded anywhere.",
    metaKeywords:
      "epub converter, convert epub, epub to kindle, epub to mobi, epub to azw3, ebook converter, epub file",
    content: `<h2>About the EPUB Converter</h2>
<p>EPUB is the most widely used open e-book format, read by Kobo, Apple Books, Google Play Books and most e-reader apps. Other devices and apps expect a different format, most often the Kindle formats MOBI and AZW3. This tool reads an <strong>.epub</strong> file and writes the book in the format you pick, keeping the text, chapters, images and table of contents.</p>
<p>Everything happens in your browser: the EPUB is unpacked, converted and packaged again on your own device. Your library is never uploaded, and no account is needed.</p>
<ul>
<li>Select an .epub file.</li>
<li>Choose the output format.</li>
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
  {
    slug: "epub-to-azw3-converter",
    name: "EPUB to AZW3 Converter",
    description:
      "Convert EPUB e-books to AZW3 (Kindle Format 8) so you can read them on Kindle e-readers and apps.",
    category: "Ebook",
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
  {
    slug: "epub-to-mobi-converter",
    name: "EPUB to MOBI Converter",
    description:
      "Convert EPUB e-books to MOBI for older Kindle e-readers and apps that still use the Mobipocket format.",
    category: "Ebook",
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
  {
    slug: "fb2-to-epub-converter",
    name: "FB2 to EPUB Converter",
    description:
      "Convert FictionBook (FB2) e-books to EPUB so they open in Apple Books, Kobo, Google Play Books and most e-reader apps.",
    category: "Ebook",
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
<p>FB2 files are sometimes distributed zipped as .fb2.zip. Extract the .fb2 file first, then convert it.</p>`,
  },

  // ---------------------------------------------------------------- Document
  {
    slug: "pdf-converter",
    name: "PDF Converter",
    description:
      "Convert between PDF, Word (DOCX), plain text and images: make a PDF from a document or photo, or turn a PDF into DOCX, TXT, JPG or PNG.",
    category: "Document",
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
  {
    slug: "xml-converter",
    name: "XML Converter",
    description:
      "Convert structured data between XML, JSON, CSV, HTML and plain text, directly in your browser.",
    category: "Document",
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

  // ---------------------------------------------------------------- Unit
  {
    slug: "bhp-to-ton-calculator",
    name: "BHP to Tons of Refrigeration Calculator",
    description:
      "Convert brake horsepower (BHP) to tons of refrigeration and back, for sizing compressors, chillers and HVAC equipment.",
    category: "Unit",
    icon: "❄️",
    searchVolume: 1500,
    rank: 45,
    isFeatured: false,
    metaDescription:
      "Convert brake horsepower to tons of refrigeration and back for HVAC and chiller sizing. Uses 1 BHP = 0.212 tons and shows results to 4 decimals. Free to use.",
    metaKeywords:
      "bhp to tons, bhp to ton of refrigeration, horsepower to tons, tons to bhp, refrigeration ton calculator, hvac calculator, chiller sizing",
    content: `<h2>About the BHP to Tons of Refrigeration Calculator</h2>
<p>HVAC engineers, technicians and students often need to compare the mechanical power of a compressor or motor, given in brake horsepower (BHP), with the cooling capacity of a system, given in tons of refrigeration (TR). This calculator converts in both directions as you type.</p>
<p>It uses the factors <strong>1 BHP = 0.212 tons of refrigeration</strong> and <strong>1 ton = 4.715 BHP</strong>. Results are shown to 4 decimal places. The fields accept numbers from 0 upwards in steps of 0.01; a negative or non-numeric value clears the other field.</p>
<p><strong>Example:</strong> 10 BHP × 0.212 = 2.1200 tons of refrigeration. In the other direction, 5 tons × 4.715 = 23.5750 BHP.</p>
<ul>
<li>Type a value in the BHP field to see tons of refrigeration.</li>
<li>Or type in the tons field to see the equivalent BHP.</li>
</ul>
<p>The calculation runs in your browser and works offline once the page has loaded.</p>`,
    blogContent: `<h2>Where the numbers come from</h2>
<p>A ton of refrigeration is the cooling needed to melt one short ton of ice in 24 hours, defined as 12,000 BTU per hour, or about 3.517 kW. One mechanical horsepower is about 745.7 W. Dividing one by the other gives roughly 0.212, which is the factor used here.</p>
<p>This is an energy-rate equivalence, not a prediction of how much cooling a particular compressor delivers. Real systems move several times more heat than the shaft power they consume, depending on their coefficient of performance, so always check the manufacturer's data when sizing equipment.</p>
<h3>Watch out</h3>
<p>Boiler horsepower is a different, much larger unit. Make sure your figure is brake or shaft horsepower before converting.</p>`,
  },
  {
    slug: "cm-to-inches-converter",
    name: "CM to Inches Converter",
    description:
      "Convert centimetres to inches and inches to centimetres instantly, using the exact definition of 2.54 cm per inch.",
    category: "Unit",
    icon: "📏",
    searchVolume: 24000,
    rank: 83,
    isFeatured: false,
    metaDescription:
      "Convert centimeters to inches and back instantly with the exact factor of 2.54 cm per inch. Results to 4 decimal places. Free, fast and works in any browser.",
    metaKeywords:
      "cm to inches, centimeters to inches, cm to in, convert cm to inches, inches to cm, cm inch converter, length converter",
    content: `<h2>About the CM to Inches Converter</h2>
<p>Clothing sizes, screen diagonals, furniture, paper and body measurements are given in centimetres in most of the world and in inches in the United States. This converter translates between the two as you type, in either direction.</p>
<p>Since 1959 the inch has been defined as exactly <strong>2.54 centimetres</strong>. To convert centimetres to inches, the tool divides by 2.54; to convert inches to centimetres, it multiplies by 2.54. Results are shown to 4 decimal places. Negative values are allowed, which is handy for offsets and tolerances, and a non-numeric entry simply clears the other field.</p>
<p><strong>Example:</strong> 10 cm ÷ 2.54 = 3.9370 in. Going the other way, 5.5 in × 2.54 = 13.9700 cm.</p>
<ul>
<li>Type a length in centimetres to get inches.</li>
<li>Or type in the inches field to get centimetres.</li>
</ul>
<p>Everything is calculated in your browser; nothing is sent anywhere.</p>`,
    blogContent: `<h2>The inch and the centimetre</h2>
<p>The centimetre is one hundredth of a metre, the base unit of length in the metric system used by almost every country. The inch comes from older English units, and for a long time the American and British inch differed slightly. The 1959 international yard and pound agreement settled it at exactly 2.54 cm, so the conversion is exact.</p>
<h3>Handy reference points</h3>
<ul>
<li>30 cm is about 11.8 inches, a little less than a foot (30.48 cm).</li>
<li>A 27-inch monitor measures about 68.6 cm diagonally.</li>
<li>For the reverse direction on its own page, see the <a href="/tool/inches-to-cm-converter">Inches to CM converter</a>.</li>
</ul>`,
  },
  {
    slug: "cm-to-mm-converter",
    name: "CM to MM Converter",
    description:
      "Convert centimetres to millimetres instantly: multiply by 10, with results shown to 4 decimal places.",
    category: "Unit",
    icon: "📐",
    searchVolume: 9000,
    rank: 65,
    isFeatured: false,
    metaDescription:
      "Convert centimeters to millimeters instantly: every cm is 10 mm. Type a value and get the result to 4 decimal places. Free metric length converter, no sign-up.",
    metaKeywords:
      "cm to mm, centimeters to millimeters, convert cm to mm, cm mm converter, metric length, millimetre conversion",
    content: `<h2>About the CM to MM Converter</h2>
<p>Technical drawings, 3D printing, engineering and jewellery work in millimetres, while rulers, tape measures and everyday descriptions often use centimetres. This converter turns a value in centimetres into millimetres the moment you type it.</p>
<p>The rule is simple: one centimetre is exactly <strong>10 millimetres</strong>, so the tool multiplies by 10. Results are shown to 4 decimal places, so fractional inputs stay precise. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 12.5 cm × 10 = 125.0000 mm. Likewise, 0.35 cm becomes 3.5000 mm.</p>
<ul>
<li>Enter a length in centimetres.</li>
<li>Read the equivalent length in millimetres.</li>
</ul>
<p>Need to go the other way? Use the <a href="/tool/mm-to-cm-converter">MM to CM converter</a>, which divides by 10. Both run entirely in your browser and keep working offline once loaded.</p>`,
    blogContent: `<h2>Metric prefixes made easy</h2>
<p>The metric system builds every length from the metre with prefixes that are powers of ten. <em>Centi</em> means one hundredth and <em>milli</em> one thousandth, so a centimetre is 10 millimetres and a metre is 100 centimetres or 1,000 millimetres.</p>
<p>Converting between metric units is just a matter of moving the decimal point: one place to the right from cm to mm, two places from m to cm, three from m to mm.</p>
<h3>Why engineers prefer millimetres</h3>
<p>Using one unit throughout a drawing avoids mixing decimal places. Dimensions such as 1250 mm are unambiguous, whereas 125 cm and 1.25 m describe the same length in ways that are easy to misread on a busy plan.</p>`,
  },
  {
    slug: "mm-to-cm-converter",
    name: "MM to CM Converter",
    description:
      "Convert millimetres to centimetres instantly: divide by 10, with results shown to 4 decimal places.",
    category: "Unit",
    icon: "🔬",
    searchVolume: 8000,
    rank: 64,
    isFeatured: false,
    metaDescription:
      "Convert millimeters to centimeters instantly by dividing by 10. Type any value and see the result to 4 decimal places. Free metric converter in your browser.",
    metaKeywords:
      "mm to cm, millimeters to centimeters, convert mm to cm, mm cm converter, metric length, millimetre to centimetre",
    content: `<h2>About the MM to CM Converter</h2>
<p>Product specifications, rainfall figures, camera lenses and hardware sizes are often given in millimetres, while people tend to picture lengths in centimetres. This converter changes millimetres into centimetres as you type.</p>
<p>One millimetre is one tenth of a centimetre, so the tool <strong>divides by 10</strong>. Results are shown to 4 decimal places, and non-numeric input is ignored.</p>
<p><strong>Example:</strong> 85 mm ÷ 10 = 8.5000 cm. A 3 mm screw head is 0.3000 cm across.</p>
<ul>
<li>Enter a length in millimetres.</li>
<li>Read the equivalent length in centimetres.</li>
</ul>
<p>For the opposite direction use the <a href="/tool/cm-to-mm-converter">CM to MM converter</a>, and to switch to imperial units use the <a href="/tool/cm-to-inches-converter">CM to Inches converter</a>. All calculations happen in your browser.</p>`,
    blogContent: `<h2>Thinking in millimetres and centimetres</h2>
<p>A millimetre is about the thickness of a credit card, and a centimetre roughly the width of a fingernail. Both are fractions of the metre: a millimetre is one thousandth and a centimetre one hundredth.</p>
<h3>Quick mental conversion</h3>
<p>To go from millimetres to centimetres, move the decimal point one place to the left: 254 mm is 25.4 cm, 7 mm is 0.7 cm. When you measure with a ruler, the long marks are centimetres and the short marks between them are millimetres.</p>
<h3>Where you meet millimetres</h3>
<ul>
<li>Camera focal lengths, such as a 50 mm lens.</li>
<li>Rainfall totals in weather reports.</li>
<li>Drill bits, screws and 3D printer nozzles.</li>
</ul>`,
  },
  {
    slug: "inches-to-cm-converter",
    name: "Inches to CM Converter",
    description:
      "Convert inches to centimetres instantly by multiplying by 2.54, the exact international definition of the inch.",
    category: "Unit",
    icon: "🧵",
    searchVolume: 20000,
    rank: 81,
    isFeatured: false,
    metaDescription:
      "Convert inches to centimeters instantly with the exact factor 1 in = 2.54 cm. Results to 4 decimal places for screens, clothing and DIY. Free and no sign-up.",
    metaKeywords:
      "inches to cm, inches to centimeters, in to cm, convert inches to cm, inch converter, length converter, 2.54 cm",
    content: `<h2>About the Inches to CM Converter</h2>
<p>Screen sizes, wheel rims, waist measurements, lumber and many product dimensions are quoted in inches. If you think in metric units, this converter gives you centimetres as soon as you type.</p>
<p>One inch is exactly <strong>2.54 centimetres</strong>, so the tool multiplies your value by 2.54 and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 12 in × 2.54 = 30.4800 cm. A 32-inch waist is 81.2800 cm.</p>
<ul>
<li>Enter a length in inches, decimals allowed (for example 5.75 instead of 5¾).</li>
<li>Read the result in centimetres.</li>
</ul>
<p>To convert centimetres back to inches, use the <a href="/tool/cm-to-inches-converter">CM to Inches converter</a>. The calculation runs in your browser and needs no connection once the page is open.</p>`,
    blogContent: `<h2>A short history of the inch</h2>
<p>The inch is one of the oldest units of length, once tied to the width of a thumb or the length of three barleycorns. For centuries its exact size varied from country to country. In 1959 the United States, the United Kingdom and other Commonwealth countries agreed on the international inch of exactly 2.54 cm, so the conversion has no rounding error.</p>
<h3>Tips</h3>
<ul>
<li>Convert fractions to decimals first: ½ = 0.5, ¼ = 0.25, ⅛ = 0.125.</li>
<li>Screen sizes are measured diagonally, so a 65-inch TV is about 165 cm corner to corner, not wide.</li>
<li>12 inches make a foot, which is 30.48 cm.</li>
</ul>`,
  },
  {
    slug: "km-to-miles-converter",
    name: "KM to Miles Converter",
    description:
      "Convert kilometres to miles instantly for running, cycling, driving and travel, using 1 km = 0.621371 miles.",
    category: "Unit",
    icon: "🛣️",
    searchVolume: 16000,
    rank: 78,
    isFeatured: false,
    metaDescription:
      "Convert kilometers to miles instantly with 1 km = 0.621371 mi. Useful for running, cycling, road trips and speed limits. Results to 4 decimals, free to use.",
    metaKeywords:
      "km to miles, kilometers to miles, convert km to miles, km to mi, distance converter, kph to mph, running distance",
    content: `<h2>About the KM to Miles Converter</h2>
<p>Most of the world measures distance in kilometres, while the United States and the United Kingdom use miles on their roads. This converter turns kilometres into miles as you type, which helps when planning a race, a bike ride or a road trip abroad.</p>
<p>The tool multiplies by <strong>0.621371</strong>, the number of miles in one kilometre, and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 10 km × 0.621371 = 6.2137 miles. A marathon of 42.195 km is 26.2187 miles.</p>
<ul>
<li>Enter a distance in kilometres.</li>
<li>Read the distance in miles.</li>
</ul>
<p>The same factor works for speeds: 100 km/h is 62.1371 mph. For the reverse direction, use the <a href="/tool/miles-to-km-converter">Miles to KM converter</a>. All calculations run in your browser.</p>`,
    blogContent: `<h2>Kilometres and miles</h2>
<p>The kilometre is 1,000 metres, part of the metric system introduced in France in the 1790s. The international mile is 1,760 yards, or exactly 1,609.344 metres, a length inherited from Roman and English measures.</p>
<h3>Quick mental maths</h3>
<p>To estimate miles from kilometres, multiply by 6 and divide by 10: 50 km is about 30 miles. The Fibonacci numbers offer a neat trick too, because consecutive pairs such as 5 and 8 or 13 and 21 are close to the miles-to-kilometres ratio: 5 miles is about 8 km.</p>
<h3>Popular race distances</h3>
<ul>
<li>5K: 3.1 miles</li>
<li>10K: 6.2 miles</li>
<li>Half marathon: 13.1 miles</li>
</ul>`,
  },
  {
    slug: "miles-to-km-converter",
    name: "Miles to KM Converter",
    description:
      "Convert miles to kilometres instantly for travel, sport and speed limits, using 1 mile = 1.60934 km.",
    category: "Unit",
    icon: "🏃",
    searchVolume: 13000,
    rank: 76,
    isFeatured: false,
    metaDescription:
      "Convert miles to kilometers instantly with 1 mile = 1.60934 km. Great for road trips, running plans and speed limits, with results to 4 decimals. Free to use.",
    metaKeywords:
      "miles to km, miles to kilometers, convert miles to km, mi to km, distance converter, mph to kph, running pace",
    content: `<h2>About the Miles to KM Converter</h2>
<p>Road signs in the United States and the United Kingdom, many running apps and older maps use miles. If you are used to kilometres, this converter gives you the metric distance as you type.</p>
<p>The tool multiplies by <strong>1.60934</strong>, the number of kilometres in one mile, and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 26.2 miles × 1.60934 = 42.1647 km, the length of a marathon. A 5-mile run is 8.0467 km.</p>
<ul>
<li>Enter a distance in miles.</li>
<li>Read the distance in kilometres.</li>
</ul>
<p>The factor applies to speed as well: 70 mph is about 112.65 km/h. For the opposite direction, use the <a href="/tool/km-to-miles-converter">KM to Miles converter</a>. Everything is calculated in your browser.</p>`,
    blogContent: `<h2>Why the mile survives</h2>
<p>The word mile comes from the Latin <em>mille passus</em>, a thousand paces of a Roman legion. Over the centuries many different miles were used, until the international mile was fixed at exactly 1,609.344 metres. Today it is still the everyday unit of distance in the United States and on British roads.</p>
<h3>Don't confuse it with the nautical mile</h3>
<p>Ships and aircraft use the nautical mile, which is 1,852 metres and is based on the Earth's latitude. This converter uses the ordinary statute mile.</p>
<h3>Quick estimate</h3>
<p>Multiply miles by 1.6 for a fast approximation: 100 miles is about 160 km.</p>`,
  },
  {
    slug: "pounds-to-kg-converter",
    name: "Pounds to KG Converter",
    description:
      "Convert pounds (lb) to kilograms instantly for body weight, luggage, recipes and shipping, using 1 lb = 0.453592 kg.",
    category: "Unit",
    icon: "⚖️",
    searchVolume: 26000,
    rank: 86,
    isFeatured: false,
    metaDescription:
      "Convert pounds to kilograms instantly with 1 lb = 0.453592 kg. Ideal for body weight, luggage, gym plates and recipes, with results to 4 decimals. Free to use.",
    metaKeywords:
      "pounds to kg, lbs to kg, convert pounds to kilograms, lb to kg, weight converter, body weight kg, luggage weight",
    content: `<h2>About the Pounds to KG Converter</h2>
<p>Body weight, gym plates, baggage allowances, parcel rates and recipes switch between pounds and kilograms depending on where you are. This converter turns pounds into kilograms the moment you type.</p>
<p>The tool multiplies by <strong>0.453592</strong>, the number of kilograms in one avoirdupois pound, and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 150 lb × 0.453592 = 68.0388 kg. A 50 lb suitcase weighs 22.6796 kg, just over the common 20 kg limit.</p>
<ul>
<li>Enter a weight in pounds, decimals allowed.</li>
<li>Read the weight in kilograms.</li>
</ul>
<p>If your weight is written in stones and pounds, as is common in the UK, multiply the stones by 14 and add the pounds before converting. The calculation runs in your browser.</p>`,
    blogContent: `<h2>Pounds and kilograms</h2>
<p>The kilogram is the SI base unit of mass. Since 2019 it has been defined through the Planck constant rather than a metal cylinder kept near Paris. The avoirdupois pound used today was fixed in 1959 at exactly 0.45359237 kg; the factor 0.453592 used here is that value rounded to six decimal places, which is more precise than any bathroom or kitchen scale.</p>
<h3>Quick estimates</h3>
<ul>
<li>Halve the pounds and subtract a tenth of the result: 200 lb, halved to 100, minus 10, is about 90 kg.</li>
<li>1 kg is about 2.2 lb.</li>
<li>Heavy loads in US short tons? Try the <a href="/tool/tons-to-pounds-converter">Tons to Pounds converter</a>.</li>
</ul>`,
  },
  {
    slug: "tons-to-pounds-converter",
    name: "Tons to Pounds Converter",
    description:
      "Convert US short tons to pounds instantly: 1 ton = 2,000 lb, with results shown to 4 decimal places.",
    category: "Unit",
    icon: "🏗️",
    searchVolume: 3500,
    rank: 55,
    isFeatured: false,
    metaDescription:
      "Convert US short tons to pounds instantly: 1 ton equals 2,000 lb. Handy for freight, vehicle ratings and building materials. Results to 4 decimals, free to use.",
    metaKeywords:
      "tons to pounds, ton to lbs, short ton, convert tons to pounds, us ton, weight converter, freight weight",
    content: `<h2>About the Tons to Pounds Converter</h2>
<p>Truck payloads, freight quotes, gravel and steel orders and air-conditioning capacities are often given in tons in the United States. This converter turns tons into pounds as you type.</p>
<p>It uses the <strong>US short ton of 2,000 pounds</strong>, so the tool multiplies by 2,000 and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 2.5 tons × 2,000 = 5,000.0000 lb. A 0.75 ton pickup payload is 1,500.0000 lb.</p>
<ul>
<li>Enter a weight in short tons.</li>
<li>Read the weight in pounds.</li>
</ul>
<p>Check which ton your source means before converting. A metric tonne and a British long ton are heavier than the short ton, as the notes below explain. The calculation runs entirely in your browser.</p>`,
    blogContent: `<h2>Three different tons</h2>
<p>The word ton covers several units, and mixing them up is a classic source of errors:</p>
<ul>
<li><strong>Short ton</strong> (US): 2,000 lb, about 907.18 kg. Used in the United States and by this tool.</li>
<li><strong>Long ton</strong> (imperial): 2,240 lb, about 1,016.05 kg. Still seen in British shipping and historic figures.</li>
<li><strong>Metric tonne</strong>: 1,000 kg, about 2,204.62 lb. Used almost everywhere else.</li>
</ul>
<p>A ton of refrigeration is different again: it measures cooling power, not weight. For that, see the <a href="/tool/bhp-to-ton-calculator">BHP to Tons of Refrigeration calculator</a>.</p>`,
  },
  {
    slug: "radians-to-rpm-converter",
    name: "Radians per Second to RPM Converter",
    description:
      "Convert angular velocity from radians per second (rad/s) to revolutions per minute (RPM) by multiplying by 9.5493.",
    category: "Unit",
    icon: "⚙️",
    searchVolume: 1800,
    rank: 48,
    isFeatured: false,
    metaDescription:
      "Convert angular velocity from radians per second to RPM instantly. The converter multiplies rad/s by 9.5493 and shows results to 4 decimals. Free to use online.",
    metaKeywords:
      "radians to rpm, rad/s to rpm, angular velocity converter, radians per second to revolutions per minute, rpm calculator, motor speed",
    content: `<h2>About the Radians per Second to RPM Converter</h2>
<p>Physics textbooks, control systems and simulation software express rotation in radians per second, while motors, engines, drills and fans are rated in revolutions per minute. This converter bridges the two as you type.</p>
<p>One revolution is 2π radians and a minute has 60 seconds, so 1 rad/s equals 60 ÷ 2π, or about <strong>9.5493 RPM</strong>. The tool multiplies your value by 9.5493 and shows the result to 4 decimal places. Non-numeric input is ignored.</p>
<p><strong>Example:</strong> 10 rad/s × 9.5493 = 95.4930 RPM. A motor turning at 314.16 rad/s runs at roughly 3,000 RPM.</p>
<ul>
<li>Enter an angular velocity in rad/s.</li>
<li>Read the speed in revolutions per minute.</li>
</ul>
<p>To go from RPM to rad/s, divide by 9.5493. Everything is calculated in your browser.</p>`,
    blogContent: `<h2>Why radians?</h2>
<p>A radian is the angle at which the arc of a circle equals its radius. Physics uses radians because formulas become simple: the speed of a point on a wheel is just the angular velocity in rad/s multiplied by the radius, with no extra constants.</p>
<p>Engineers in the field, however, count turns. A tachometer, a motor nameplate or a lathe dial shows revolutions per minute, which is why this conversion comes up so often.</p>
<h3>Related quantities</h3>
<ul>
<li>Hertz (revolutions per second) = RPM ÷ 60.</li>
<li>Power of a rotating shaft = torque × angular velocity in rad/s.</li>
</ul>`,
  },
  {
    slug: "kilowatts-to-decibels-converter",
    name: "Kilowatts to dBm Converter",
    description:
      "Convert power in kilowatts to decibel-milliwatts (dBm) with the formula dBm = 10 × log10(kW × 1,000,000).",
    category: "Unit",
    icon: "📡",
    searchVolume: 900,
    rank: 42,
    isFeatured: false,
    metaDescription:
      "Convert kilowatts to dBm for radio, broadcast and RF work using dBm = 10 log10(kW x 1,000,000). Enter any value above zero; results to 4 decimals. Free to use.",
    metaKeywords:
      "kilowatts to dbm, kw to dbm, power to decibels, dbm calculator, rf power converter, watts to dbm, transmitter power",
    content: `<h2>About the Kilowatts to dBm Converter</h2>
<p>Radio engineers, broadcasters and RF hobbyists describe power on a logarithmic scale in dBm, decibels relative to one milliwatt. Transmitter and amplifier ratings, however, are often given in kilowatts. This converter translates kilowatts into dBm as you type.</p>
<p>One kilowatt is 1,000,000 milliwatts, so the tool calculates <strong>dBm = 10 × log10(kW × 1,000,000)</strong> and shows the result to 4 decimal places. The value must be greater than 0, because the logarithm of zero or a negative number is undefined.</p>
<p><strong>Example:</strong> 2 kW = 2,000,000 mW, and 10 × log10(2,000,000) = 63.0103 dBm. Exactly 1 kW is 60.0000 dBm.</p>
<ul>
<li>Enter a power in kilowatts, for example 0.5 for 500 W.</li>
<li>Read the power level in dBm.</li>
</ul>
<p>The calculation runs in your browser.</p>`,
    blogContent: `<h2>Understanding dBm</h2>
<p>Decibels express ratios on a logarithmic scale, which keeps the huge range of radio power levels manageable. A received signal may be a billionth of a milliwatt while a broadcast transmitter puts out many kilowatts. In dBm those become tidy numbers such as −60 dBm and 70 dBm.</p>
<h3>Rules of thumb</h3>
<ul>
<li>Doubling the power adds about 3 dB; ten times the power adds 10 dB.</li>
<li>0 dBm is 1 mW, 30 dBm is 1 W, 60 dBm is 1 kW.</li>
<li>Gains and losses in dB can simply be added and subtracted along a signal chain.</li>
</ul>
<p>Note that dBm measures power, not sound loudness, which is measured in dB SPL.</p>`,
  },

  // ---------------------------------------------------------------- Time
  {
    slug: "est-to-gmt-converter",
    name: "EST to GMT Converter",
    description:
      "Convert Eastern Standard Time (EST, UTC−5) to Greenwich Mean Time (GMT) by adding 5 hours, with correct wrapping past midnight.",
    category: "Time",
    icon: "🕐",
    searchVolume: 11000,
    rank: 74,
    isFeatured: false,
    metaDescription:
      "Convert Eastern Standard Time to Greenwich Mean Time instantly. Enter a time as HH:MM and the converter adds 5 hours, wrapping past midnight. Free to use.",
    metaKeywords:
      "est to gmt, eastern time to gmt, est to utc, convert est to gmt, new york time to london, time zone converter, eastern standard time",
    content: `<h2>About the EST to GMT Converter</h2>
<p>Scheduling a call between New York and London, reading a server log in UTC, or catching a live stream announced in Eastern time all require the same calculation. This converter turns a time in Eastern Standard Time into Greenwich Mean Time.</p>
<p>EST is 5 hours behind GMT, so the tool <strong>adds 5 hours</strong> to the time you enter in HH:MM format. The clock wraps at 24 hours, so late evening times move into the next day.</p>
<p><strong>Example:</strong> 14:00 EST is 19:00 GMT, and 23:30 EST becomes 04:30 GMT on the following day.</p>
<ul>
<li>Enter a time such as 09:15.</li>
<li>Press Convert to see the GMT time.</li>
</ul>
<p>The offset is fixed. From mid-March to early November the US East Coast uses Eastern Daylight Time (EDT, UTC−4), when the gap to GMT is only 4 hours, and the UK itself switches to BST in summer. Use this tool for dates when both sides are on standard time, or when the source really is quoted in EST.</p>`,
    blogContent: `<h2>EST, EDT and GMT</h2>
<p>Eastern Standard Time is the winter time of the eastern United States and Canada, including New York, Washington, Toronto and Miami. It is defined as UTC−5. In summer those places move their clocks forward to Eastern Daylight Time, UTC−4, although people often keep saying EST.</p>
<p>Greenwich Mean Time is the time at the Royal Observatory in Greenwich, London. For everyday purposes it equals UTC, the reference time used by computers, aviation and science.</p>
<h3>Tip</h3>
<p>When publishing an event time for an international audience, add the UTC or GMT time next to the local one. For the reverse conversion, use the <a href="/tool/gmt-to-est-converter">GMT to EST converter</a>.</p>`,
  },
  {
    slug: "gmt-to-eest-converter",
    name: "GMT to EEST Converter",
    description:
      "Convert Greenwich Mean Time (GMT) to Eastern European Summer Time (EEST, UTC+3) by adding 3 hours.",
    category: "Time",
    icon: "🕒",
    searchVolume: 2000,
    rank: 50,
    isFeatured: false,
    metaDescription:
      "Convert Greenwich Mean Time to Eastern European Summer Time instantly. Enter a time as HH:MM and the converter adds 3 hours, wrapping at midnight. Free to use.",
    metaKeywords:
      "gmt to eest, gmt to eastern european summer time, utc to eest, athens time, helsinki time, kyiv time, time zone converter",
    content: `<h2>About the GMT to EEST Converter</h2>
<p>Eastern European Summer Time is used in summer by countries such as Finland, the Baltic states, Ukraine, Romania, Bulgaria, Greece and Cyprus. This converter takes a time in Greenwich Mean Time and tells you what the clocks show there.</p>
<p>EEST is 3 hours ahead of GMT, so the tool <strong>adds 3 hours</strong> to the time you enter in HH:MM format. Times wrap at midnight into the next day.</p>
<p><strong>Example:</strong> 09:00 GMT is 12:00 EEST, and 22:00 GMT becomes 01:00 EEST on the following day.</p>
<ul>
<li>Enter a GMT time such as 16:45.</li>
<li>Press Convert to see the EEST time.</li>
</ul>
<p>The offset is fixed at 3 hours. EEST only applies from the last Sunday of March to the last Sunday of October; in winter the same countries use Eastern European Time (EET, UTC+2), when the difference from GMT is 2 hours.</p>`,
    blogContent: `<h2>Eastern European time zones</h2>
<p>Eastern European Time (EET) is UTC+2. In the European Union and several neighbouring countries, clocks move forward one hour on the last Sunday of March, giving Eastern European Summer Time (EEST, UTC+3), and back again on the last Sunday of October.</p>
<p>Because the United Kingdom changes its clocks on the same dates, the difference between London and Athens or Helsinki stays 2 hours all year. The 3-hour gap applies when comparing EEST with GMT or UTC itself, which is what servers, flight schedules and many online services use.</p>
<h3>Tip</h3>
<p>Booking a meeting with a team in Kyiv or Bucharest? Confirm whether the time you have is in GMT or UK local time first.</p>`,
  },
  {
    slug: "gmt-to-est-converter",
    name: "GMT to EST Converter",
    description:
      "Convert Greenwich Mean Time (GMT) to Eastern Standard Time (EST, UTC−5) by subtracting 5 hours.",
    category: "Time",
    icon: "🕓",
    searchVolume: 10000,
    rank: 73,
    isFeatured: false,
    metaDescription:
      "Convert Greenwich Mean Time to US Eastern Standard Time instantly. Enter a time as HH:MM and the converter subtracts 5 hours, wrapping at midnight. Free to use.",
    metaKeywords:
      "gmt to est, gmt to eastern time, utc to est, convert gmt to est, london time to new york, time zone converter, eastern standard time",
    content: `<h2>About the GMT to EST Converter</h2>
<p>Flight times, server logs, international webinars and market announcements are often given in GMT or UTC. This converter tells you the matching time on the US and Canadian east coast in Eastern Standard Time.</p>
<p>EST is 5 hours behind GMT, so the tool <strong>subtracts 5 hours</strong> from the time you enter in HH:MM format. Early morning times wrap back into the previous day.</p>
<p><strong>Example:</strong> 17:00 GMT is 12:00 EST, and 03:15 GMT becomes 22:15 EST on the previous day.</p>
<ul>
<li>Enter a GMT time such as 08:30.</li>
<li>Press Convert to see the EST time.</li>
</ul>
<p>The offset is fixed at 5 hours. During US daylight saving time, from the second Sunday in March to the first Sunday in November, the east coast uses EDT (UTC−4), and the difference is 4 hours.</p>`,
    blogContent: `<h2>Who uses Eastern Time?</h2>
<p>The Eastern Time Zone covers the most populous part of North America, including New York, Boston, Atlanta, Toronto and Ottawa, as well as several Caribbean countries. Stock markets in New York and much of the US media schedule by Eastern time, which makes this one of the most searched time conversions.</p>
<h3>Avoid daylight saving surprises</h3>
<p>The United States and Europe change their clocks on different dates. For a few weeks in March and in October or November, the usual gap between London and New York shrinks from 5 hours to 4. Double-check meetings that fall in those weeks. To convert the other way, use the <a href="/tool/est-to-gmt-converter">EST to GMT converter</a>.</p>`,
  },
  {
    slug: "gmt-to-kst-converter",
    name: "GMT to KST Converter",
    description:
      "Convert Greenwich Mean Time (GMT) to Korea Standard Time (KST, UTC+9) by adding 9 hours.",
    category: "Time",
    icon: "🕘",
    searchVolume: 3000,
    rank: 52,
    isFeatured: false,
    metaDescription:
      "Convert Greenwich Mean Time to Korea Standard Time instantly. Enter a time as HH:MM and the converter adds 9 hours, handy for Seoul calls, releases and events.",
    metaKeywords:
      "gmt to kst, gmt to korea time, utc to kst, convert gmt to kst, seoul time, korea standard time, time zone converter",
    content: `<h2>About the GMT to KST Converter</h2>
<p>Business calls with Seoul, game server maintenance windows, K-pop comebacks and live broadcasts from Korea are easier to plan when you know the local time there. This converter turns a time in Greenwich Mean Time into Korea Standard Time.</p>
<p>KST is 9 hours ahead of GMT, so the tool <strong>adds 9 hours</strong> to the time you enter in HH:MM format, wrapping past midnight into the next day.</p>
<p><strong>Example:</strong> 06:00 GMT is 15:00 KST, and 18:00 GMT becomes 03:00 KST on the following day.</p>
<ul>
<li>Enter a GMT time such as 11:20.</li>
<li>Press Convert to see the time in Korea.</li>
</ul>
<p>South Korea does not use daylight saving time, so KST is always UTC+9. If your own location observes daylight saving, make sure the time you start from really is GMT.</p>`,
    blogContent: `<h2>About Korea Standard Time</h2>
<p>Korea Standard Time is UTC+9 and is used throughout South Korea. It is the same offset as Japan Standard Time, so Seoul and Tokyo always show the same clock time. South Korea last observed daylight saving time in 1988, around the Seoul Olympics, and has kept standard time all year since.</p>
<h3>Planning across the time difference</h3>
<p>A 9-hour gap means a European morning is already late afternoon or evening in Korea. A Korean working day of 09:00 to 18:00 KST corresponds to 00:00 to 09:00 GMT, so calls from the UK work best first thing in the morning. For the reverse direction, use the <a href="/tool/kst-to-gmt-converter">KST to GMT converter</a>.</p>`,
  },
  {
    slug: "kst-to-gmt-converter",
    name: "KST to GMT Converter",
    description:
      "Convert Korea Standard Time (KST, UTC+9) to Greenwich Mean Time (GMT) by subtracting 9 hours.",
    category: "Time",
    icon: "🕙",
    searchVolume: 2500,
    rank: 51,
    isFeatured: false,
    metaDescription:
      "Convert Korea Standard Time to Greenwich Mean Time instantly. Enter a time as HH:MM and the converter subtracts 9 hours, wrapping at midnight. Free to use.",
    metaKeywords:
      "kst to gmt, korea time to gmt, kst to utc, convert kst to gmt, seoul time to london, korea standard time, time zone converter",
    content: `<h2>About the KST to GMT Converter</h2>
<p>Korean websites, game publishers, broadcasters and companies announce times in KST. This converter turns a Korea Standard Time into Greenwich Mean Time, so you can compare it with UTC timestamps or convert it further to your own zone.</p>
<p>KST is 9 hours ahead of GMT, so the tool <strong>subtracts 9 hours</strong> from the time you enter in HH:MM format. Morning times in Korea often fall on the previous day in GMT, and the clock wraps accordingly.</p>
<p><strong>Example:</strong> 20:00 KST is 11:00 GMT, and 08:00 KST becomes 23:00 GMT on the previous day.</p>
<ul>
<li>Enter a KST time such as 18:00.</li>
<li>Press Convert to see the GMT time.</li>
</ul>
<p>Korea does not change its clocks, so the 9-hour offset always holds. Remember that in summer the UK itself is on BST, one hour ahead of GMT.</p>`,
    blogContent: `<h2>Reading Korean event times</h2>
<p>Announcements from Korea usually give the date and time in KST without mentioning the offset. Because KST is 9 hours ahead, anything scheduled before 09:00 in Seoul happens on the previous calendar day in GMT. A release at 00:00 KST on a Friday, for instance, is 15:00 GMT on Thursday.</p>
<h3>Tips</h3>
<ul>
<li>Convert the date as well as the time when the result wraps past midnight.</li>
<li>Tokyo uses the same offset, so this tool works for Japan Standard Time too.</li>
<li>For the reverse conversion, use the <a href="/tool/gmt-to-kst-converter">GMT to KST converter</a>.</li>
</ul>`,
  },
  {
    slug: "pdt-to-gmt-converter",
    name: "PDT to GMT Converter",
    description:
      "Convert Pacific Daylight Time (PDT, UTC−7) to Greenwich Mean Time (GMT) by adding 7 hours.",
    category: "Time",
    icon: "🕖",
    searchVolume: 4000,
    rank: 57,
    isFeatured: false,
    metaDescription:
      "Convert Pacific Daylight Time to Greenwich Mean Time instantly. Enter a time as HH:MM and the converter adds 7 hours, ideal for West Coast launches and events.",
    metaKeywords:
      "pdt to gmt, pacific time to gmt, pdt to utc, convert pdt to gmt, california time to london, pacific daylight time, time zone converter",
    content: `<h2>About the PDT to GMT Converter</h2>
<p>Tech keynotes, game launches, streaming premieres and support hours are often announced in Pacific time because so many companies are based in California and Washington. This converter turns Pacific Daylight Time into Greenwich Mean Time.</p>
<p>PDT is 7 hours behind GMT, so the tool <strong>adds 7 hours</strong> to the time you enter in HH:MM format. Evening times wrap past midnight into the next day.</p>
<p><strong>Example:</strong> 09:00 PDT is 16:00 GMT, and 19:30 PDT becomes 02:30 GMT on the following day.</p>
<ul>
<li>Enter a PDT time such as 10:00.</li>
<li>Press Convert to see the GMT time.</li>
</ul>
<p>PDT is the summer time of the US West Coast, used from the second Sunday in March to the first Sunday in November. In winter the region uses Pacific Standard Time (PST, UTC−8), and the difference from GMT is 8 hours.</p>`,
    blogContent: `<h2>Pacific time explained</h2>
<p>The Pacific Time Zone covers California, Washington, Oregon, Nevada and British Columbia, including Los Angeles, San Francisco, Seattle and Vancouver. Its standard time is PST (UTC−8); during daylight saving time it becomes PDT (UTC−7). Announcements often say "PT" to cover both.</p>
<h3>Tips</h3>
<ul>
<li>If an event is in summer, PDT is almost certainly right; in winter, use PST and add 8 hours instead.</li>
<li>In the UK, local time in summer is BST, not GMT. For that case use the <a href="/tool/pdt-to-bst-converter">PDT to BST converter</a>.</li>
</ul>`,
  },
  {
    slug: "pdt-to-bst-converter",
    name: "PDT to BST Converter",
    description:
      "Convert Pacific Daylight Time (PDT, UTC−7) to British Summer Time (BST, UTC+1) by adding 8 hours.",
    category: "Time",
    icon: "🕗",
    searchVolume: 1200,
    rank: 46,
    isFeatured: false,
    metaDescription:
      "Convert Pacific Daylight Time to British Summer Time instantly. Enter a time as HH:MM and the converter adds 8 hours for calls between California and the UK.",
    metaKeywords:
      "pdt to bst, pacific time to uk time, pdt to british summer time, los angeles to london time, convert pdt to bst, time zone converter",
    content: `<h2>About the PDT to BST Converter</h2>
<p>In summer both the US West Coast and the United Kingdom use daylight saving time: Pacific Daylight Time in California, Washington and Oregon, and British Summer Time in the UK. This converter turns a PDT time into the matching UK summer time, which is what you need for calls, launches and live events between the two.</p>
<p>PDT is UTC−7 and BST is UTC+1, so the tool <strong>adds 8 hours</strong> to the time you enter in HH:MM format. Times wrap at midnight into the next day.</p>
<p><strong>Example:</strong> 08:00 PDT is 16:00 BST, and 17:30 PDT becomes 01:30 BST on the following day.</p>
<ul>
<li>Enter a PDT time such as 11:00.</li>
<li>Press Convert to see the UK time.</li>
</ul>
<p>The offset is fixed at 8 hours. The US and the UK change their clocks on different dates, so for a few weeks in March and in late October the real gap is 7 hours.</p>`,
    blogContent: `<h2>When PDT meets BST</h2>
<p>The United States starts daylight saving time on the second Sunday in March and ends it on the first Sunday in November. The UK switches to BST on the last Sunday in March and back to GMT on the last Sunday in October. For most of the year that leaves London 8 hours ahead of Los Angeles, but during the gaps between those dates the difference is only 7 hours.</p>
<h3>Scheduling tip</h3>
<p>An 8-hour gap leaves little overlap in the working day. A meeting at 08:00 or 09:00 in California lands at 16:00 or 17:00 in London, usually the best compromise. In winter, when California is on PST (UTC−8) and the UK on GMT, the gap is 8 hours again. To compare Pacific time with UTC itself, use the <a href="/tool/pdt-to-gmt-converter">PDT to GMT converter</a>.</p>`,
  },

  // ---------------------------------------------------------------- Text
  {
    slug: "word-counter",
    name: "Word Counter",
    description:
      "Count the words, characters and sentences in any text instantly, and switch it to UPPERCASE, lowercase or Title Case.",
    category: "Text",
    icon: "📝",
    searchVolume: 29000,
    rank: 87,
    isFeatured: false,
    metaDescription:
      "Count words, characters and sentences in any text instantly for essays, articles and posts. Convert case with one click. Free, private and runs in your browser.",
    metaKeywords:
      "word counter, word count, count words, character count, sentence counter, essay word count, uppercase lowercase title case",
    content: `<h2>About the Word Counter</h2>
<p>Essays, job applications, articles, abstracts and social media posts often come with a word or character limit. Paste or type your text into this tool and it shows the number of <strong>words</strong>, <strong>characters</strong> and <strong>sentences</strong> straight away, updating as you edit.</p>
<p>Three buttons change the case of your text: <strong>UPPERCASE</strong>, <strong>lowercase</strong> and <strong>Title Case</strong>. The converted version appears in the output box, ready to copy.</p>
<ul>
<li>Paste or type your text in the input box.</li>
<li>Read the word, character and sentence counts.</li>
<li>Optionally change the case and copy the output.</li>
</ul>
<p>Your text is counted in your browser and never sent to a server, so drafts, confidential reports and unpublished work stay private. Word counts can differ slightly between programs, mainly in how they treat hyphenated words, numbers and symbols, so leave a small margin when you are close to a strict limit.</p>`,
    blogContent: `<h2>Why word counts matter</h2>
<p>Word limits keep writing focused. Schools and universities set them for essays, journals set them for abstracts, and editors use them to plan the length of an article. Counting by hand is slow and error-prone, which is why a counter is one of the most used writing tools.</p>
<h3>Tips for hitting a word limit</h3>
<ul>
<li>Write first, cut later: remove filler such as "very", "really" and "in order to".</li>
<li>Replace long phrases with single words: "due to the fact that" becomes "because".</li>
<li>Check each paragraph has one clear job.</li>
</ul>
<p>Need a limit in characters rather than words, as on social media or in meta descriptions? Use the <a href="/tool/character-counter">Character Counter</a>.</p>`,
  },
  {
    slug: "text-reverser",
    name: "Text Reverser",
    description:
      "Reverse any text so it reads backwards, character by character, and change its case to UPPERCASE, lowercase or Title Case.",
    category: "Text",
    icon: "🔁",
    searchVolume: 2200,
    rank: 49,
    isFeatured: false,
    metaDescription:
      "Reverse text instantly so it reads backwards, for puzzles, palindromes, games and testing. Change case with one click. Free and private, runs in your browser.",
    metaKeywords:
      "text reverser, reverse text, backwards text, reverse string, mirror text, palindrome checker, flip text",
    content: `<h2>About the Text Reverser</h2>
<p>This tool takes the text you type or paste and writes it out backwards, so the last character comes first. "Hello world" becomes "dlrow olleH". It is quick, simple and handy for more things than you might expect.</p>
<p>As well as reversing, you can convert the text to <strong>UPPERCASE</strong>, <strong>lowercase</strong> or <strong>Title Case</strong> with one click, and copy the result from the output box.</p>
<ul>
<li>Type or paste your text in the input box.</li>
<li>Read the reversed text in the output.</li>
<li>Change the case if you like, then copy the result.</li>
</ul>
<p>Common uses include checking palindromes, creating puzzles and escape-room clues, writing playful messages, and testing how software handles unusual input. The text is processed in your browser and never leaves your device.</p>`,
    blogContent: `<h2>Fun with backwards text</h2>
<p>Reversed writing has a long history. Leonardo da Vinci filled his notebooks with mirror writing, and puzzle makers have always enjoyed hiding messages by reversing them.</p>
<h3>Palindromes</h3>
<p>A palindrome reads the same forwards and backwards, such as "level", "racecar" or "Was it a car or a cat I saw?". To test a phrase, reverse it and compare, ignoring spaces, punctuation and capital letters. Converting both versions to lowercase first makes the comparison easier.</p>
<h3>For developers</h3>
<p>Reversing strings is a classic programming exercise and a useful test for how an application handles accented letters and other special characters.</p>`,
  },
  {
    slug: "character-counter",
    name: "Character Counter",
    description:
      "Count characters with and without spaces for tweets, SMS, meta descriptions and form fields, and change the text's case with one click.",
    category: "Text",
    icon: "🔤",
    searchVolume: 18000,
    rank: 79,
    isFeatured: false,
    metaDescription:
      "Count characters with and without spaces for posts, SMS, meta descriptions and forms. Change case with one click. Free and private, works right in your browser.",
    metaKeywords:
      "character counter, character count, letter counter, count characters, characters without spaces, tweet length, meta description length",
    content: `<h2>About the Character Counter</h2>
<p>Many places limit text by characters rather than words: social media posts, text messages, ad headlines, meta descriptions, usernames and database fields. Paste your text into this tool to see how many characters it contains, both <strong>with spaces</strong> and <strong>without spaces</strong>.</p>
<p>You can also convert the text to <strong>UPPERCASE</strong>, <strong>lowercase</strong> or <strong>Title Case</strong> and copy the result from the output box.</p>
<ul>
<li>Paste or type your text.</li>
<li>Read the character count with and without spaces.</li>
<li>Trim or rewrite until you are within your limit.</li>
</ul>
<p>Counting happens in your browser, so nothing you type is sent anywhere. Note that some platforms count certain characters differently; emoji and some non-Latin characters may use more than one unit of a limit, so leave a little margin.</p>`,
    blogContent: `<h2>Common character limits</h2>
<ul>
<li><strong>Meta descriptions</strong>: search engines typically show around 150 to 160 characters before cutting the text off.</li>
<li><strong>SMS</strong>: a single text message holds 160 characters in the standard GSM alphabet; using emoji or some accented letters reduces that to 70.</li>
<li><strong>Posts on X</strong>: 280 characters for standard accounts.</li>
<li><strong>Page titles</strong>: roughly 50 to 60 characters are shown in search results.</li>
</ul>
<h3>With or without spaces?</h3>
<p>Most platforms count spaces. Some translation and typesetting quotes are based on characters without spaces, which is why both numbers are shown. For word-based limits, use the <a href="/tool/word-counter">Word Counter</a>.</p>`,
  },
];
