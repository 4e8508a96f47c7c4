// SVG writers (pure TypeScript, Node and browser): embed a PNG, or trace an RGBA image into paths.
export { svgEmbeddingPng, pngSize, MAX_EMBEDDED_PNG_BYTES, PNG_BYTES_FOR_SVG_READERS } from "./embed.ts";
export {
  traceSvg,
  traceToSvg,
  TRACE_DETAILS,
  TRACE_MAX_PIXELS,
  MIN_TRACE_COLORS,
  MAX_TRACE_COLORS,
  DEFAULT_TRACE_COLORS,
  type TraceDetail,
  type TraceOptions,
  type TracedSvg,
} from "./trace.ts";
export { fitWithin } from "./downscale.ts";
export { SvgError, type SvgErrorCode } from "./errors.ts";
