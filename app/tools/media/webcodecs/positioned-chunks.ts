// The memory sink's file: mediabunny's StreamTarget hands over chunks with byte positions, mostly
// appended in order but sometimes patching bytes already written (an MP4 mdat size, Matroska's
// duration). Chunks are kept as they come and turned into one Blob at the end, so the output is
// never copied into one giant ArrayBuffer.

export class PositionedChunks {
  private readonly chunks: Uint8Array<ArrayBuffer>[] = [];
  /** start offset of each chunk, ascending, contiguous */
  private readonly starts: number[] = [];
  private end = 0;

  get size(): number {
    return this.end;
  }

  /** Writes `data` at byte `position`, overwriting earlier bytes and zero-filling any gap. */
  write(data: Uint8Array<ArrayBuffer>, position: number): void {
    if (!Number.isInteger(position) || position < 0) throw new RangeError(`Bad write position ${position}.`);
    if (position > this.end) this.append(new Uint8Array(position - this.end));
    const overlap = Math.min(data.byteLength, this.end - position);
    if (overlap > 0) this.overwrite(data.subarray(0, overlap), position);
    if (overlap < data.byteLength) this.append(overlap === 0 ? data : data.slice(overlap));
  }

  toBlob(type: string): Blob {
    return new Blob(this.chunks, { type });
  }

  private append(data: Uint8Array<ArrayBuffer>): void {
    if (data.byteLength === 0) return;
    this.chunks.push(data);
    this.starts.push(this.end);
    this.end += data.byteLength;
  }

  /** Copies `data` over bytes already held (position + length <= end). */
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

  /** The index of the chunk holding byte `position` (binary search). */
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
