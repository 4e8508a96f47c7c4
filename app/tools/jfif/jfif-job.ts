// JFIF to PNG: what the page asks the worker for and what comes back. Pure and browser-safe.

export interface JfifRequest {
  file: Blob;
}

export interface JfifResult {
  png: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}
