// A clean still AVIF holding only the primary image of a file that a strict decoder refused (the
// browser's, or libavif's in WebAssembly): one item per AV1 image (a grid's shared or repeated
// tiles each get their own), each with 'ispe', 'av1C' and 'pixi' (made from the AV1 headers when
// the file left them out), the colour's 'colr' and transform properties marked essential, a plain
// 'hdlr', and no gain map, thumbnails or metadata. The coded AV1 bytes are copied unchanged.
import { av1FrameSize, readAv1Config } from "./av1-header.ts";
import { AvifError } from "./errors.ts";
import { alphaItemOf, propertyOf, type HeifFile, type HeifItem, type HeifProperty } from "./heif.ts";

/** Properties that change how the primary image is shown, kept from the source in their order. */
const TRANSFORMS = new Set(["clap", "irot", "imir"]);

interface NewItem {
  type: string;
  data: Uint8Array;
  /** property boxes (header included) and whether each is essential */
  properties: { bytes: Uint8Array; essential: boolean }[];
  refs: { type: string; to: number[] }[];
}

export interface RebuiltAvif {
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  /** the transforms kept, in order (to apply by hand when a decoder does not) */
  transforms: HeifProperty[];
  hasAlpha: boolean;
}

export interface RebuildOptions {
  /** keep clap/irot/imir in the file (for a decoder that applies them), else only report them */
  keepTransforms?: boolean;
  /** "color": the colour image alone; "alpha": the alpha plane alone, as a grey image */
  part?: "all" | "color" | "alpha";
}

/**
 * The clean file; undefined when the primary item is not an AV1 image or grid (a HEIC, a sequence
 * with no still item), or when `part` is "alpha" and there is no alpha plane.
 */
export function rebuildPrimary(file: HeifFile, { keepTransforms = true, part = "all" }: RebuildOptions = {}): RebuiltAvif | undefined {
  const primary = file.items.get(file.primaryId);
  if (!primary || (primary.type !== "av01" && primary.type !== "grid")) return undefined;
  const alphaItem = alphaItemOf(file, primary.id);
  const alphaUsable = alphaItem !== undefined && (alphaItem.type === "av01" || alphaItem.type === "grid");
  const items: NewItem[] = [];
  const add = (item: NewItem) => items.push(item) && items.length; // 1-based ids
  // applied even when marked non-essential (MIAF requires them essential), as libavif without its strict checks does
  const transforms = primary.properties.filter((p) => TRANSFORMS.has(p.type));

  if (part === "alpha") {
    if (!alphaUsable) return undefined;
    const colorSize = ispeSize(primary);
    const alpha = addImage(file, alphaItem, items, add, colorSize);
    return { bytes: writeFile(alpha.id, items), width: alpha.width, height: alpha.height, transforms, hasAlpha: false };
  }

  const color = addImage(file, primary, items, add, undefined);
  const colourBoxes = primary.properties.filter((p) => p.type === "colr").map((p) => ({ bytes: p.bytes, essential: false }));
  const kept = keepTransforms ? transforms.map((p) => ({ bytes: p.bytes, essential: true })) : [];
  items[color.id - 1]!.properties.push(...colourBoxes, ...kept);

  let hasAlpha = false;
  if (alphaUsable && part === "all") {
    const alpha = addImage(file, alphaItem, items, add, color);
    const auxC = propertyOf(alphaItem, "auxC")!;
    const entry = items[alpha.id - 1]!;
    entry.properties.push({ bytes: auxC.bytes, essential: true });
    entry.refs.push({ type: "auxl", to: [color.id] });
    hasAlpha = true;
  }
  if (items.length > 0xffff) throw new AvifError("This AVIF image has more tiles than this tool can handle (over 65535).", "too-large");
  return { bytes: writeFile(color.id, items), width: color.width, height: color.height, transforms, hasAlpha: hasAlpha || (alphaUsable && part === "color") };
}

/** Adds an av01 or grid item (and a grid's tiles) and returns its new id and size. */
function addImage(
  file: HeifFile,
  item: HeifItem,
  items: NewItem[],
  add: (item: NewItem) => number,
  /** the colour image's size, for an alpha item that states none */
  sizeHint: { width: number; height: number } | undefined,
): { id: number; width: number; height: number } {
  if (item.type === "av01") {
    const data = item.data();
    const size = ispeSize(item) ?? av1FrameSize(data) ?? sizeHint;
    if (!size) throw new AvifError(`This AVIF file is corrupt: image item ${item.id} has no size and no AV1 sequence header.`, "corrupt");
    const id = add({ type: "av01", data, properties: av1Properties(item, size), refs: [] });
    return { id, ...size };
  }
  // grid: version, flags, rows - 1, columns - 1, output width and height (16 or 32 bits)
  const payload = item.data();
  if (payload.length < 8) throw new AvifError(`This AVIF file is corrupt: the grid of image item ${item.id} is cut short.`, "corrupt");
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const wide = (payload[1]! & 1) === 1;
  if (wide && payload.length < 12) throw new AvifError(`This AVIF file is corrupt: the grid of image item ${item.id} is cut short.`, "corrupt");
  const cells = (payload[2]! + 1) * (payload[3]! + 1);
  const width = wide ? view.getUint32(4) : view.getUint16(4);
  const height = wide ? view.getUint32(8) : view.getUint16(6);
  const tiles = item.refs.get("dimg") ?? [];
  if (tiles.length !== cells) {
    throw new AvifError(`This AVIF file is corrupt: its image grid has ${cells} cells but ${tiles.length} tiles.`, "corrupt");
  }
  const tileIds = tiles.map((tileId) => {
    const tile = file.items.get(tileId);
    if (!tile || tile.type !== "av01") throw new AvifError(`This AVIF file is corrupt: a tile of its image grid (item ${tileId}) is missing or not AV1.`, "corrupt");
    const data = tile.data();
    const size = ispeSize(tile) ?? av1FrameSize(data);
    if (!size) throw new AvifError(`This AVIF file is corrupt: tile ${tileId} of its image grid has no size.`, "corrupt");
    return add({ type: "av01", data, properties: av1Properties(tile, size), refs: [] });
  });
  const first = file.items.get(tiles[0]!)!;
  const properties = [ispe(width, height)];
  const config = propertyOf(first, "av1C");
  if (config) properties.push(pixi(config.bytes));
  const id = add({ type: "grid", data: payload, properties: properties.map((bytes) => ({ bytes, essential: false })), refs: [{ type: "dimg", to: tileIds }] });
  return { id, width, height };
}

function ispeSize(item: HeifItem): { width: number; height: number } | undefined {
  const property = propertyOf(item, "ispe");
  if (!property || property.bytes.length < 20) return undefined;
  const view = new DataView(property.bytes.buffer, property.bytes.byteOffset, property.bytes.byteLength);
  const width = view.getUint32(12);
  const height = view.getUint32(16);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function av1Properties(item: HeifItem, size: { width: number; height: number }): NewItem["properties"] {
  const config = propertyOf(item, "av1C");
  if (!config) throw new AvifError(`This AVIF file is corrupt: image item ${item.id} has no AV1 configuration ('av1C').`, "corrupt");
  return [
    { bytes: ispe(size.width, size.height), essential: false },
    { bytes: config.bytes, essential: true },
    { bytes: pixi(config.bytes), essential: false },
  ];
}

function ispe(width: number, height: number): Uint8Array {
  return box("ispe", fullBoxHeader(), u32(width), u32(height));
}

/** 'pixi' from 'av1C': one channel for monochrome, else three, at the AV1 bit depth. */
function pixi(av1C: Uint8Array): Uint8Array {
  const config = readAv1Config(av1C) ?? { bitDepth: 8, monochrome: false };
  const channels = config.monochrome ? 1 : 3;
  return box("pixi", fullBoxHeader(), Uint8Array.of(channels, ...Array.from({ length: channels }, () => config.bitDepth)));
}

/** ftyp, meta (hdlr, pitm, iinf, iloc, iref, iprp), mdat: item ids are 1..n, primary is `primaryId`. */
function writeFile(primaryId: number, items: NewItem[]): Uint8Array<ArrayBuffer> {
  const ftyp = box("ftyp", ascii("avif"), u32(0), ascii("avif"), ascii("mif1"), ascii("miaf"));
  const meta = (mdatDataStart: number) => {
    const hdlr = box("hdlr", fullBoxHeader(), u32(0), ascii("pict"), u32(0), u32(0), u32(0), Uint8Array.of(0));
    const pitm = box("pitm", fullBoxHeader(), u16(primaryId));
    const infes = items.map((item, i) => box("infe", fullBoxHeader(2), u16(i + 1), u16(0), ascii(item.type), Uint8Array.of(0)));
    const iinf = box("iinf", fullBoxHeader(), u16(items.length), ...infes);
    // iloc version 0: offset 4 bytes, length 4 bytes, no base offset; one extent per item
    let offset = mdatDataStart;
    const locations = items.map((item, i) => {
      const entry = concat(u16(i + 1), u16(0), u16(1), u32(offset), u32(item.data.length));
      offset += item.data.length;
      return entry;
    });
    const iloc = box("iloc", fullBoxHeader(), Uint8Array.of(0x44, 0x00), u16(items.length), ...locations);
    const references = items.flatMap((item, i) => item.refs.map((ref) => box(ref.type, u16(i + 1), u16(ref.to.length), ...ref.to.map(u16))));
    const iref = references.length > 0 ? box("iref", fullBoxHeader(), ...references) : new Uint8Array(0);
    const allProperties = items.flatMap((item) => item.properties);
    const ipco = box("ipco", ...allProperties.map((p) => p.bytes));
    // ipma version 0, flags 1: 16-bit associations (essential bit + 15-bit index)
    let index = 0;
    const associations = items.map((item, i) =>
      concat(u16(i + 1), Uint8Array.of(item.properties.length), ...item.properties.map((p) => u16((p.essential ? 0x8000 : 0) | ++index))),
    );
    const ipma = box("ipma", fullBoxHeader(0, 1), u32(items.length), ...associations);
    const iprp = box("iprp", ipco, ipma);
    return box("meta", fullBoxHeader(), hdlr, pitm, iinf, iloc, iref, iprp);
  };
  const metaLength = meta(0).length;
  const dataLength = items.reduce((sum, item) => sum + item.data.length, 0);
  if (ftyp.length + metaLength + 8 + dataLength > 0xffffffff) throw new AvifError("This AVIF image is too large to convert (over 4 GB of image data).", "too-large");
  const mdat = box("mdat", ...items.map((item) => item.data));
  return concat(ftyp, meta(ftyp.length + metaLength + 8), mdat);
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const content = concat(...parts);
  return concat(u32(content.length + 8), ascii(type), content);
}

function fullBoxHeader(version = 0, flags = 0): Uint8Array {
  return Uint8Array.of(version, (flags >> 16) & 255, (flags >> 8) & 255, flags & 255);
}

function u16(value: number): Uint8Array {
  return Uint8Array.of((value >> 8) & 255, value & 255);
}

function u32(value: number): Uint8Array {
  return Uint8Array.of((value >>> 24) & 255, (value >> 16) & 255, (value >> 8) & 255, value & 255);
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A grid's layout and each of its tiles as a still AVIF of its own, for decoders that refuse the grid as a whole. */
export interface TiledImage {
  width: number;
  height: number;
  columns: number;
  rows: number;
  /** row by row */
  tiles: Uint8Array<ArrayBuffer>[];
  transforms: HeifProperty[];
}

/**
 * The colour ("color") or alpha ("alpha") grid of the primary image split into one file per
 * tile; undefined when that image is not a grid. Each tile keeps its own AV1 configuration (a
 * grid whose tiles differ, which libavif does not implement, still decodes tile by tile).
 */
export function gridTiles(file: HeifFile, part: "color" | "alpha"): TiledImage | undefined {
  const primary = file.items.get(file.primaryId);
  if (!primary) return undefined;
  const item = part === "color" ? primary : alphaItemOf(file, primary.id);
  if (!item || item.type !== "grid") return undefined;
  const payload = item.data();
  if (payload.length < 8) throw new AvifError(`This AVIF file is corrupt: the grid of image item ${item.id} is cut short.`, "corrupt");
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const wide = (payload[1]! & 1) === 1;
  if (wide && payload.length < 12) throw new AvifError(`This AVIF file is corrupt: the grid of image item ${item.id} is cut short.`, "corrupt");
  const rows = payload[2]! + 1;
  const columns = payload[3]! + 1;
  const width = wide ? view.getUint32(4) : view.getUint16(4);
  const height = wide ? view.getUint32(8) : view.getUint16(6);
  const tileIds = item.refs.get("dimg") ?? [];
  if (tileIds.length !== rows * columns) throw new AvifError(`This AVIF file is corrupt: its image grid has ${rows * columns} cells but ${tileIds.length} tiles.`, "corrupt");
  const colour = part === "color" ? primary.properties.filter((p) => p.type === "colr").map((p) => ({ bytes: p.bytes, essential: false })) : [];
  const tiles = tileIds.map((tileId) => {
    const items: NewItem[] = [];
    const tile = file.items.get(tileId);
    if (!tile || tile.type !== "av01") throw new AvifError(`This AVIF file is corrupt: a tile of its image grid (item ${tileId}) is missing or not AV1.`, "corrupt");
    addImage(file, tile, items, (entry) => items.push(entry) && items.length, undefined);
    items[0]!.properties.push(...colour);
    return writeFile(1, items);
  });
  const transforms = part === "color" ? primary.properties.filter((p) => TRANSFORMS.has(p.type)) : [];
  return { width, height, columns, rows, tiles, transforms };
}
