import { damaged } from "./doc-bytes.ts";

// The OLE compound file ([MS-CFB]) around a .doc: sectors, the FAT that chains them, the directory
// and the mini stream that holds small streams. Written here rather than taken from the cfb
// package because its 1.2.2 reader follows a FAT chain without checking for a loop when a stream
// starts past the file's last sector (a 14 KB file kept it busy until memory ran out): every chain
// here is walked with a visited set, so any file is read or refused in one pass over its sectors.

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEADER_DIFAT_ENTRIES = 109;
const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const NOSTREAM = 0xffffffff;
const DIRECTORY_ENTRY = 128;
const MINI_SECTOR = 64;
const TYPE_STORAGE = 1;
const TYPE_STREAM = 2;
const TYPE_ROOT = 5;

/** The root-level streams of a compound file, by name. */
export interface CompoundFile {
  stream(name: string): Uint8Array | undefined;
  /** whether the file has this root-level entry (stream or storage) */
  has(name: string): boolean;
}

interface Entry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

export function isCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** The sectors of the chain starting at `start`, each once: a loop or a bad link is "damaged". */
function chain(start: number, table: Uint32Array, limit: number): number[] {
  const sectors: number[] = [];
  const seen = new Set<number>();
  for (let sector = start; sector !== ENDOFCHAIN; sector = table[sector]!) {
    if (sector >= limit || sector >= table.length || seen.has(sector)) throw damaged("its container has a broken sector chain");
    seen.add(sector);
    sectors.push(sector);
  }
  return sectors;
}

export function openCompoundFile(bytes: Uint8Array): CompoundFile {
  if (!isCompoundFile(bytes)) throw damaged("it is not an OLE compound file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(30, true);
  if (shift !== 9 && shift !== 12) throw damaged("its container declares an unknown sector size");
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorCount = Math.ceil((bytes.length - sectorSize) / sectorSize);
  if (sectorCount <= 0) throw damaged("its container is cut short");

  const sectorAt = (sector: number): number => {
    if (sector >= sectorCount) throw damaged("its container points past its end");
    return (sector + 1) * sectorSize;
  };
  const word = (offset: number): number => (offset + 4 <= bytes.length ? view.getUint32(offset, true) : ENDOFCHAIN);

  // the FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) {
    const sector = view.getUint32(76 + i * 4, true);
    if (sector !== FREESECT) fatSectors.push(sector);
  }
  const seenDifat = new Set<number>();
  for (let sector = view.getUint32(68, true); sector < sectorCount && !seenDifat.has(sector); ) {
    seenDifat.add(sector);
    const at = sectorAt(sector);
    for (let i = 0; i < perSector - 1; i++) {
      const fat = word(at + i * 4);
      if (fat !== FREESECT) fatSectors.push(fat);
    }
    sector = word(at + (perSector - 1) * 4);
  }
  if (fatSectors.length > sectorCount) throw damaged("its container lists more FAT sectors than it has");
  const fat = new Uint32Array(fatSectors.length * perSector);
  fatSectors.forEach((sector, i) => {
    const at = sectorAt(sector);
    for (let j = 0; j < perSector; j++) fat[i * perSector + j] = word(at + j * 4);
  });

  const read = (start: number, size: number): Uint8Array => {
    // checked before allocating: a directory entry may claim 4 GB
    if (size > sectorCount * sectorSize) throw damaged("a stream of its container is longer than the file");
    const out = new Uint8Array(size);
    let filled = 0;
    for (const sector of chain(start, fat, sectorCount)) {
      if (filled >= size) break;
      const at = sectorAt(sector);
      const part = bytes.subarray(at, Math.min(at + sectorSize, bytes.length, at + size - filled));
      out.set(part, filled);
      filled += part.length;
    }
    if (filled < size) throw damaged("a stream of its container is cut short");
    return out;
  };

  const directorySectors = chain(view.getUint32(48, true), fat, sectorCount);
  const entries: Entry[] = [];
  for (const sector of directorySectors) {
    const base = sectorAt(sector);
    for (let at = base; at + DIRECTORY_ENTRY <= base + sectorSize && at + DIRECTORY_ENTRY <= bytes.length; at += DIRECTORY_ENTRY) {
      const nameLength = Math.min(view.getUint16(at + 64, true), 64);
      let name = "";
      for (let i = 0; i + 2 < nameLength; i += 2) name += String.fromCharCode(view.getUint16(at + i, true));
      entries.push({
        name,
        type: bytes[at + 66]!,
        left: view.getUint32(at + 68, true),
        right: view.getUint32(at + 72, true),
        child: view.getUint32(at + 76, true),
        start: view.getUint32(at + 116, true),
        // version 3 files may leave garbage in the size's high half: only the low half counts
        size: view.getUint32(at + 120, true),
      });
    }
  }
  const root = entries[0];
  if (!root || root.type !== TYPE_ROOT) throw damaged("its container has no root directory");

  // the root's children: a binary tree of siblings, walked without recursion and each node once
  const children = new Map<string, Entry>();
  const seenEntries = new Set<number>();
  const pending = [root.child];
  while (pending.length > 0) {
    const index = pending.pop()!;
    if (index === NOSTREAM || seenEntries.has(index)) continue;
    const entry = entries[index];
    if (!entry) throw damaged("its container's directory points past its end");
    seenEntries.add(index);
    if (entry.type === TYPE_STREAM || entry.type === TYPE_STORAGE) children.set(entry.name.toLowerCase(), entry);
    pending.push(entry.left, entry.right);
  }

  const cutoff = view.getUint32(56, true);
  let miniStream: Uint8Array | undefined;
  let miniFat: Uint32Array | undefined;
  const mini = (): { stream: Uint8Array; fat: Uint32Array } => {
    miniStream ??= read(root.start, root.size);
    if (!miniFat) {
      const sectors = chain(view.getUint32(60, true), fat, sectorCount);
      miniFat = new Uint32Array(sectors.length * perSector);
      sectors.forEach((sector, i) => {
        const at = sectorAt(sector);
        for (let j = 0; j < perSector; j++) miniFat![i * perSector + j] = word(at + j * 4);
      });
    }
    return { stream: miniStream, fat: miniFat };
  };

  return {
    has: (name) => children.has(name.toLowerCase()),
    stream: (name) => {
      const entry = children.get(name.toLowerCase());
      if (!entry || entry.type !== TYPE_STREAM) return undefined;
      if (entry.size === 0) return new Uint8Array(0);
      if (entry.size >= cutoff) return read(entry.start, entry.size);
      const { stream, fat: table } = mini();
      if (entry.size > stream.length) throw damaged(`its ${name.replace(/^\W/, "")} stream is longer than the file`);
      const out = new Uint8Array(entry.size);
      let filled = 0;
      for (const sector of chain(entry.start, table, Math.floor(stream.length / MINI_SECTOR))) {
        if (filled >= entry.size) break;
        const part = stream.subarray(sector * MINI_SECTOR, Math.min((sector + 1) * MINI_SECTOR, sector * MINI_SECTOR + entry.size - filled));
        out.set(part, filled);
        filled += part.length;
      }
      if (filled < entry.size) throw damaged(`its ${name.replace(/^\W/, "")} stream is cut short`);
      return out;
    },
  };
}
