// Edits of a LibreOffice .doc for the legacy Word reader's tests (issue 15). LibreOffice writes the
// whole text as one UTF-16 piece and never encrypts a .doc headless, so the other cases Word
// produces (several pieces, 8-bit "compressed" pieces, the encrypted flag, Word 95's nFib) are made
// by editing its file here, with cfb writing the container again; antiword, which reads the edited
// file independently of our reader, is the judge of what the edits mean.
import * as CFB from "cfb";

const FC_CLX = 154 + 33 * 8;

function open(doc: Uint8Array): { container: CFB.CFB$Container; word: Uint8Array; table: Uint8Array; tableName: string } {
  const container = CFB.read(doc, { type: "buffer" });
  const word = Uint8Array.from(CFB.find(container, "WordDocument")!.content);
  const tableName = (word[11]! & 0x02) !== 0 ? "1Table" : "0Table";
  const table = Uint8Array.from(CFB.find(container, tableName)!.content);
  return { container, word, table, tableName };
}

function replace(container: CFB.CFB$Container, name: string, content: Uint8Array): void {
  const entry = CFB.find(container, name)!;
  entry.content = content;
  entry.size = content.length;
}

function save(container: CFB.CFB$Container): Uint8Array {
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
}

/** The document with its WordDocument stream's FIB edited by `edit` (a copy of the stream). */
export function editFib(doc: Uint8Array, edit: (fib: DataView) => void): Uint8Array {
  const { container, word } = open(doc);
  edit(new DataView(word.buffer, word.byteOffset, word.byteLength));
  replace(container, "WordDocument", word);
  return save(container);
}

/**
 * The document with its single UTF-16 piece split in three: CPs [0, from) and [to, end) stay where
 * they are, CPs [from, to) become an 8-bit piece holding `bytes` (to - from of them, Word's
 * compressed cp1252) appended to the WordDocument stream. A new piece table is appended to the table
 * stream and the FIB pointed at it. With `grpprl`, the 8-bit piece also gets those property changes
 * (a Prc of the piece table, as Word's fast saves write them).
 */
export function splitIntoPieces(doc: Uint8Array, from: number, bytes: Uint8Array, grpprl?: Uint8Array): Uint8Array {
  const { container, word, table, tableName } = open(doc);
  const view = new DataView(word.buffer);
  const clx = view.getUint32(FC_CLX, true);
  const tableView = new DataView(table.buffer);
  if (table[clx] !== 0x02) throw new Error("expected a piece table without Prc entries");
  const count = (tableView.getUint32(clx + 1, true) - 4) / 12;
  if (count !== 1) throw new Error(`expected one piece, found ${count}`);
  const end = tableView.getUint32(clx + 5 + 4, true);
  const pcd = clx + 5 + 8;
  const fc = tableView.getUint32(pcd + 2, true);
  if ((fc & 0x40000000) !== 0) throw new Error("expected a UTF-16 piece");
  const to = from + bytes.length;

  const newWord = new Uint8Array(word.length + bytes.length);
  newWord.set(word);
  newWord.set(bytes, word.length);
  const compressedFc = ((word.length * 2) | 0x40000000) >>> 0;

  const cps = [0, from, to, end];
  const fcs = [fc, compressedFc, fc + to * 2];
  const plc = new Uint8Array(cps.length * 4 + fcs.length * 8);
  const plcView = new DataView(plc.buffer);
  cps.forEach((cp, i) => plcView.setUint32(i * 4, cp, true));
  fcs.forEach((value, i) => {
    const at = cps.length * 4 + i * 8;
    plcView.setUint16(at, tableView.getUint16(pcd, true), true);
    plcView.setUint32(at + 2, value, true);
    // Prm1 (fComplex) pointing at Prc 0 for the 8-bit piece
    plcView.setUint16(at + 6, i === 1 && grpprl ? 1 : tableView.getUint16(pcd + 6, true), true);
  });
  const prc = grpprl ? Uint8Array.of(0x01, grpprl.length & 0xff, grpprl.length >> 8, ...grpprl) : new Uint8Array(0);
  const newClx = new Uint8Array(prc.length + 5 + plc.length);
  newClx.set(prc);
  newClx[prc.length] = 0x02;
  new DataView(newClx.buffer).setUint32(prc.length + 1, plc.length, true);
  newClx.set(plc, prc.length + 5);
  const newTable = new Uint8Array(table.length + newClx.length);
  newTable.set(table);
  newTable.set(newClx, table.length);

  const newView = new DataView(newWord.buffer);
  newView.setUint32(FC_CLX, table.length, true);
  newView.setUint32(FC_CLX + 4, newClx.length, true);
  replace(container, "WordDocument", newWord);
  replace(container, tableName, newTable);
  return save(container);
}

/**
 * The document with its WordDocument stream starting at a sector past the file's end whose FAT
 * entry points at itself: a chain that never ends (cfb 1.2.2 loops on it for ever).
 */
export function loopingChain(doc: Uint8Array): Uint8Array {
  const bytes = doc.slice();
  const view = new DataView(bytes.buffer);
  const sectorSize = 1 << view.getUint16(30, true);
  const sectorCount = Math.ceil((bytes.length - sectorSize) / sectorSize);
  const looping = sectorCount + 2;
  const firstFat = view.getUint32(76, true);
  if (looping >= sectorSize / 4) throw new Error("the file is too long for a loop in its first FAT sector");
  view.setUint32((firstFat + 1) * sectorSize + looping * 4, looping, true);
  const entry = Buffer.from(bytes).indexOf(Buffer.from("WordDocument\0", "utf16le"));
  if (entry < 0) throw new Error("no WordDocument directory entry");
  view.setUint32(entry + 116, looping, true);
  return bytes;
}

/** The document with a piece table of `count` pieces that all point at the same text (a hostile file). */
export function repeatedPieces(doc: Uint8Array, count: number): Uint8Array {
  const { container, word, table, tableName } = open(doc);
  const view = new DataView(word.buffer);
  const clx = view.getUint32(FC_CLX, true);
  const tableView = new DataView(table.buffer);
  const length = tableView.getUint32(clx + 5 + 4, true);
  const pcd = clx + 5 + 8;
  const plc = new DataView(new ArrayBuffer((count + 1) * 4 + count * 8));
  for (let i = 0; i <= count; i++) plc.setUint32(i * 4, i * length, true);
  for (let i = 0; i < count; i++) {
    const at = (count + 1) * 4 + i * 8;
    plc.setUint16(at, tableView.getUint16(pcd, true), true);
    plc.setUint32(at + 2, tableView.getUint32(pcd + 2, true), true);
  }
  const newClx = new Uint8Array(5 + plc.byteLength);
  newClx[0] = 0x02;
  new DataView(newClx.buffer).setUint32(1, plc.byteLength, true);
  newClx.set(new Uint8Array(plc.buffer), 5);
  const newTable = new Uint8Array(table.length + newClx.length);
  newTable.set(table);
  newTable.set(newClx, table.length);
  view.setUint32(FC_CLX, table.length, true);
  view.setUint32(FC_CLX + 4, newClx.length, true);
  replace(container, "WordDocument", word);
  replace(container, tableName, newTable);
  return save(container);
}
