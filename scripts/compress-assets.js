// After `react-router build`: brotli and gzip copies of the hashed client assets, made once at
// build time with the highest settings (but see BIG_FILE_BYTES) so the server never compresses them per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = "build/client/assets";
// Brotli's top quality on the 32 MB ffmpeg core took 74 s here (7.28 MB out) against 5.4 s at
// quality 9 (8.37 MB): files this big get quality 9 so a build stays quick.
const BIG_FILE_BYTES = 8 * 1024 * 1024;
let files = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css|svg|json|wasm)$/.test(name)) continue;
  const file = path.join(dir, name);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  const quality = data.length > BIG_FILE_BYTES ? 9 : 11;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files++;
}
console.log(`Precompressed ${files} assets in ${dir}`);
