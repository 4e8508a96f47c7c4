// The names finished outputs get when there are several: each row's download and the entries of
// "Download all" are unique within the list ("a.png", "a (2).png").
import type { BatchRow } from "./file-tool-batch.ts";
import { outputFileName } from "./file-names.ts";
import type { FileToolResult } from "./file-tool-types.ts";
import { uniqueNames, type ZipItem } from "./file-tool-zip.ts";

type Finished<R> = { row: BatchRow<R>; result: R };

/** Row id → its download name, unique among the finished rows (in list order). */
export function downloadNames<R extends FileToolResult>(done: readonly Finished<R>[]): Map<number, string> {
  const names = uniqueNames(done.map(({ result }) => result.fileName));
  return new Map(done.map(({ row }, i) => [row.id, names[i]!]));
}

/**
 * The entries of "Download all": an output file under its (unique) name, or, for a tool that made
 * several files from one input, a folder named after the input's base name holding them.
 */
export async function zipItems<R extends FileToolResult>(done: readonly Finished<R>[]): Promise<ZipItem[]> {
  const names = uniqueNames(done.map(({ row, result }) => (result.files ? outputFileName(row.file.name, "") : result.fileName)));
  const items: ZipItem[] = [];
  for (const [i, { result }] of done.entries()) {
    const name = names[i]!;
    if (!result.files) {
      items.push({ kind: "file", name, blob: result.blob });
      continue;
    }
    const files = typeof result.files === "function" ? await result.files() : result.files;
    items.push({ kind: "folder", name, files });
  }
  return items;
}
