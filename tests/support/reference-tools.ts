// The independent tools that tests and benchmarks check our output with, each by its Debian path,
// and whether it is here. A test that needs a missing one is skipped (it.skipIf / describe.skipIf),
// so the run's skipped count shows it; .ci/run installs them all and fails if one is still missing.
// ImageMagick 6 by its full name: on these machines the `convert` on PATH is a stand-in.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const IMAGEMAGICK = "/usr/bin/convert-im6.q16";
export const HAVE_IMAGEMAGICK = existsSync(IMAGEMAGICK);

/** Whether a command runs and exits 0. */
function runs(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Debian's python with Pillow (python3-pil), which decodes BC6H/BC7 in DX10 DDS files independently of our codec. */
export const PYTHON = "/usr/bin/python3";
export const HAVE_PILLOW = runs(PYTHON, ["-c", "import PIL.DdsImagePlugin"]);

/** ffmpeg: a third DDS decoder, and (with libaom) the maker of the AVIF fixtures. */
export const FFMPEG = "/usr/bin/ffmpeg";
export const HAVE_FFMPEG = existsSync(FFMPEG);

/** librsvg's renderer (librsvg2-bin): a strict XML parser and an SVG renderer that is not ours. */
export const RSVG_CONVERT = "/usr/bin/rsvg-convert";
export const HAVE_RSVG = existsSync(RSVG_CONVERT);

/** poppler's pdfinfo and pdftoppm, and qpdf --check: the PDF readers that judge our PDFs. */
export const HAVE_POPPLER = existsSync("/usr/bin/pdfinfo") && existsSync("/usr/bin/pdftoppm");
export const HAVE_QPDF = existsSync("/usr/bin/qpdf");

/** icoutils' icotool: lists and extracts the images of our ICO files. */
export const ICOTOOL = "/usr/bin/icotool";
export const HAVE_ICOTOOL = existsSync(ICOTOOL);

/** FluidSynth: renders a MIDI file with the same SoundFont as our synthesizer, for reference. */
export const FLUIDSYNTH = "/usr/bin/fluidsynth";
export const HAVE_FLUIDSYNTH = existsSync(FLUIDSYNTH);

/** midicsv's csvmidi and abcmidi's abc2midi: MIDI files written by encoders that are not ours. */
export const CSVMIDI = "/usr/bin/csvmidi";
export const HAVE_CSVMIDI = existsSync(CSVMIDI);
export const ABC2MIDI = "/usr/bin/abc2midi";
export const HAVE_ABC2MIDI = existsSync(ABC2MIDI);

/** The document converters' judges (issue 15): LibreOffice is in office-fixtures.ts. */
export const PDFTOTEXT = "/usr/bin/pdftotext";
export const PDFFONTS = "/usr/bin/pdffonts";
export const ANTIWORD = "/usr/bin/antiword";
export const HAVE_ANTIWORD = existsSync(ANTIWORD);
export const CATDOC = "/usr/bin/catdoc";
export const HAVE_CATDOC = existsSync(CATDOC);

/** msoffcrypto-tool: decrypts password-protected Office files independently of our office-crypto (decision 034). */
export const MSOFFCRYPTO = "/usr/bin/msoffcrypto-tool";
export const HAVE_MSOFFCRYPTO = existsSync(MSOFFCRYPTO);
/** LibreOffice's Python-UNO bridge (python3-uno): tests/support/lo-encrypt.py saves documents with a password through it. */
export const HAVE_PYTHON_UNO = runs(PYTHON, ["-c", "import uno"]);

/** The data converter's judges: jq, csvkit's csvjson and libxml2's xmllint parse our outputs. */
export const JQ = "/usr/bin/jq";
export const HAVE_JQ = existsSync(JQ);
export const CSVJSON = "/usr/bin/csvjson";
export const HAVE_CSVKIT = existsSync(CSVJSON);
export const XMLLINT = "/usr/bin/xmllint";
export const HAVE_XMLLINT = existsSync(XMLLINT);

/** The ebook converters' judges (issue 16): pandoc and calibre write fixtures and read ours back; epubcheck checks EPUBs. */
export const PANDOC = "/usr/bin/pandoc";
export const HAVE_PANDOC = existsSync(PANDOC);
export const EBOOK_CONVERT = "/usr/bin/ebook-convert";
export const EBOOK_META = "/usr/bin/ebook-meta";
export const HAVE_CALIBRE = existsSync(EBOOK_CONVERT) && existsSync(EBOOK_META);
export const EPUBCHECK = "/usr/bin/epubcheck";
export const HAVE_EPUBCHECK = existsSync(EPUBCHECK);

/** The image corpus's judges (issue 24): libtiff's tools, libavif's and libheif's decoders, libjpeg-turbo's djpeg, exiftool. */
export const TIFFCP = "/usr/bin/tiffcp";
export const TIFF2RGBA = "/usr/bin/tiff2rgba";
export const TIFFINFO = "/usr/bin/tiffinfo";
export const HAVE_LIBTIFF_TOOLS = existsSync(TIFFCP) && existsSync(TIFF2RGBA) && existsSync(TIFFINFO);
export const AVIFENC = "/usr/bin/avifenc";
export const AVIFDEC = "/usr/bin/avifdec";
export const HAVE_LIBAVIF_TOOLS = existsSync(AVIFENC) && existsSync(AVIFDEC);
export const HEIF_CONVERT = "/usr/bin/heif-convert";
export const HAVE_HEIF_CONVERT = existsSync(HEIF_CONVERT);
export const DJPEG = "/usr/bin/djpeg";
export const CJPEG = "/usr/bin/cjpeg";
export const JPEGTRAN = "/usr/bin/jpegtran";
export const HAVE_LIBJPEG_TOOLS = existsSync(DJPEG) && existsSync(CJPEG) && existsSync(JPEGTRAN);
export const EXIFTOOL = "/usr/bin/exiftool";
export const HAVE_EXIFTOOL = existsSync(EXIFTOOL);

/** glibc's iconv: writes text in legacy encodings (Shift_JIS, Big5, KOI8-R...) that our reader must decode. */
export const ICONV = "/usr/bin/iconv";
export const HAVE_ICONV = existsSync(ICONV);

/** nginx: the reverse proxy of deploy/nginx.conf, in front of two instances in tests/scale/. */
export const NGINX = "/usr/sbin/nginx";
export const HAVE_NGINX = existsSync(NGINX);
