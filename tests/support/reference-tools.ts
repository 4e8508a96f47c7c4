// The independent tools that tests and benchmarks check our output with. ImageMagick 6 by its full
// name: on these machines the `convert` on PATH is a stand-in.
import { existsSync } from "node:fs";

export const IMAGEMAGICK = "/usr/bin/convert-im6.q16";
export const HAVE_IMAGEMAGICK = existsSync(IMAGEMAGICK);
