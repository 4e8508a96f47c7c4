// Outputs written to the origin-private file system carry a marker file ("<name>.incomplete") while
// they are written. A worker terminated mid-conversion (Cancel) leaves both behind; the next
// conversion calls clearStaleOpfsOutputs first and removes them. Finished outputs are left alone:
// the page may still hold their disk-backed File.

export const INCOMPLETE_SUFFIX = ".incomplete";

/** The directory operations used here (the DOM typings lack async iteration of a directory). */
interface OpfsDirectory {
  keys(): AsyncIterable<string>;
  removeEntry(name: string): Promise<void>;
}

/** Removes every half-written output (and its marker) from `root`; returns the names removed. */
export async function clearStaleOpfsOutputs(root: FileSystemDirectoryHandle): Promise<string[]> {
  const directory = root as unknown as OpfsDirectory;
  const markers: string[] = [];
  for await (const name of directory.keys()) if (name.endsWith(INCOMPLETE_SUFFIX)) markers.push(name);
  const removed: string[] = [];
  for (const marker of markers) {
    const output = marker.slice(0, -INCOMPLETE_SUFFIX.length);
    // the output may not exist yet: the marker is made first
    await directory.removeEntry(output).then(
      () => removed.push(output),
      () => undefined,
    );
    await directory.removeEntry(marker).catch(() => undefined);
  }
  return removed;
}
