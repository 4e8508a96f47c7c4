// JFIF to PNG: what the page asks the worker for and what comes back. Pure and browser-safe.

export interface JfifRequest {
  file: Blob;
  /** the most threads for the PNG output (../shared/thread-cap.ts; 1: this worker alone; unset: the device's cores) */
  threads?: number;
}

export interface JfifResult {
  png: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}
