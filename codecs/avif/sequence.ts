// The first frame of an AVIF image sequence ('avis' with no still item) as still image items, so
// rebuild.ts can wrap it like any other: the colour track's first sample and, when an 'auxl'
// track refers to it, the alpha track's first sample (moov > trak > mdia > minf > stbl).
import { unlimited, type WorkBudget } from "../common/work-budget.ts";
import { readBoxes, type Box, type HeifFile, type HeifItem, type HeifProperty } from "./heif.ts";

const ALPHA_URN = "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha";

interface Track {
  id: number;
  /** the track ids its 'auxl' reference points to */
  auxlTo: number[];
  sample: Uint8Array;
  width: number;
  height: number;
  /** the sample entry's boxes: av1C, colr... */
  entryBoxes: HeifProperty[];
}

export function firstFrameAsHeif(bytes: Uint8Array, budget: WorkBudget = unlimited()): HeifFile | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const moov = readBoxes(view, 0, bytes.length, budget, true).find((box) => box.type === "moov");
  if (!moov) return undefined;
  const tracks = readBoxes(view, moov.start, moov.end, budget, false)
    .filter((box) => box.type === "trak")
    .flatMap((trak) => {
      const track = readTrack(view, bytes, trak, budget);
      return track ? [track] : [];
    });
  const color = tracks.find((track) => track.auxlTo.length === 0);
  if (!color) return undefined;
  const items = new Map<number, HeifItem>();
  items.set(1, item(1, color, [], new Map()));
  const alpha = tracks.find((track) => track.auxlTo.includes(color.id));
  if (alpha) items.set(2, item(2, alpha, [auxC()], new Map([["auxl", [1]]])));
  return { brands: [], primaryId: 1, items };
}

function item(id: number, track: Track, extra: HeifProperty[], refs: Map<string, number[]>): HeifItem {
  return { id, type: "av01", data: () => track.sample, properties: [ispe(track.width, track.height), ...track.entryBoxes, ...extra], refs };
}

function readTrack(view: DataView, bytes: Uint8Array, trak: Box, budget: WorkBudget): Track | undefined {
  const children = readBoxes(view, trak.start, trak.end, budget, false);
  const tkhd = children.find((box) => box.type === "tkhd");
  const mdia = children.find((box) => box.type === "mdia");
  if (!tkhd || !mdia) return undefined;
  const id = view.getUint32(tkhd.start + (view.getUint8(tkhd.start) === 1 ? 20 : 12));
  const auxlTo: number[] = [];
  const tref = children.find((box) => box.type === "tref");
  if (tref) {
    for (const ref of readBoxes(view, tref.start, tref.end, budget, false)) {
      if (ref.type === "auxl") for (let at = ref.start; at + 4 <= ref.end; at += 4) auxlTo.push(view.getUint32(at));
    }
  }
  const minf = readBoxes(view, mdia.start, mdia.end, budget, false).find((box) => box.type === "minf");
  const stbl = minf && readBoxes(view, minf.start, minf.end, budget, false).find((box) => box.type === "stbl");
  if (!stbl) return undefined;
  const tables = readBoxes(view, stbl.start, stbl.end, budget, false);
  const table = (type: string) => tables.find((box) => box.type === type);
  const stsd = table("stsd");
  const stsz = table("stsz");
  const stco = table("stco") ?? table("co64");
  if (!stsd || !stsz || !stco) return undefined;
  // stsd: full box, entry count, then the first sample entry (a box)
  const [entry] = readBoxes(view, stsd.start + 8, stsd.end, budget, false);
  // VisualSampleEntry: 8 bytes of SampleEntry, 70 of visual fields (width and height at 24 and 26), then boxes
  if (!entry || entry.type !== "av01" || entry.end - entry.start < 78) return undefined;
  const width = view.getUint16(entry.start + 24);
  const height = view.getUint16(entry.start + 26);
  const boxes = readBoxes(view, entry.start + 78, entry.end, budget, false);
  // an auxiliary track says what it holds in 'auxi' (full box, then a URN): only alpha is used here
  const auxi = boxes.find((box) => box.type === "auxi");
  if (auxi && auxlTo.length > 0) {
    const urn = String.fromCharCode(...bytes.subarray(auxi.start + 4, auxi.end)).split("\0")[0];
    if (urn !== ALPHA_URN && urn !== "urn:mpeg:hevc:2015:auxid:1") return undefined;
  }
  const entryBoxes = boxes
    .filter((box) => box.type === "av1C" || box.type === "colr")
    .map((box) => ({ type: box.type, bytes: bytes.subarray(box.start - 8, box.end), essential: box.type === "av1C" }));
  // the first sample: at the first chunk's offset, of the first (or the constant) sample size
  const constantSize = view.getUint32(stsz.start + 4);
  const size = constantSize !== 0 ? constantSize : stsz.end - stsz.start >= 16 ? view.getUint32(stsz.start + 12) : 0;
  if (stco.end - stco.start < 8 + (stco.type === "co64" ? 8 : 4)) return undefined;
  const offset = stco.type === "co64" ? view.getUint32(stco.start + 8) * 2 ** 32 + view.getUint32(stco.start + 12) : view.getUint32(stco.start + 8);
  if (size === 0 || offset + size > bytes.length) return undefined;
  return { id, auxlTo, sample: bytes.subarray(offset, offset + size), width, height, entryBoxes };
}

function ispe(width: number, height: number): HeifProperty {
  const bytes = new Uint8Array(20);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 20);
  bytes.set([0x69, 0x73, 0x70, 0x65], 4); // "ispe"
  view.setUint32(12, width);
  view.setUint32(16, height);
  return { type: "ispe", bytes, essential: false };
}

function auxC(): HeifProperty {
  const urn = Uint8Array.from(`${ALPHA_URN}\0`, (c) => c.charCodeAt(0));
  const bytes = new Uint8Array(12 + urn.length);
  new DataView(bytes.buffer).setUint32(0, bytes.length);
  bytes.set([0x61, 0x75, 0x78, 0x43], 4); // "auxC"
  bytes.set(urn, 12);
  return { type: "auxC", bytes, essential: true };
}
