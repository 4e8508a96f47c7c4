// What the operating system needs to know about each extension a file tool reads: its MIME type (the
// manifest's file_handlers are keyed by it, and Linux registers the app per type) and which of the
// launch page's groups it belongs to. Formats, not tools: a new tool reading a known format changes
// nothing here, and an extension missing here still gets a valid type (fileTypeOf).

/** The groups the manifest's handlers and the launch page's list of formats use, in this order. */
export const FORMAT_GROUPS = ["Images", "Audio", "Video", "Ebooks", "Documents and data"] as const;
export type FormatGroup = (typeof FORMAT_GROUPS)[number];

interface FileType {
  mime: string;
  group: FormatGroup;
}

const image = (mime: string): FileType => ({ mime, group: "Images" });
const audio = (mime: string): FileType => ({ mime, group: "Audio" });
const video = (mime: string): FileType => ({ mime, group: "Video" });
const ebook = (mime: string): FileType => ({ mime, group: "Ebooks" });
const document = (mime: string): FileType => ({ mime, group: "Documents and data" });

// IANA types where one is registered, else the freedesktop.org shared-mime-info name (what Linux
// desktops already call the format), else x- types in the same style.
const TYPES: Readonly<Record<string, FileType>> = {
  dds: image("image/vnd.ms-dds"),
  png: image("image/png"),
  jpg: image("image/jpeg"),
  jpeg: image("image/jpeg"),
  jfif: image("image/jpeg"),
  tif: image("image/tiff"),
  tiff: image("image/tiff"),
  psd: image("image/vnd.adobe.photoshop"),
  psb: image("image/vnd.adobe.photoshop"),
  avif: image("image/avif"),
  gif: image("image/gif"),

  mp3: audio("audio/mpeg"),
  mp2: audio("audio/mpeg"),
  mp1: audio("audio/mpeg"),
  mpa: audio("audio/mpeg"),
  mpga: audio("audio/mpeg"),
  wav: audio("audio/wav"),
  w64: audio("audio/x-w64"),
  rf64: audio("audio/x-rf64"),
  ogg: audio("audio/ogg"),
  oga: audio("audio/ogg"),
  opus: audio("audio/ogg"),
  spx: audio("audio/x-speex"),
  m4a: audio("audio/mp4"),
  m4b: audio("audio/mp4"),
  m4r: audio("audio/mp4"),
  aac: audio("audio/aac"),
  adts: audio("audio/aac"),
  flac: audio("audio/flac"),
  "3ga": audio("audio/3gpp"),
  ac3: audio("audio/ac3"),
  eac3: audio("audio/eac3"),
  ec3: audio("audio/eac3"),
  dts: audio("audio/vnd.dts"),
  amr: audio("audio/amr"),
  awb: audio("audio/amr-wb"),
  aif: audio("audio/aiff"),
  aiff: audio("audio/aiff"),
  aifc: audio("audio/aiff"),
  caf: audio("audio/x-caf"),
  au: audio("audio/basic"),
  snd: audio("audio/basic"),
  voc: audio("audio/x-voc"),
  gsm: audio("audio/x-gsm"),
  tak: audio("audio/x-tak"),
  shn: audio("audio/x-shorten"),
  ape: audio("audio/x-ape"),
  tta: audio("audio/x-tta"),
  wv: audio("audio/x-wavpack"),
  mpc: audio("audio/x-musepack"),
  "mp+": audio("audio/x-musepack"),
  ofr: audio("audio/x-optimfrog"),
  ofs: audio("audio/x-optimfrog"),
  dsf: audio("audio/x-dsf"),
  dff: audio("audio/x-dff"),
  wma: audio("audio/x-ms-wma"),
  mka: audio("audio/x-matroska"),
  ra: audio("audio/vnd.rn-realaudio"),
  c2: audio("audio/x-codec2"),
  "8svx": audio("audio/x-8svx"),
  iff: audio("audio/x-iff"),
  sph: audio("audio/x-nist-sphere"),
  mlp: audio("audio/x-mlp"),
  thd: audio("audio/x-truehd"),
  aptx: audio("audio/aptx"),
  mid: audio("audio/midi"),
  midi: audio("audio/midi"),

  mp4: video("video/mp4"),
  m4v: video("video/x-m4v"),
  mov: video("video/quicktime"),
  qt: video("video/quicktime"),
  "3gp": video("video/3gpp"),
  "3g2": video("video/3gpp2"),
  mkv: video("video/x-matroska"),
  webm: video("video/webm"),
  avi: video("video/x-msvideo"),
  flv: video("video/x-flv"),
  f4v: video("video/x-f4v"),
  mpg: video("video/mpeg"),
  mpeg: video("video/mpeg"),
  mpe: video("video/mpeg"),
  m1v: video("video/mpeg"),
  m2v: video("video/mpeg"),
  mpv: video("video/mpeg"),
  m2p: video("video/mpeg"),
  vob: video("video/mpeg"),
  mod: video("video/mpeg"),
  tod: video("video/mpeg"),
  ts: video("video/mp2t"),
  m2t: video("video/mp2t"),
  m2ts: video("video/mp2t"),
  mts: video("video/mp2t"),
  wmv: video("video/x-ms-wmv"),
  asf: video("video/x-ms-asf"),
  ogv: video("video/ogg"),
  ogx: video("application/ogg"),
  mxf: video("application/mxf"),
  nut: video("video/x-nut"),
  dv: video("video/dv"),
  y4m: video("video/x-yuv4mpeg"),
  ivf: video("video/x-ivf"),
  h264: video("video/h264"),
  "264": video("video/h264"),
  hevc: video("video/h265"),
  h265: video("video/h265"),
  "265": video("video/h265"),
  rm: video("application/vnd.rn-realmedia"),
  rmvb: video("application/vnd.rn-realmedia-vbr"),

  epub: ebook("application/epub+zip"),
  fb2: ebook("application/x-fictionbook+xml"),
  "fb2.zip": ebook("application/x-zip-compressed-fb2"),
  mobi: ebook("application/x-mobipocket-ebook"),
  prc: ebook("application/x-mobipocket-ebook"),
  azw: ebook("application/vnd.amazon.ebook"),
  azw3: ebook("application/vnd.amazon.mobi8-ebook"),
  pdb: ebook("application/vnd.palm"),

  pdf: document("application/pdf"),
  doc: document("application/msword"),
  docx: document("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
  txt: document("text/plain"),
  xml: document("application/xml"),
  json: document("application/json"),
  csv: document("text/csv"),
  html: document("text/html"),
};

/** The MIME type and group of an extension ("dds", "fb2.zip"); one not listed is a document with an x- type of its own name. */
export function fileTypeOf(extension: string): FileType {
  const ext = extension.toLowerCase();
  return TYPES[ext] ?? document(`application/x-${ext.replace(/[^a-z0-9+-]+/g, "-")}`);
}
