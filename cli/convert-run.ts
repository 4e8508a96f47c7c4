// What `npm run convert` does once its arguments are valid: read the input, tell its kind from its
// first bytes (not its name), pick the conversion from the output's extension, and write the
// result. Every refusal is a ConvertError or a codec's typed error with a one-line message.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { zipSync } from "fflate";
import jpeg from "jpeg-js";
import { decodeDds, encodeDds, parseDds, type DdsInfo } from "../codecs/dds/index.ts";
import { encodeIco } from "../codecs/ico/index.ts";
import { padToSquare } from "../codecs/image/pad-square.ts";
import { resizeRgba } from "../codecs/image/resize.ts";
import type { RgbaImage } from "../codecs/image/rgba-image.ts";
import { decodePng, encodePng, MAX_PNG_SIDE } from "../codecs/png/index.ts";
import { allSurfaces, zipEntryName, type SurfaceSelection } from "../app/tools/dds/dds-surfaces.ts";
import type { ConvertArgs } from "./convert-args.ts";

export class ConvertError extends Error {
  override readonly name = "ConvertError";
}

type InputKind = "dds" | "png" | "jpeg";

export function inputKind(bytes: Uint8Array): InputKind | null {
  if (bytes[0] === 0x44 && bytes[1] === 0x44 && bytes[2] === 0x53 && bytes[3] === 0x20) return "dds";
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
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

function decodeJpeg(bytes: Uint8Array): RgbaImage {
  try {
    const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: (MAX_PNG_SIDE * MAX_PNG_SIDE) / 1e6, maxMemoryUsageInMB: 2048 });
    return { width: image.width, height: image.height, data: image.data };
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

/** Runs one conversion; returns the line to print. */
export function runConvert(args: ConvertArgs): string {
  const bytes = readInput(args.input);
  const kind = inputKind(bytes);
  if (!kind) throw new ConvertError(`${args.input} is not a DDS, PNG or JPEG file (its first bytes say so, whatever its name).`);
  const target = extname(args.output).toLowerCase();
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
    const square = padToSquare(decodeImage(kind, bytes));
    const icons = args.sizes.map((size) => (square.width === size ? square : resizeRgba(square, size, size)));
    write(args.output, encodeIco(icons));
    return `${args.output}: ICO file created with ${icons.length} size(s)`;
  }
  if (target === ".png" && kind === "jpeg") {
    write(args.output, encodePng(decodeJpeg(bytes)));
    return `${args.output}: PNG`;
  }
  throw new ConvertError(`Cannot convert ${kind.toUpperCase()} to "${target || args.output}": write .dds or .ico from PNG/JPEG, .png from DDS or JPEG.`);
}
