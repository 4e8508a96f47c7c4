// Test helpers for the PDF page renderer: poppler's rendering of a page (anti-aliased, as a viewer
// shows it) and a PSNR that forgives anti-aliasing (both images averaged over blocks first).
import { execFileSync } from "node:child_process";

export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** pdftoppm's RGB rendering of one page at `dpi`, anti-aliased (poppler's default). */
export function popplerPage(file: string, page: number, dpi: number, password?: string): RgbImage {
  const args = ["-f", String(page), "-l", String(page), "-r", String(dpi), ...(password ? ["-upw", password] : []), file];
  const ppm = new Uint8Array(execFileSync("pdftoppm", args, { maxBuffer: 1 << 28 }));
  // binary PPM: "P6\n<w> <h>\n255\n" then RGB
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(new TextDecoder("latin1").decode(ppm.subarray(0, 64)));
  if (!header) throw new Error("pdftoppm wrote no P6 image");
  return { width: Number(header[1]), height: Number(header[2]), rgb: ppm.subarray(header[0].length) };
}

/** RGBA (ImageMagick's decode) to RGB. */
export function rgbOf(width: number, height: number, rgba: Uint8Array): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) rgb.set(rgba.subarray(i, i + 3), o);
  return { width, height, rgb };
}

/** The top-left `width` × `height` of an image (renderers round a page's size differently by a pixel). */
export function crop(image: RgbImage, width: number, height: number): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) rgb.set(image.rgb.subarray(y * image.width * 3, (y * image.width + width) * 3), y * width * 3);
  return { width, height, rgb };
}

/** Each `block` × `block` square's mean colour: what is left of an image once edge anti-aliasing is averaged away. */
export function blockMeans(image: RgbImage, block: number): RgbImage {
  const width = Math.floor(image.width / block);
  const height = Math.floor(image.height / block);
  const rgb = new Uint8Array(width * height * 3);
  for (let by = 0; by < height; by++) {
    for (let bx = 0; bx < width; bx++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = 0; y < block; y++) for (let x = 0; x < block; x++) sum += image.rgb[((by * block + y) * image.width + bx * block + x) * 3 + c]!;
        rgb[(by * width + bx) * 3 + c] = Math.round(sum / (block * block));
      }
    }
  }
  return { width, height, rgb };
}

/** A PDF of the given objects (object 1 the catalog), with a correct cross-reference table. */
export function handWrittenPdf(objects: string[]): Uint8Array {
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
