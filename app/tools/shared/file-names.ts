// Names and sizes shown by the file tools (pure, browser-safe).

/**
 * The output's file name: the input's base name (everything before the last dot) plus the new
 * extension. "photo.final.dds" + "png" → "photo.final.png"; "README" + ".txt" → "README.txt".
 * A leading dot is not an extension (".dds" keeps its whole name); an empty base becomes "converted".
 */
export function outputFileName(inputName: string, newExtension: string): string {
  const name = inputName.split(/[\\/]/).pop()?.trim() ?? "";
  const lastDot = name.lastIndexOf(".");
  const base = lastDot > 0 ? name.slice(0, lastDot) : name;
  const extension = newExtension.replace(/^\.+/, "");
  const stem = base === "" ? "converted" : base;
  return extension === "" ? stem : `${stem}.${extension}`;
}

const UNITS = ["KB", "MB", "GB", "TB"];

/** "0 bytes", "1 byte", "512 bytes", "1.5 KB", "12.3 MB", "4 GB", "640 KB" (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${Math.round(bytes)} bytes`;
  let value = bytes;
  let unit = "B";
  for (const next of UNITS) {
    value /= 1024;
    unit = next;
    if (value < 1024) break;
  }
  return `${Number(value.toFixed(value < 100 ? 1 : 0))} ${unit}`;
}
