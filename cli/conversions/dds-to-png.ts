// DDS to PNG: one image (--level, --face, --slice), or with --all every image into a .zip or a folder.
// Large images are decoded and compressed on worker threads (../png-pool.ts).
import { mkdirSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { zipSync } from "fflate";
import { allSurfaces, zipEntryName, type SurfaceSelection } from "#codecs/dds/dds-surfaces.ts";
import { parseDds, type DdsInfo } from "#codecs/dds/index.ts";
import { joinParts } from "#codecs/png/parallel-deflate.ts";
import { ConvertError } from "../convert-error.ts";
import { writeOutput } from "../convert-io.ts";
import type { ConversionHandler } from "../handler.ts";
import { ddsToPngThreads } from "../png-pool.ts";

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

export const convert: ConversionHandler = async ({ bytes, args }) => {
  const toZip = extname(args.output).toLowerCase() === ".zip";
  if (toZip && !args.all) throw new ConvertError("A DDS file converts to a .zip only with --all (every image); give a .png name for one image.");
  const info = parseDds(bytes);
  const tone = { exposure: args.exposure, tonemap: args.tonemap };
  const selection: SurfaceSelection = { level: args.level, face: faceIndex(info, args.face), slice: args.slice };
  if (!args.all) {
    const image = await ddsToPngThreads(bytes, { ...selection, ...tone });
    writeOutput(args.output, image.png);
    return `${args.output}: ${image.width} × ${image.height} PNG from ${info.format}`;
  }
  const base = basename(args.input, extname(args.input));
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  const surfaces = allSurfaces(info);
  if (!toZip) mkdirSync(args.output, { recursive: true });
  for (const surface of surfaces) {
    const { png } = await ddsToPngThreads(bytes, { ...surface, ...tone });
    const name = zipEntryName(base, info, surface);
    if (toZip) entries[name] = [joinParts(png), { level: 0 }]; // PNG is compressed already
    else writeOutput(join(args.output, name), png);
  }
  if (toZip) writeOutput(args.output, zipSync(entries));
  return `${args.output}: ${surfaces.length} PNG image(s) from ${info.format}`;
};
