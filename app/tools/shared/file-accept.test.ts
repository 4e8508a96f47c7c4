import { describe, expect, it } from "vitest";
import { AUDIO_ACCEPT, AUDIO_CONVERTER_ACCEPT, AUDIO_FILE_EXTENSIONS, FLV_ACCEPT, M4A_ACCEPT, MIDI_ACCEPT, MP3_TO_OGG_ACCEPT, MP4_ACCEPT, VIDEO_FILE_EXTENSIONS, WAV_ACCEPT } from "../audio/meta.ts";
import { AVIF_ACCEPT } from "../avif-svg/meta.ts";
import { DDS_ACCEPT } from "../dds/meta.ts";
import { DATA_ACCEPT } from "../data/meta.ts";
import { DOCUMENT_ACCEPT } from "../document/meta.ts";
import { EPUB_ACCEPT, FB2_ACCEPT } from "../ebook/meta.ts";
import { ICO_ACCEPT } from "../ico/meta.ts";
import { JFIF_ACCEPT } from "../jfif/meta.ts";
import { PSB_ACCEPT, TIFF_ACCEPT } from "../pdf-images/meta.ts";
import { PNG_TO_DDS_ACCEPT } from "../png-dds/meta.ts";
import { findTool, TOOLS } from "../registry.ts";
import { MPEG_ACCEPT, MPG_ACCEPT, VIDEO_ACCEPT } from "../video/meta.ts";
import { acceptAttribute, acceptedText, checkFile, EMPTY_FILE_TITLE, matchesAccept, type FileAccept } from "./file-accept.ts";

const file = (name: string, type = "", size = 10) => ({ name, type, size });

// Every file tool's rule: accepted names/types, refused ones, and texts.
const ROWS: {
  row: string;
  accept: FileAccept;
  ok: [name: string, type?: string][];
  refused: [name: string, type?: string][];
  texts: [invalidTitle: string, invalidDescription: string, noFileTitle: string, noFileDescription: string];
}[] = [
  {
    row: "Audio and MP3 (widened to every sound, decision 038)",
    accept: AUDIO_ACCEPT,
    ok: [
      ["a.mp3"], ["a.wav"], ["a.ogg"], ["a.webm"], ["a.m4a"], ["a.aac"], ["a.flac"], ["voice", "audio/x-whatever"], ["a.opus", "audio/opus"],
      ["a.wma"], ["a.3gp", "video/3gpp"], ["a.EAC3"], ["a.tak"], ["a.shn"], ["a.ofr"], ["a.mp+"], ["clip.mp4", "video/mp4"], ["a.rm", "application/vnd.rn-realmedia"],
    ],
    refused: [["a.txt", "text/plain"], ["anim.gif", "image/gif"], ["a.mid"], ["a.kar"]],
    texts: ["Invalid file type", "Please select a valid audio file", "No File Selected", "Please select an audio file to convert"],
  },
  {
    row: "Audio converter variant",
    accept: AUDIO_CONVERTER_ACCEPT,
    ok: [["a.mp3"], ["a.flac"], ["x.bin", "audio/mpeg"], ["a.amr", "audio/AMR"], ["a.3g2"], ["a.ape"], ["a.dsf"], ["a.mkv", "video/x-matroska"], ["x", "application/ogg"]],
    refused: [["a.gif", "image/gif"], ["a.jpg", "image/jpeg"]],
    texts: ["Invalid file type", "Please select a valid audio file (MP3, WAV, OGG, WebM, M4A)", "No File Selected", "Please select an audio file to convert"],
  },
  {
    row: "WAV",
    accept: WAV_ACCEPT,
    ok: [["a.mp3"], ["a.wav"], ["a.ogg"], ["a.webm"], ["a.m4a"], ["a.flac", "audio/flac"], ["a.aac"], ["a.flac"], ["a.mp4", "video/mp4"], ["a.tta"], ["a.caf"]],
    refused: [["a.png", "image/png"], ["a.gif"]],
    texts: ["Invalid file type", "Please select a valid audio file", "No File Selected", "Please select an audio file to convert"],
  },
  {
    row: "MP3 to OGG",
    accept: MP3_TO_OGG_ACCEPT,
    ok: [["song.mp3", "audio/mpeg"], ["song.mp3"]],
    refused: [["song.wav", "audio/wav"], ["song.ogg", "audio/ogg"]],
    texts: ["Invalid file type", "Please select an MP3 file", "No File Selected", "Please select an MP3 file to convert"],
  },
  {
    row: "MP4 tools (and the MP4 family)",
    accept: MP4_ACCEPT,
    ok: [["clip.mp4", "video/mp4"], ["clip.m4v", "video/mp4"], ["clip.mov"], ["a.m4a"], ["a.m4b"], ["phone.3gp"], ["phone.3g2"], ["clip", "video/quicktime"]],
    refused: [["clip.mkv", "video/x-matroska"], ["clip.avi"], ["a.mp3", "audio/mpeg"]],
    texts: ["Invalid file type", "Please select an MP4 file (MP4, M4V, M4A, MOV or 3GP)", "No File Selected", "Please select an MP4 file to convert"],
  },
  {
    row: "FLV (and F4V)",
    accept: FLV_ACCEPT,
    ok: [["clip.flv"], ["clip.f4v"], ["clip", "video/x-flv"]],
    refused: [["clip.mp4", "video/mp4"], ["clip.swf"]],
    texts: ["Invalid file type", "Please select an FLV file (FLV or F4V)", "No File Selected", "Please select an FLV file to convert"],
  },
  {
    row: "MPEG (and the other MPEG stream names)",
    accept: MPEG_ACCEPT,
    ok: [["a.mpeg"], ["a.mpg"], ["a.mpe", "video/mpeg"], ["a.vob"], ["a.m2v"], ["a.ts"], ["a.m2ts"], ["a.mts"], ["a.mod"], ["x", "video/mp2t"]],
    refused: [["a.mp4", "video/mp4"], ["a.avi"], ["a.mp3"]],
    texts: ["Invalid file type", "Please select an MPEG or MPG file (MPG, MPEG, VOB, TS or M2TS)", "No File Selected", "Please select an MPEG file to convert"],
  },
  {
    row: "MPG (the same streams)",
    accept: MPG_ACCEPT,
    ok: [["a.mpg"], ["a.mpeg", "video/mpeg"], ["a.VOB"], ["a.m1v"], ["a.tod"]],
    refused: [["a.mkv"], ["a.mp4", "video/mp4"]],
    texts: ["Invalid file type", "Please select an MPG file (MPG, MPEG, VOB, TS or M2TS)", "No File Selected", "Please select an MPG file to convert"],
  },
  {
    row: "Video (widened to every video file and animated GIF)",
    accept: VIDEO_ACCEPT,
    ok: [
      ["a.mp4"], ["a.webm"], ["a.ogg"], ["a.avi"], ["a.mov"], ["a.flv"], ["a.mkv"], ["a.mpg", "video/mpeg"], ["a.wmv"], ["a.3gp"], ["a.3g2"],
      ["anim.gif", "image/gif"], ["a.ts"], ["a.m2ts"], ["a.mxf"], ["a.y4m"], ["a.ivf"], ["a.h264"], ["a.rmvb"], ["x", "application/vnd.rn-realmedia"],
    ],
    refused: [["a.mp3", "audio/mpeg"], ["a.png", "image/png"], ["a.flac"]],
    texts: ["Invalid file type", "Please select a valid video file", "No File Selected", "Please select a video file to convert"],
  },
  {
    row: "M4A tools (and M4B, M4R, MP4)",
    accept: M4A_ACCEPT,
    ok: [["a.m4a", "audio/mp4"], ["a.m4b"], ["a.m4r"], ["a.mp4"], ["x", "audio/x-m4a"]],
    refused: [["a.mp3", "audio/mpeg"], ["a.mov"], ["a.m4p"]],
    texts: ["Invalid file type", "Please select an M4A file (M4A, M4B, M4R or MP4)", "No File Selected", "Please select an M4A file to convert"],
  },
  {
    row: "MIDI",
    accept: MIDI_ACCEPT,
    ok: [["a.mid", "audio/midi"], ["a.midi"]],
    refused: [["a.kar", "audio/midi"], ["a.mp3"]],
    texts: ["Invalid file type", "Please select a MIDI file (.mid or .midi)", "No File Selected", "Please select a MIDI file to convert"],
  },
  {
    row: "PNG to DDS",
    accept: PNG_TO_DDS_ACCEPT,
    ok: [["a.png", "image/png"]],
    refused: [["a.jpg", "image/jpeg"], ["a.apng"], ["png"]],
    texts: ["Invalid file type", "Please select a PNG file", "No File Selected", "Please select a PNG file to convert"],
  },
  {
    row: "PSB (and PSD, which the codec reads too)",
    accept: PSB_ACCEPT,
    ok: [["art.psb"], ["art.psd", "image/vnd.adobe.photoshop"]],
    refused: [["art.png", "image/png"], ["art.psdx"], ["art.tiff", "image/tiff"]],
    texts: ["Invalid file type", "Please select a PSB or PSD file", "No File Selected", "Please select a PSB or PSD file to convert"],
  },
  {
    row: "TIFF",
    accept: TIFF_ACCEPT,
    ok: [["scan.tiff"], ["scan.tif", "image/tiff"]],
    refused: [["scan.png", "image/png"]],
    texts: ["Invalid file type", "Please select a TIFF file", "No File Selected", "Please select a TIFF file to convert"],
  },
  {
    row: "EPUB tools",
    accept: EPUB_ACCEPT,
    ok: [["book.epub", "application/epub+zip"]],
    refused: [["book.mobi"], ["book.zip", "application/zip"]],
    texts: ["Invalid file type", "Please select an EPUB file", "No File Selected", "Please select an EPUB file to convert"],
  },
  {
    row: "FB2",
    accept: FB2_ACCEPT,
    ok: [["book.fb2"]],
    refused: [["book.fb2.zip"], ["book.xml", "text/xml"]],
    texts: ["Invalid file type", "Please select an FB2 file", "No File Selected", "Please select an FB2 file to convert"],
  },
  {
    row: "Document",
    accept: DOCUMENT_ACCEPT,
    ok: [["a.pdf"], ["a.doc"], ["a.docx"], ["a.txt"], ["a.jpg"], ["a.jpeg"], ["a.png"]],
    refused: [["a.odt"], ["a.gif", "image/gif"]],
    texts: ["Invalid file type", "Please select a valid document or image file", "No File Selected", "Please select a document or image file to convert"],
  },
  {
    row: "Data",
    accept: DATA_ACCEPT,
    ok: [["a.xml"], ["a.json"], ["a.csv"], ["a.html"], ["a.txt"]],
    refused: [["a.htm", "text/html"], ["a.yaml"]],
    texts: ["Invalid file type", "Please select a valid file (XML, JSON, CSV, HTML, TXT)", "No File Selected", "Please select a file to convert"],
  },
  {
    row: "{product} (DDS to PNG)",
    accept: DDS_ACCEPT,
    ok: [["texture.dds"], ["TEXTURE.DDS"], ["a.png.dds"]],
    refused: [["texture.png", "image/png"], ["texture.dds.png"], ["dds"], ["texture.ddsx"]],
    texts: ["Invalid File", "Please select a DDS file", "No File Selected", "Please select a DDS file to convert"],
  },
  {
    row: "JFIF to PNG",
    accept: JFIF_ACCEPT,
    ok: [["a.jfif"], ["a.jpg", "image/jpeg"], ["a.jpeg"]],
    refused: [["a.png", "image/png"], ["a.pjpeg", "image/jpeg"]],
    texts: ["Invalid file type", "Please select a JFIF, JPG, or JPEG file", "No File Selected", "Please select a JFIF file to convert"],
  },
  {
    row: "JPG/PNG to ICO",
    accept: ICO_ACCEPT,
    ok: [["a.jpg"], ["a.jpeg"], ["a.png"]],
    refused: [["a.gif", "image/gif"], ["a.ico"]],
    texts: ["Invalid file type", "Please select a JPG, JPEG, or PNG file", "No File Selected", "Please select an image file to convert"],
  },
  {
    row: "AVIF to SVG",
    accept: AVIF_ACCEPT,
    ok: [["a.avif"], ["photo", "image/avif"], ["photo.bin", "image/avif"]],
    refused: [["a.webp", "image/webp"], ["a.heic"]],
    texts: ["Invalid file type", "Please select an AVIF file", "No File Selected", "Please select an AVIF file to convert"],
  },
];

describe.each(ROWS)("$row", ({ accept, ok, refused, texts }) => {
  it("has the spec's texts", () => {
    expect([accept.invalidTitle, accept.invalidDescription, accept.noFileTitle, accept.noFileDescription]).toEqual(texts);
  });

  it.each(ok)("accepts %s %s", (name, type) => {
    expect(checkFile(file(name, type), accept)).toEqual({ ok: true });
    expect(checkFile(file(name.toUpperCase(), type), accept)).toEqual({ ok: true });
  });

  it.each(refused)("refuses %s %s with the invalid-type texts", (name, type) => {
    expect(checkFile(file(name, type), accept)).toEqual({ ok: false, title: texts[0], description: texts[1] });
  });

  it("answers a missing file with the no-file texts", () => {
    expect(checkFile(null, accept)).toEqual({ ok: false, title: texts[2], description: texts[3] });
    expect(checkFile(undefined, accept)).toEqual({ ok: false, title: texts[2], description: texts[3] });
  });
});

describe("checkFile edge cases", () => {
  it("matches extensions case-insensitively, in the rule as in the name", () => {
    expect(checkFile(file("Photo.DdS"), DDS_ACCEPT)).toEqual({ ok: true });
    expect(matchesAccept(file("photo.dds"), { extensions: ["DDS"] })).toBe(true);
    expect(matchesAccept(file("clip", "AUDIO/MPEG"), { extensions: [], mimePrefixes: ["audio/"] })).toBe(true);
  });

  it("refuses a name without an extension unless its type matches", () => {
    expect(checkFile(file("texture"), DDS_ACCEPT).ok).toBe(false);
    expect(checkFile(file("texture."), DDS_ACCEPT).ok).toBe(false);
    expect(checkFile(file("recording", "audio/wav"), AUDIO_ACCEPT).ok).toBe(true);
    expect(checkFile(file("recording"), AUDIO_ACCEPT).ok).toBe(false);
  });

  it("judges a double extension by its last part", () => {
    expect(checkFile(file("a.png.dds"), DDS_ACCEPT)).toEqual({ ok: true });
    expect(checkFile(file("a.png.dds"), PNG_TO_DDS_ACCEPT)).toMatchObject({ ok: false, description: "Please select a PNG file" });
    expect(checkFile(file("a.dds.png"), DDS_ACCEPT)).toMatchObject({ ok: false, title: "Invalid File" });
  });

  it("supports multi-part extensions", () => {
    expect(matchesAccept(file("backup.tar.gz"), { extensions: ["tar.gz"] })).toBe(true);
    expect(matchesAccept(file("backup.gz"), { extensions: ["tar.gz"] })).toBe(false);
  });

  it("an empty MIME type never matches a prefix", () => {
    expect(matchesAccept(file("x.bin", ""), { extensions: [], mimePrefixes: [""] })).toBe(false);
  });

  it("refuses an empty file with a clear message, after the type check", () => {
    expect(checkFile(file("texture.dds", "", 0), DDS_ACCEPT)).toEqual({
      ok: false,
      title: EMPTY_FILE_TITLE,
      description: "The selected file is empty (0 bytes). Please select a file with content.",
    });
    expect(checkFile(file("texture.png", "image/png", 0), DDS_ACCEPT)).toMatchObject({ title: "Invalid File" });
  });
});

describe("acceptAttribute", () => {
  it("lists extensions and MIME patterns for the file chooser", () => {
    expect(acceptAttribute(DDS_ACCEPT)).toBe(".dds");
    expect(acceptAttribute(FLV_ACCEPT)).toBe(".flv,.f4v,video/x-flv,video/flv");
    expect(acceptAttribute(AVIF_ACCEPT)).toBe(".avif,image/avif");
  });
});

describe("the tools' accept rules (from their metas)", () => {
  it("gives every file tool a rule, and no other tool one", () => {
    for (const tool of TOOLS) expect(tool.accept !== undefined, tool.slug).toBe(tool.kind === "file");
  });

  it("maps the tools to their spec rows", () => {
    expect(findTool("dds-to-png")?.accept).toBe(DDS_ACCEPT);
    expect(findTool("dds-to-png-converter")?.accept).toBe(DDS_ACCEPT);
    expect(findTool("psb-to-pdf-converter")?.accept).toBe(PSB_ACCEPT);
    expect(findTool("audio-converter")?.accept).toBe(AUDIO_CONVERTER_ACCEPT);
    expect(findTool("mp3-converter")?.accept).toBe(AUDIO_ACCEPT);
    expect(findTool("mp4-to-wav-converter")?.accept).toBe(MP4_ACCEPT);
    expect(findTool("m4a-to-mp4-converter")?.accept).toBe(M4A_ACCEPT);
    expect(findTool("epub-to-mobi-converter")?.accept).toBe(EPUB_ACCEPT);
    expect(findTool("xml-converter")?.accept).toBe(DATA_ACCEPT);
    expect(findTool("pdf-converter")?.accept).toBe(DOCUMENT_ACCEPT);
  });
});

describe("the media lists (decision 038)", () => {
  it("lets every listed sound extension into the three audio tools, and every video extension into them and the video converter", () => {
    for (const ext of [...AUDIO_FILE_EXTENSIONS, ...VIDEO_FILE_EXTENSIONS]) {
      for (const rule of [AUDIO_ACCEPT, AUDIO_CONVERTER_ACCEPT, WAV_ACCEPT]) expect(checkFile(file(`x.${ext}`), rule).ok, ext).toBe(true);
    }
    for (const ext of [...VIDEO_FILE_EXTENSIONS, "gif"]) expect(checkFile(file(`x.${ext}`), VIDEO_ACCEPT).ok, ext).toBe(true);
  });

  it("names each extension once, in lower case, without a dot", () => {
    for (const list of [AUDIO_FILE_EXTENSIONS, VIDEO_FILE_EXTENSIONS, AUDIO_ACCEPT.extensions, VIDEO_ACCEPT.extensions, MPEG_ACCEPT.extensions]) {
      expect(new Set(list).size).toBe(list.length);
      for (const ext of list) expect(ext).toMatch(/^[a-z0-9+]+$/);
    }
  });

  it("says in words what the long lists take; the short ones list their extensions", () => {
    expect(acceptedText(AUDIO_CONVERTER_ACCEPT)).toBe("MP3, WAV, OGG, FLAC, M4A, AAC, WMA, OPUS, AIFF, AMR, AC3, APE, WV, TAK, SHN and other audio files, or the sound of a video file");
    expect(acceptedText(VIDEO_ACCEPT)).toContain("animated GIF");
    expect(acceptedText(M4A_ACCEPT)).toBe("M4A, M4B, M4R, MP4");
  });
});
