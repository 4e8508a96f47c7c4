// A conversion's wish to one of our mediabunny custom encoders (./scaling-encoder.ts, ./parallel-mp3.ts).
// mediabunny picks a custom encoder by asking each registered class a static question (a codec and
// a configuration), so the conversion opens its wish here before it starts, the class looks it up by
// what the configuration holds, and the conversion closes it when it ends, however it ends. The
// worker runs one call at a time (worker-bridge.ts): two open wishes never compete.

export interface EncoderRequest {
  /** set by the encoder that took the request */
  taken: boolean;
}

export class EncoderRequests<T extends EncoderRequest> {
  readonly #open = new Set<T>();

  /** Opens a request; the returned function closes it. */
  open(request: T): () => void {
    this.#open.add(request);
    return () => void this.#open.delete(request);
  }

  find(matches: (request: T) => boolean): T | undefined {
    for (const request of this.#open) if (matches(request)) return request;
    return undefined;
  }
}
