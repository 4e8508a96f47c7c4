// Typed access to the parts of imagetracerjs (public domain) that trace one colour layer at a time.
// We run its pipeline step by step rather than through `imagedataToSVG` so that progress is real
// (one report per layer), the palette is ours (./palette.ts) and the SVG is written by ./trace.ts.
import ImageTracer from "imagetracerjs";

export interface TracerColor {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** The subset of imagetracerjs's options our presets set (the rest keep the library's defaults). */
export interface TracerOptions {
  ltres: number;
  qtres: number;
  pathomit: number;
  rightangleenhance: boolean;
  colorsampling: number;
  numberofcolors: number;
  mincolorratio: number;
  colorquantcycles: number;
  blurradius: number;
  blurdelta: number;
  pal: TracerColor[];
}

export interface TracerImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** Palette indices with a one-pixel border of -1: `array[y + 1][x + 1]`. */
export interface IndexedImage {
  array: number[][];
  palette: TracerColor[];
}

export type TracedSegment =
  | { type: "L"; x1: number; y1: number; x2: number; y2: number }
  | { type: "Q"; x1: number; y1: number; x2: number; y2: number; x3: number; y3: number };

export interface TracedPath {
  segments: TracedSegment[];
  /** indices (in the same layer) of the holes cut out of this shape */
  holechildren: number[];
  isholepath: boolean;
}

interface ImageTracerApi {
  checkoptions(options: Partial<TracerOptions>): TracerOptions;
  colorquantization(image: TracerImage, options: TracerOptions): IndexedImage;
  layeringstep(indexed: IndexedImage, colorIndex: number): number[][];
  pathscan(layer: number[][], pathomit: number): unknown[];
  internodes(paths: unknown[], options: TracerOptions): unknown[];
  batchtracepaths(internodes: unknown[], ltres: number, qtres: number): TracedPath[];
}

export const imageTracer = ImageTracer as ImageTracerApi;

/** Traces the shapes of one palette colour (the library's sequential layering step). */
export function traceLayer(indexed: IndexedImage, colorIndex: number, options: TracerOptions): TracedPath[] {
  const edges = imageTracer.layeringstep(indexed, colorIndex);
  const paths = imageTracer.pathscan(edges, options.pathomit);
  return imageTracer.batchtracepaths(imageTracer.internodes(paths, options), options.ltres, options.qtres);
}
