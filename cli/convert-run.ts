// What `npm run convert` does once its arguments are valid: read the input, tell its kind from its
// first bytes (not its name), pick the conversion from the output's extension (DDS to PNG; PNG/JPEG
// to DDS, ICO or PNG; TIFF and PSB to PDF), and write the result. Every refusal is a ConvertError or a codec's typed error with a one-line message.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { zipSync } from "fflate";
import { decodeDds, encodeDds, parseDds, type DdsInfo } from "../codecs/dds/index.ts";
import type { RgbaImage } from "../codecs/image/rgba-image.ts";
import { psbToPdf, tiffToPdf } from "../codecs/pdf/images-to-pdf.ts";
import { decodeJpegPixels } from "../codecs/jpeg/decode.ts";
import { decodePng, encodePng } from "../codecs/png/index.ts";
import { allSurfaces, zipEntryName, type SurfaceSelection } from "../app/tools/dds/dds-surfaces.ts";
import { buildIco } from "../app/tools/ico/ico-build.ts";
import { sniffImage } from "../app/tools/image-common/image-sniff.ts";
import type { ConvertArgs } from "./convert-args.ts";

export class ConvertError extends Error {
  override readonly name = "ConvertError";
}

type InputKind = "dds" | "png" | "jpeg" | "tiff" | "psb";

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

export function inputKind(bytes: Uint8Array): InputKind | null {
  if (startsWith(bytes, 0x44, 0x44, 0x53, 0x20)) return "dds";
  const image = sniffImage(bytes);
  if (image) return image;
  // classic (42) and BigTIFF (43), either byte order
  if (startsWith(bytes, 0x49, 0x49) && (bytes[2] === 42 || bytes[2] === 43) && bytes[3] === 0) return "tiff";
  if (startsWith(bytes, 0x4d, 0x4d, 0) && (bytes[3] === 42 || bytes[3] === 43)) return "tiff";
  if (startsWith(bytes, 0x38, 0x42, 0x50, 0x53)) return "psb"; // "8BPS": PSB, and PSD too
  return null;
}

/** The input's name in messages: a Photoshop file is a PSD (version 1) or a PSB (version 2, the large document format). */
function kindName(kind: InputKind, bytes: Uint8Array): string {
  if (kind === "psb") return bytes[4] === 0 && bytes[5] === 1 ? "PSD" : "PSB";
  return kind.toUpperCase();
}

function readInput(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConvertError(`Cannot read ${path}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (code ?? "unreadable")}.`);
  }
}

function write(path: string, bytes: Uint8Array): void {
  try {
    writeFileSync(path, bytes);
  } catch (error) {
    throw new ConvertError(`Cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? "write failed"}.`);
  }
}

/** A JPEG's pixels, turned upright as its EXIF Orientation says (as browsers show it). */
function decodeJpeg(bytes: Uint8Array): RgbaImage {
  try {
    return decodeJpegPixels(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unreadable data";
    throw new ConvertError(`This JPEG file cannot be decoded (${reason.replace(/\.$/, "")}).`);
  }
}

function decodeImage(kind: InputKind, bytes: Uint8Array): RgbaImage {
  if (kind === "png") return decodePng(bytes);
  if (kind === "jpeg") return decodeJpeg(bytes);
  throw new ConvertError("This conversion takes a PNG or JPEG image, not a DDS file.");
}

/** The cube face index for "+X".."-Z" or a number, checked against the file. */
function faceIndex(info: DdsInfo, face: number | string): number {
  if (typeof face === "number") return face;
  const index = info.faceNames.indexOf(face);
  if (index < 0) {
    const has = info.faceNames.length > 0 ? `it holds ${info.faceNames.join(", ")}` : "it is not a cubemap";
    throw new ConvertError(`This DDS file has no cube face ${face}: ${has}.`);
  }
  return index;
}

function ddsToPng(bytes: Uint8Array, args: ConvertArgs): string {
  const info = parseDds(bytes);
  const tone = { exposure: args.exposure, tonemap: args.tonemap };
  const selection: SurfaceSelection = { level: args.level, face: faceIndex(info, args.face), slice: args.slice };
  if (!args.all) {
    const image = decodeDds(bytes, { ...selection, ...tone });
    write(args.output, encodePng(image));
    return `${args.output}: ${image.width} × ${image.height} PNG from ${info.format}`;
  }
  const base = basename(args.input, extname(args.input));
  const toZip = extname(args.output).toLowerCase() === ".zip";
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  const surfaces = allSurfaces(info);
  if (!toZip) mkdirSync(args.output, { recursive: true });
  for (const surface of surfaces) {
    const png = encodePng(decodeDds(bytes, { ...surface, ...tone }));
    const name = zipEntryName(base, info, surface);
    if (toZip) entries[name] = [png, { level: 0 }]; // PNG is compressed already
    else write(join(args.output, name), png);
  }
  if (toZip) write(args.output, zipSync(entries));
  return `${args.output}: ${surfaces.length} PNG image(s) from ${info.format}`;
}

async function toPdf(kind: "tiff" | "psb", bytes: Uint8Array, args: ConvertArgs): Promise<string> {
  const title = basename(args.input);
  const { pdf, pages } = kind === "tiff" ? await tiffToPdf(bytes, { title }) : await psbToPdf(bytes, { title });
  write(args.output, pdf);
  return `${args.output}: PDF with ${pages.length} page(s)`;
}

/** Runs one conversion; returns the line to print. */
export async function runConvert(args: ConvertArgs): Promise<string> {
  const bytes = readInput(args.input);
  const kind = inputKind(bytes);
  if (!kind) throw new ConvertError(`${args.input} is not a DDS, PNG, JPEG, TIFF or PSB file (its first bytes say so, whatever its name).`);
  const target = extname(args.output).toLowerCase();
  if (kind === "tiff" || kind === "psb") {
    if (target !== ".pdf") throw new ConvertError(`A ${kindName(kind, bytes)} file converts to .pdf, not to "${target || args.output}".`);
    return toPdf(kind, bytes, args);
  }
  if (kind === "dds") {
    if (target !== ".png" && !(args.all && (target === ".zip" || target === ""))) {
      throw new ConvertError(`A DDS file converts to .png (or, with --all, to a .zip or a folder), not to "${target || args.output}".`);
    }
    return ddsToPng(bytes, args);
  }
  if (target === ".dds") {
    const dds = encodeDds(decodeImage(kind, bytes), { format: args.format, quality: args.quality, mipmaps: args.mips });
    write(args.output, dds);
    return `${args.output}: ${args.format.toUpperCase()} DDS${args.mips ? " with mipmaps" : ""}`;
  }
  if (target === ".ico") {
    const { ico, icons } = buildIco(decodeImage(kind, bytes), args.sizes);
    write(args.output, ico);
    return `${args.output}: ICO file created with ${icons.length} size(s)`;
  }
  if (target === ".png" && kind === "jpeg") {
    write(args.output, encodePng(decodeJpeg(bytes)));
    return `${args.output}: PNG`;
  }
  throw new ConvertError(`Cannot convert ${kindName(kind, bytes)} to "${target || args.output}": write .dds or .ico from PNG/JPEG, .png from DDS or JPEG.`);
}
