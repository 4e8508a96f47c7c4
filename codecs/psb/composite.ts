// The composite (merged) image of a PSB/PSD: every colour mode at 1, 8, 16 or 32 bits, raw, RLE or
// ZIP. Each channel's rows are stored one after another; with RLE all channels' row lengths come
// first, in one table; with ZIP the channels form one zlib stream. Only the colour channels and,
// when the file says so, the transparency channel are decoded: further channels are alpha (mask)
// or spot channels, which are not part of the picture.
import { colourChannelCount, planesToRgba } from "./colour.ts";
import { inflateRows, rowBytes, toPlane, unpackRleRows, unpredict, type Plane, type PlaneShape } from "./planes.ts";
import { ColorMode, type PsbStructure } from "./structure.ts";

export function compositeShape(info: PsbStructure): PlaneShape {
  return { width: info.width, height: info.height, depth: info.bitsPerChannel, large: info.format === "PSB", format: info.format };
}

/**
 * The composite as 8-bit RGBA; `transparency` says whether the channel after the colours is its
 * alpha, `unmatte` whether to undo Photoshop's white matte (at the file's depth).
 */
export function decodeComposite(bytes: Uint8Array, info: PsbStructure, transparency: boolean, unmatte: boolean): Uint8Array {
  const shape = compositeShape(info);
  const colours = colourChannelCount(info.colorMode, info.channels);
  const wanted = Math.min(info.channels, colours + (transparency ? 1 : 0));
  const planes: Plane[] = [];
  const perPlane = rowBytes(shape) * shape.height;
  if (info.compression === 0) {
    for (let c = 0; c < wanted; c++) {
      const start = info.imageDataOffset + c * perPlane;
      planes.push(toPlane(bytes.subarray(start, start + perPlane), shape, c < colours && info.colorMode !== ColorMode.Indexed));
    }
  } else if (info.compression === 1) {
    const countSize = shape.large ? 4 : 2;
    let data = info.imageDataOffset + info.channels * info.height * countSize;
    for (let c = 0; c < wanted; c++) {
      const table = info.imageDataOffset + c * info.height * countSize;
      const { stored, end } = unpackRleRows(bytes, table, data, shape, "the composite image");
      planes.push(toPlane(stored, shape, c < colours));
      data = end;
    }
  } else {
    // one zlib stream holds every channel
    const all: PlaneShape = { ...shape, height: shape.height * info.channels };
    const stored = inflateRows(bytes.subarray(info.imageDataOffset), all, false, "the composite image");
    for (let c = 0; c < wanted; c++) {
      const plane = stored.subarray(c * perPlane, (c + 1) * perPlane);
      if (info.compression === 3) unpredict(plane, shape);
      planes.push(toPlane(plane, shape, c < colours));
    }
  }
  const palette = info.colorMode === ColorMode.Indexed ? bytes.subarray(info.colorModeData.start, info.colorModeData.end) : null;
  const alpha = wanted > colours ? planes[colours]! : null;
  const rgba = planesToRgba(info.colorMode, planes.slice(0, colours), alpha, info.width * info.height, palette, unmatte && alpha !== null);
  // an indexed image's transparent palette entry (0x0417): Photoshop shows those pixels as transparent
  if (info.colorMode === ColorMode.Indexed && info.transparentIndex !== null) {
    const indices = planes[0]!.data;
    for (let i = 0; i < indices.length; i++) if (indices[i] === info.transparentIndex) rgba[i * 4 + 3] = 0;
  }
  return rgba;
}
