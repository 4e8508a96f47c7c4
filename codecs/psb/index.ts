// PSB/PSD reader: the picture of a Photoshop file as 8-bit RGBA, with its resolution and notes on
// what could not be kept. The composite (merged) image is read by ./composite.ts in every colour
// mode; when the file says its composite is a stand-in (saved without "Maximize compatibility"),
// or it is blank while its layers are not, the picture is rebuilt from the layers
// (./render-layers.ts). The composite's first extra channel is its transparency only when the
// layer count is negative (or the file has no layers at all); with layers, extra channels are alpha
// (selection) or spot channels. Every failure is a PsbError.
import type { RgbaImage } from "../image/rgba-image.ts";
import { WorkBudget } from "../common/work-budget.ts";
import { checkModeSupported, colourChannelCount } from "./colour.ts";
import { decodeComposite } from "./composite.ts";
import { PsbError } from "./errors.ts";
import { readLayers, type LayerList } from "./layers.ts";
import { mattesWithWhite } from "./matte.ts";
import { renderLayers, type RenderedLayers } from "./render-layers.ts";
import { ColorMode, colorModeName, readPsbStructure, type PsbStructure } from "./structure.ts";

export { PsbError, type PsbErrorCode } from "./errors.ts";
export { DEFAULT_DPI, MAX_DECODED_BYTES, MAX_SIDE, readPsbStructure, type PsbStructure } from "./structure.ts";

export interface PsbComposite extends RgbaImage {
  data: Uint8Array;
  format: "PSB" | "PSD";
  /** pixels per inch, 72 when the file does not say */
  dpiX: number;
  dpiY: number;
  colorMode: string;
  bitsPerChannel: number;
  /** what the picture could not keep, in plain words for the visitor (empty when nothing was lost) */
  notes: string[];
  /** where the picture came from: the file's composite image, or its layers drawn by us */
  source: "composite" | "layers";
}

export interface DecodePsbOptions {
  /** counts the work (samples decoded, layer pixels drawn); past its limit the file is refused ("too-much-work") */
  budget?: WorkBudget;
}

/** Refuses what is really unsupported or inconsistent, naming it. */
function checkSupported(info: PsbStructure): void {
  const kind = info.format;
  checkModeSupported(info.colorMode, colourChannelCount(info.colorMode, info.channels), kind);
  if (info.colorMode === ColorMode.Bitmap && info.bitsPerChannel !== 1) throw new PsbError(`This ${kind} file is corrupt: a Bitmap image must have 1 bit per pixel.`, "corrupt");
  if (info.colorMode !== ColorMode.Bitmap && info.bitsPerChannel === 1) throw new PsbError(`This ${kind} file is corrupt: only Bitmap images have 1 bit per pixel.`, "corrupt");
  if (info.colorMode === ColorMode.Indexed && info.bitsPerChannel !== 8) throw new PsbError(`This ${kind} file is corrupt: an indexed-colour image must have 8 bits per pixel.`, "corrupt");
  if (info.colorMode === ColorMode.Indexed && info.colorModeData.end - info.colorModeData.start < 768) throw new PsbError(`This ${kind} file is corrupt: its indexed-colour image has no colour palette.`, "corrupt");
  const colours = colourChannelCount(info.colorMode, info.channels);
  if (info.channels < colours) throw new PsbError(`This ${kind} file is corrupt: a ${colorModeName(info.colorMode)} image needs ${colours} channels, it has ${info.channels}.`, "corrupt");
}

function modeNotes(info: PsbStructure): string[] {
  if (info.colorMode === ColorMode.CMYK) return ["CMYK colours were converted to RGB without the file's colour profile."];
  if (info.colorMode === ColorMode.Lab) return ["Lab colours were converted to RGB (sRGB) without the file's colour profile."];
  if (info.colorMode === ColorMode.Duotone) return ["The Duotone inks were not applied: the picture is shown in shades of grey."];
  return [];
}

/** Decodes the picture (limits and truncation checked first, by ./structure.ts). */
export function decodePsb(bytes: Uint8Array, options: DecodePsbOptions = {}): PsbComposite {
  const info = readPsbStructure(bytes);
  checkSupported(info);
  // work units: samples decoded, charged before anything is allocated
  // without a caller's budget: decoding plus drawing every layer and group a few dozen times over
  // the document is far more than real files need, and keeps a file of many thousand groups finite
  const budget = options.budget ?? new WorkBudget(64 * (info.channels + 4) * info.width * info.height + 2 ** 28);
  budget.charge(info.channels * info.width * info.height, () => new PsbError(`This ${info.format} file needs more work than this tool allows for one file (over ${budget.limit} samples).`, "too-much-work"));
  const result = (data: Uint8Array, notes: string[], source: PsbComposite["source"]): PsbComposite => ({
    format: info.format,
    width: info.width,
    height: info.height,
    data,
    dpiX: info.dpiX,
    dpiY: info.dpiY,
    colorMode: colorModeName(info.colorMode),
    bitsPerChannel: info.bitsPerChannel,
    notes: [...modeNotes(info), ...notes],
    source,
  });

  // the layer list: a damaged one leaves the composite as the only picture
  let layers: LayerList | null = null;
  let layerProblem: PsbError | null = null;
  try {
    layers = readLayers(bytes, info);
  } catch (error) {
    if (!(error instanceof PsbError)) throw error;
    layerProblem = error;
  }
  const count = layers?.count ?? info.layerCount;
  const drawable = layers !== null && layers.layers.some((l) => l.section === 0 && !l.hidden && ((l.right > l.left && l.bottom > l.top) || l.fillColour !== null || l.gradient !== null));

  const fromLayers = (): RenderedLayers => renderLayers(bytes, info, layers!, budget);
  const rebuiltNote = 'This file was saved without a composite image (Photoshop\'s "Maximize compatibility" off): the picture was rebuilt from its layers.';

  // Photoshop says its composite is a stand-in (white, or "this layered file was not saved with a composite image")
  if (info.hasRealMergedData === false && drawable) {
    const rendered = fromLayers();
    return result(rendered.data, [rebuiltNote, ...rendered.notes], "layers");
  }
  // nothing we can draw, but visible layers Photoshop would draw: the stand-in is not the picture
  const undrawable = layers?.layers.filter((l) => l.section === 0 && !l.hidden && l.undrawn.length > 0) ?? [];
  if (info.hasRealMergedData === false && undrawable.length > 0) {
    const kinds = [...new Set(undrawable.flatMap((l) => l.undrawn))].map((k) => ({ fill: "pattern fills", adjustment: "adjustment layers", effects: "layer effects", stroke: "shape outlines" })[k] ?? k);
    throw new PsbError(
      `This ${info.format} file was saved without a composite image (Photoshop's "Maximize compatibility" off), and its visible layers hold only ${kinds.join(", ")}, which this tool cannot draw.`,
      "unsupported",
    );
  }
  if (info.compression > 3) throw new PsbError(`This ${info.format} file is corrupt: its composite image uses an unknown compression.`, "corrupt");

  const colours = colourChannelCount(info.colorMode, info.channels);
  // transparency: a negative layer count says the first extra channel is the composite's alpha; in
  // a file without layers it is an alpha (selection) channel unless it is named "Transparency", as
  // ImageMagick reads it (Pillow takes any fourth channel as alpha, which blanks such pages). A
  // layered file from another writer (MediBang, ibisPaint...) keeps the count positive and names no
  // extra channel: Photoshop names every alpha and spot channel, so an unnamed one is transparency
  // (those writers' own thumbnails show it so)
  const noLayers = count === 0 && (layers?.layers.length ?? 0) === 0 && layerProblem === null;
  const unnamedBesideLayers = count > 0 && !info.namesExtraChannels;
  const transparency = info.channels > colours && (count < 0 || unnamedBesideLayers || (noLayers && /^transparency$/i.test(info.extraChannelNames[0] ?? "")));
  const composite = decodeComposite(bytes, info, transparency, transparency && mattesWithWhite(info.writer));

  // a blank composite (one colour throughout) beside layers that show something: another writer's stand-in
  if (info.hasRealMergedData === null && drawable && (isUniform(composite) || looksLikeTextStandIn(composite))) {
    // layers that cannot be read leave the composite, which is sound, as the picture
    let rendered: RenderedLayers;
    try {
      rendered = fromLayers();
    } catch (error) {
      if (!(error instanceof PsbError) || error.code === "too-much-work") throw error;
      return result(composite, [], "composite");
    }
    if (rendered.drawn > 0 && !isUniform(rendered.data)) return result(rendered.data, [rebuiltNote.replace(' (Photoshop\'s "Maximize compatibility" off)', ""), ...rendered.notes], "layers");
  }
  return result(composite, [], "composite");
}

/**
 * Whether the composite looks like Photoshop's text stand-in ("This layered Photoshop file was not
 * saved with a composite image", white text on black): only pure black and pure white, opaque,
 * mostly black. Only asked of files whose version-info resource is missing; the layers are drawn
 * then, and a real black-and-white picture drawn from its own layers comes out the same.
 */
function looksLikeTextStandIn(rgba: Uint8Array): boolean {
  let black = 0;
  let white = 0;
  // one pass over the pixels, stopping at the first that is neither
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i]!;
    if (rgba[i + 3] !== 255 || rgba[i + 1] !== r || rgba[i + 2] !== r) return false;
    if (r === 0) black++;
    else if (r === 255) white++;
    else return false;
  }
  return white > 0 && black >= 4 * white;
}

/** Whether every pixel of an RGBA image is the same. */
function isUniform(rgba: Uint8Array): boolean {
  const view = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >> 2);
  const first = view[0];
  for (let i = 1; i < view.length; i++) if (view[i] !== first) return false;
  return true;
}
