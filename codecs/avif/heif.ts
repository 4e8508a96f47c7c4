// The still-image structure of an AVIF file (HEIF, ISO/IEC 23008-12): its items, where their bytes
// are, their properties and references. Read leniently, as libheif reads: a missing 'ispe' or
// 'pixi', a non-zero 'hdlr' reserved field, a 'meta' of size 0 or properties marked non-essential
// are not reasons to refuse; only bytes that point outside the file are.
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import { AvifError } from "./errors.ts";

export interface Box {
  type: string;
  /** the box's content (after its header) */
  start: number;
  end: number;
}

export interface HeifProperty {
  type: string;
  /** the property's bytes, header included (copied as they are into a rebuilt file) */
  bytes: Uint8Array;
  essential: boolean;
}

export interface HeifItem {
  id: number;
  type: string;
  /** the item's bytes, its extents joined (idat or file) */
  data(): Uint8Array;
  properties: HeifProperty[];
  /** item references from this item: type → target ids, in order */
  refs: Map<string, number[]>;
}

export interface HeifFile {
  brands: string[];
  primaryId: number;
  items: Map<number, HeifItem>;
}

const ALPHA_URNS = new Set(["urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", "urn:mpeg:hevc:2015:auxid:1"]);

/** Reads the 'meta' box of a still AVIF (or of an image sequence that also has one). */
export function readHeif(bytes: Uint8Array, budget: WorkBudget = unlimited()): HeifFile | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const top = readBoxes(view, 0, bytes.length, budget, true);
  const ftyp = top.find((box) => box.type === "ftyp");
  const brands: string[] = [];
  if (ftyp) for (let at = ftyp.start; at + 4 <= ftyp.end; at += at === ftyp.start ? 8 : 4) brands.push(fourCC(view, at));
  const meta = top.find((box) => box.type === "meta");
  if (!meta) return undefined;
  const children = readBoxes(view, meta.start + 4, meta.end, budget, true);
  const child = (type: string) => children.find((box) => box.type === type);

  const pitm = child("pitm");
  if (!pitm) return undefined;
  const primaryId = view.getUint8(pitm.start) === 0 ? view.getUint16(pitm.start + 4) : view.getUint32(pitm.start + 4);
  const idat = child("idat");
  const types = readItemTypes(view, child("iinf"), budget);
  const locations = readLocations(view, child("iloc"), budget);
  const refs = readReferences(view, child("iref"), budget);
  const properties = readProperties(view, bytes, child("iprp"), budget);

  const items = new Map<number, HeifItem>();
  for (const [id, type] of types) {
    const location = locations.get(id);
    items.set(id, {
      id,
      type,
      properties: properties.get(id) ?? [],
      refs: refs.get(id) ?? new Map(),
      data: () => {
        if (!location) throw new AvifError(`This AVIF file is corrupt: image item ${id} has no data location.`, "corrupt");
        const source = location.idat ? (idat ? bytes.subarray(idat.start, idat.end) : new Uint8Array(0)) : bytes;
        const parts = location.extents.map(({ offset, length }) => {
          const end = length === 0 ? source.length : offset + length;
          if (offset > source.length || end > source.length) {
            throw new AvifError(`This AVIF file is truncated: the data of image item ${id} ends past the end of the file.`, "corrupt");
          }
          return source.subarray(offset, end);
        });
        if (parts.length === 1) return parts[0]!;
        const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
        let at = 0;
        for (const part of parts) {
          joined.set(part, at);
          at += part.length;
        }
        return joined;
      },
    });
  }
  return { brands, primaryId, items };
}

/** The alpha plane item of `colorId`: an 'auxl' reference to it with an alpha 'auxC'. */
export function alphaItemOf(file: HeifFile, colorId: number): HeifItem | undefined {
  for (const item of file.items.values()) {
    if (!item.refs.get("auxl")?.includes(colorId)) continue;
    const auxC = item.properties.find((property) => property.type === "auxC");
    if (!auxC) continue;
    // auxC: box header (8), version/flags (4), then a null-terminated URN
    const urn = new TextDecoder().decode(auxC.bytes.subarray(12)).split("\0")[0] ?? "";
    if (ALPHA_URNS.has(urn)) return item;
  }
  return undefined;
}

export function propertyOf(item: HeifItem, type: string): HeifProperty | undefined {
  return item.properties.find((property) => property.type === type);
}

function readItemTypes(view: DataView, iinf: Box | undefined, budget: WorkBudget): Map<number, string> {
  const types = new Map<number, string>();
  if (!iinf) return types;
  const version = view.getUint8(iinf.start);
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  for (const infe of readBoxes(view, first, iinf.end, budget, false)) {
    if (infe.type !== "infe" || infe.end - infe.start < 8) continue;
    const infeVersion = view.getUint8(infe.start);
    if (infeVersion < 2) continue; // versions 0 and 1 describe files, not images
    const id = infeVersion === 2 ? view.getUint16(infe.start + 4) : view.getUint32(infe.start + 4);
    const typeAt = infe.start + 4 + (infeVersion === 2 ? 2 : 4) + 2;
    if (typeAt + 4 > infe.end) continue;
    types.set(id, fourCC(view, typeAt));
  }
  return types;
}

interface Location {
  idat: boolean;
  extents: { offset: number; length: number }[];
}

function readLocations(view: DataView, iloc: Box | undefined, budget: WorkBudget): Map<number, Location> {
  const locations = new Map<number, Location>();
  if (!iloc) return locations;
  const reader = new FieldReader(view, iloc.start, iloc.end);
  const version = reader.u(1);
  reader.u(3);
  const sizes = reader.u(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 15;
  const more = reader.u(1);
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const count = version < 2 ? reader.u(2) : reader.u(4);
  for (let i = 0; i < count; i++) {
    budget.charge(1, tooMuchWork(budget));
    const id = version < 2 ? reader.u(2) : reader.u(4);
    const method = version === 1 || version === 2 ? reader.u(2) & 15 : 0;
    reader.u(2); // data_reference_index: 0, this file
    const base = reader.u(baseOffsetSize);
    const extentCount = reader.u(2);
    const extents: Location["extents"] = [];
    for (let e = 0; e < extentCount; e++) {
      budget.charge(1, tooMuchWork(budget));
      reader.u(indexSize);
      const offset = base + reader.u(offsetSize);
      extents.push({ offset, length: reader.u(lengthSize) });
    }
    // construction method 2 (data from other items) is not used by AVIF writers
    if (method <= 1) locations.set(id, { idat: method === 1, extents });
  }
  return locations;
}

function readReferences(view: DataView, iref: Box | undefined, budget: WorkBudget): Map<number, Map<string, number[]>> {
  const refs = new Map<number, Map<string, number[]>>();
  if (!iref) return refs;
  const wide = view.getUint8(iref.start) !== 0;
  for (const box of readBoxes(view, iref.start + 4, iref.end, budget, false)) {
    const reader = new FieldReader(view, box.start, box.end);
    const from = reader.u(wide ? 4 : 2);
    const count = reader.u(2);
    const targets: number[] = [];
    for (let i = 0; i < count; i++) targets.push(reader.u(wide ? 4 : 2));
    const byType = refs.get(from) ?? new Map<string, number[]>();
    byType.set(box.type, [...(byType.get(box.type) ?? []), ...targets]);
    refs.set(from, byType);
  }
  return refs;
}

function readProperties(view: DataView, bytes: Uint8Array, iprp: Box | undefined, budget: WorkBudget): Map<number, HeifProperty[]> {
  const byItem = new Map<number, HeifProperty[]>();
  if (!iprp) return byItem;
  const children = readBoxes(view, iprp.start, iprp.end, budget, false);
  const ipco = children.find((box) => box.type === "ipco");
  if (!ipco) return byItem;
  // property indices are 1-based; the box bytes include their 8-byte headers
  const boxes = readBoxes(view, ipco.start, ipco.end, budget, false).map((box) => ({ type: box.type, bytes: bytes.subarray(box.start - 8, box.end) }));
  for (const ipma of children.filter((box) => box.type === "ipma")) {
    const reader = new FieldReader(view, ipma.start, ipma.end);
    const version = reader.u(1);
    const flags = reader.u(3);
    const count = reader.u(4);
    for (let i = 0; i < count; i++) {
      budget.charge(1, tooMuchWork(budget));
      const id = reader.u(version < 1 ? 2 : 4);
      const associations = reader.u(1);
      const list = byItem.get(id) ?? [];
      for (let a = 0; a < associations; a++) {
        const value = flags & 1 ? reader.u(2) : reader.u(1);
        const wide = flags & 1;
        const essential = (value >> (wide ? 15 : 7)) === 1;
        const index = value & (wide ? 0x7fff : 0x7f);
        const box = boxes[index - 1];
        if (index > 0 && box) list.push({ ...box, essential });
      }
      byItem.set(id, list);
    }
  }
  return byItem;
}

/** Boxes end to end in [start, end). At the top level a box that overruns ends the list (a cut 'mdat'), inside one it is corruption. */
export function readBoxes(view: DataView, start: number, end: number, budget: WorkBudget, lenient: boolean): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    budget.charge(1, tooMuchWork(budget));
    let size = view.getUint32(at);
    const type = fourCC(view, at + 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = view.getUint32(at + 8) * 2 ** 32 + view.getUint32(at + 12);
      header = 16;
    } else if (size === 0) {
      size = end - at; // runs to the end of its container
    }
    if (size < header || at + size > end) {
      if (lenient && boxes.length > 0) break;
      throw new AvifError(`This AVIF file is truncated or corrupt: its '${printable(type)}' box claims ${size} bytes, but only ${end - at} remain.`, "corrupt");
    }
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/** Big-endian fields read in order; reading past the box is corruption. */
class FieldReader {
  private readonly view: DataView;
  private at: number;
  private readonly end: number;
  constructor(view: DataView, at: number, end: number) {
    this.view = view;
    this.at = at;
    this.end = end;
  }

  u(size: number): number {
    if (size === 0) return 0;
    if (this.at + size > this.end) throw new AvifError("This AVIF file is corrupt: one of its item tables is cut short.", "corrupt");
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + this.view.getUint8(this.at + i);
    this.at += size;
    return value;
  }
}

function tooMuchWork(budget: WorkBudget): () => AvifError {
  return () => new AvifError(`This AVIF file needs more work than this tool allows for one file (over ${budget.limit} boxes or items).`, "too-much-work");
}

export function fourCC(view: DataView, at: number): string {
  return String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
}

export function printable(code: string): string {
  return code.replace(/[^\x20-\x7e]/g, "?");
}
