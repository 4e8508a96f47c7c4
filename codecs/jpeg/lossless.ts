// Lossless JPEG (ITU-T T.81 Annex H, SOF3): each sample predicted from its decoded neighbours (left
// Ra, above Rb, above-left Rc) by one of seven predictors, plus a Huffman-coded difference; the
// first line of the scan and of each restart interval, and the first column, have fixed rules.
import type { Frame, Scan, Segment } from "./frame.ts";
import type { HuffmanDecoder } from "./huffman.ts";

/**
 * Decodes every MCU (h × v samples of each component) of a lossless scan into the components'
 * planes, shifted up by the point transform. Returns whether a restart interval was lost.
 */
// Hot path: one prediction and one Huffman-coded difference per sample.
export function decodeLosslessScan(frame: Frame, scan: Scan, decoder: HuffmanDecoder, restartInterval: number, segmentFor: (interval: number) => Segment | null): boolean {
  const components = scan.components;
  const single = components.length === 1;
  const first = components[0]!.component;
  const mcusWide = single ? first.width : frame.mcusPerLine;
  const mcus = single ? first.width * first.height : frame.mcusPerLine * frame.mcusPerColumn;
  const interval = restartInterval > 0 ? restartInterval : mcus;
  const predictor = scan.ss;
  const shift = scan.al;
  const initial = 1 << (frame.precision - shift - 1);
  const tables = components.map((sc) => decoder.dcTableOf(sc));
  let damaged = false;
  let intervalIndex = 0;
  let firstRow = 0; // the MCU row where the current restart interval began
  for (let mcu = 0; mcu < mcus; mcu++) {
    const mcuRow = (mcu / mcusWide) | 0;
    const mcuCol = mcu - mcuRow * mcusWide;
    if (mcu % interval === 0) {
      const segment = segmentFor(intervalIndex++);
      if (!segment) damaged = true;
      decoder.reset(segment ? segment.start : 0, segment ? segment.end : 0);
      firstRow = mcuRow;
    }
    if (decoder.exhausted) {
      mcu = (Math.floor(mcu / interval) + 1) * interval - 1;
      continue;
    }
    for (let i = 0; i < components.length; i++) {
      const component = components[i]!.component;
      const table = tables[i]!;
      const plane = component.plane;
      const stride = component.blocksPerLine * 8;
      const h = single ? 1 : component.h;
      const v = single ? 1 : component.v;
      const startRow = firstRow * v;
      for (let by = 0; by < v; by++) {
        const y = mcuRow * v + by;
        for (let bx = 0; bx < h; bx++) {
          const x = mcuCol * h + bx;
          const at = y * stride + x;
          // neighbours as decoded, before the point transform's shift
          let prediction: number;
          if (y === startRow) prediction = x === 0 ? initial : plane[at - 1]! >> shift;
          else if (x === 0) prediction = plane[at - stride]! >> shift;
          else {
            const ra = plane[at - 1]! >> shift;
            const rb = plane[at - stride]! >> shift;
            const rc = plane[at - stride - 1]! >> shift;
            switch (predictor) {
              case 2: prediction = rb; break;
              case 3: prediction = rc; break;
              case 4: prediction = ra + rb - rc; break;
              case 5: prediction = ra + ((rb - rc) >> 1); break;
              case 6: prediction = rb + ((ra - rc) >> 1); break;
              case 7: prediction = (ra + rb) >> 1; break;
              default: prediction = ra; // 1 (0 is only for hierarchical files)
            }
          }
          const value = (prediction + decoder.decodeDifference(table)) & 0xffff;
          plane[at] = value << shift;
        }
      }
    }
    decoder.endMcu();
  }
  return damaged;
}
