// The memory sink's file: mediabunny's StreamTarget hands over chunks with byte positions, mostly
// appended in order but sometimes patching bytes already written (an MP4 mdat size, Matroska's
// sizes and cues). Recent chunks stay as arrays; every `sealBytes` they are folded into a Blob, so
// the browser's blob storage holds the output (and may page it to disk) instead of this worker's
// heap, and the output never sits in memory twice. A patch of sealed bytes splices Blob slices,
// which references the data instead of copying it.

const DEFAULT_SEAL_BYTES = 64 * 1024 * 1024;

export class PositionedChunks {
  private sealed: Blob = new Blob([]);
  private readonly chunks: Uint8Array<ArrayBuffer>[] = [];
  /** absolute start offset of each pending chunk, ascending, contiguous from sealed.size */
  private readonly starts: number[] = [];
  private end = 0;
  private readonly sealBytes: number;

  constructor(sealBytes = DEFAULT_SEAL_BYTES) {
    this.sealBytes = sealBytes;
  }

  get size(): number {
    return this.end;
  }

  /** Writes `data` at byte `position`, overwriting earlier bytes and zero-filling any gap. */
  write(data: Uint8Array<ArrayBuffer>, position: number): void {
    if (!Number.isInteger(position) || position < 0) throw new RangeError(`Bad write position ${position}.`);
    if (position > this.end) this.append(new Uint8Array(position - this.end));
    const overlap = Math.min(data.byteLength, this.end - position);
    if (overlap > 0) {
      const inSealed = Math.max(0, Math.min(overlap, this.sealed.size - position));
      if (inSealed > 0) this.patchSealed(data.slice(0, inSealed), position);
      if (inSealed < overlap) this.overwrite(data.subarray(inSealed, overlap), position + inSealed);
    }
    if (overlap < data.byteLength) this.append(overlap === 0 ? data : data.slice(overlap));
    if (this.end - this.sealed.size >= this.sealBytes) this.seal();
  }

  toBlob(type: string): Blob {
    return new Blob([this.sealed, ...this.chunks], { type });
  }

  private seal(): void {
    this.sealed = new Blob([this.sealed, ...this.chunks]);
    this.chunks.length = 0;
    this.starts.length = 0;
  }

  private patchSealed(data: Uint8Array<ArrayBuffer>, position: number): void {
    const blob = this.sealed;
    this.sealed = new Blob([blob.slice(0, position), data, blob.slice(position + data.byteLength)]);
  }

  private append(data: Uint8Array<ArrayBuffer>): void {
    if (data.byteLength === 0) return;
    this.chunks.push(data);
    this.starts.push(this.end);
    this.end += data.byteLength;
  }

  /** Copies `data` over pending bytes (sealed.size <= position, position + length <= end). */
  private overwrite(data: Uint8Array, position: number): void {
    let index = this.chunkAt(position);
    let done = 0;
    while (done < data.byteLength) {
      const chunk = this.chunks[index];
      const start = this.starts[index];
      if (chunk === undefined || start === undefined) throw new RangeError("Overwrite past the end.");
      const offset = position + done - start;
      const count = Math.min(chunk.byteLength - offset, data.byteLength - done);
      chunk.set(data.subarray(done, done + count), offset);
      done += count;
      index++;
    }
  }

  /** The index of the pending chunk holding byte `position` (binary search). */
  private chunkAt(position: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= position) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
