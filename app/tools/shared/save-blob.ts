// "Download all" and the like: a Blob made on the page handed to the browser's downloads.

/** Hands a made Blob to the browser's downloads; the URL lives a minute, long enough to be read. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
