// After `react-router build`: brotli and gzip copies of the hashed client assets, made once at
// build time with the highest settings (but see BIG_FILE_BYTES) so the server never compresses them per request.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const dir = "build/client/assets";
// Brotli's top quality on the 32 MB ffmpeg core took 74 s here (7.28 MB out) against 5.4 s at
// quality 9 (8.37 MB): files this big get quality 9 so a build stays quick.
const BIG_FILE_BYTES = 8 * 1024 * 1024;

/** Both copies of one asset; zlib's asynchronous calls run on libuv's threads, so every core compresses. */
async function compress(file) {
  const data = await fs.promises.readFile(file);
  if (data.length < 1024) return 0;
  const quality = data.length > BIG_FILE_BYTES ? 9 : 11;
  const [br, gz] = await Promise.all([brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }), gzip(data, { level: 9 })]);
  await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
  return 1;
}

const names = fs.readdirSync(dir).filter((name) => /\.(js|css|svg|json|wasm)$/.test(name));
// biggest first, so the long ones do not start last
const bySize = names.map((name) => path.join(dir, name)).toSorted((a, b) => fs.statSync(b).size - fs.statSync(a).size);
const files = (await Promise.all(bySize.map(compress))).reduce((sum, n) => sum + n, 0);
console.log(`Precompressed ${files} assets in ${dir}`);
