// Types for the parts of @ffmpeg/core 0.12.10 (an Emscripten build of FFmpeg n5.1.4, no types of its
// own) that ./ffmpeg-engine.ts and the CLI (cli/media-core.ts) use.
declare module "@ffmpeg/core" {
  export interface FfmpegLogEntry {
    type: "stdout" | "stderr";
    message: string;
  }

  export interface EmscriptenStream {
    readonly position: number;
  }

  export interface EmscriptenFs {
    mkdir(path: string): void;
    rmdir(path: string): void;
    unlink(path: string): void;
    mount(type: unknown, options: { blobs?: { name: string; data: Blob }[]; files?: File[] }, mountpoint: string): void;
    unmount(mountpoint: string): void;
    stat(path: string): { size: number };
    /** `canOwn`: MEMFS keeps `data` itself instead of a copy (the CLI's input) */
    writeFile(path: string, data: Uint8Array, options?: { canOwn?: boolean }): void;
    /** a copy of the whole file */
    readFile(path: string): Uint8Array<ArrayBuffer>;
    analyzePath(path: string): { exists: boolean };
    open(path: string, flags: string): EmscriptenStream;
    read(stream: EmscriptenStream, buffer: Uint8Array, offset: number, length: number, position?: number): number;
    close(stream: EmscriptenStream): void;
    filesystems: { MEMFS: unknown; WORKERFS: unknown };
  }

  export interface FfmpegCore {
    FS: EmscriptenFs;
    /** runs `ffmpeg -nostdin -y ...args`; returns ffmpeg's exit code */
    exec(...args: string[]): number;
    /** clears the exit code and timeout between runs */
    reset(): void;
    setLogger(logger: (entry: FfmpegLogEntry) => void): void;
    /** `time`: the output's position in microseconds */
    setProgress(handler: (event: { progress: number; time: number }) => void): void;
    /** @ffmpeg/core-mt only: its thread workers */
    PThread?: { terminateAllThreads(): void };
  }

  export interface FfmpegCoreOptions {
    /** Emscripten's hook: instantiate the wasm ourselves (streaming, with progress) and hand over the instance */
    instantiateWasm?(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object;
    /**
     * @ffmpeg/core-mt only: the core's script URL, then `#` and base64 JSON `{ wasmURL, workerURL }`:
     * its pthread workers import the script from there and its locateFile reads the two URLs
     */
    mainScriptUrlOrBlob?: string;
  }

  export default function createFFmpegCore(options?: FfmpegCoreOptions): Promise<FfmpegCore>;
}
