// After `react-router build`: brotli and gzip copies of the hashed client assets, made once at
// build time with the highest settings so the server never compresses them per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = "build/client/assets";
let files = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css|svg|json|wasm)$/.test(name)) continue;
  const file = path.join(dir, name);
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files++;
}
console.log(`Precompressed ${files} assets in ${dir}`);
