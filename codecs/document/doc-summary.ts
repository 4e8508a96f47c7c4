// The title and author from a \x05SummaryInformation property set ([MS-OLEPS]): PIDSI_TITLE and
// PIDSI_AUTHOR, 8-bit strings in the set's code page (PID 1) or UTF-16 strings. Best effort: a
// broken set gives nothing, never an error, since the text does not depend on it.

const PID_CODEPAGE = 1;
const PIDSI_TITLE = 2;
const PIDSI_AUTHOR = 4;
const VT_I2 = 0x02;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;
/** Longer titles are cut: no real title is longer, and the page shows it in one line. */
const MAX_STRING_BYTES = 4096;
const MAX_PROPERTIES = 1000;

export interface Summary {
  title?: string;
  author?: string;
}

function decoderFor(codePage: number): TextDecoder {
  const label = codePage === 65001 ? "utf-8" : codePage === 1200 ? "utf-16le" : `windows-${codePage}`;
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder("windows-1252");
  }
}

export function readSummary(stream: Uint8Array): Summary {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  try {
    if (view.getUint16(0, true) !== 0xfffe || view.getUint32(24, true) < 1) return {};
    const section = view.getUint32(44, true);
    const count = Math.min(view.getUint32(section + 4, true), MAX_PROPERTIES);
    const offsets = new Map<number, number>();
    for (let i = 0; i < count; i++) offsets.set(view.getUint32(section + 8 + i * 8, true), section + view.getUint32(section + 12 + i * 8, true));
    let codePage = 1252;
    const codePageAt = offsets.get(PID_CODEPAGE);
    if (codePageAt !== undefined && view.getUint32(codePageAt, true) === VT_I2) codePage = view.getUint16(codePageAt + 4, true);
    const text = (pid: number): string | undefined => {
      const at = offsets.get(pid);
      if (at === undefined) return undefined;
      const type = view.getUint32(at, true);
      const size = view.getUint32(at + 4, true);
      let value: string;
      if (type === VT_LPSTR) value = decoderFor(codePage).decode(stream.subarray(at + 8, at + 8 + Math.min(size, MAX_STRING_BYTES)));
      else if (type === VT_LPWSTR) value = decoderFor(1200).decode(stream.subarray(at + 8, at + 8 + Math.min(size * 2, MAX_STRING_BYTES)));
      else return undefined;
      const trimmed = value.replace(/\0[\s\S]*$/, "").trim();
      return trimmed === "" ? undefined : trimmed;
    };
    const summary: Summary = {};
    const title = text(PIDSI_TITLE);
    const author = text(PIDSI_AUTHOR);
    if (title !== undefined) summary.title = title;
    if (author !== undefined) summary.author = author;
    return summary;
  } catch (error) {
    // a RangeError from the DataView: the set is cut short
    if (error instanceof RangeError) return {};
    throw error;
  }
}
