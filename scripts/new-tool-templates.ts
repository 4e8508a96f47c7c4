// The files `npm run new-tool` writes for a new file tool, as pure functions of its slug, category
// and place in the category (scripts/new-tool.ts writes them, then regenerates the tool lists).

export const CATEGORIES = ["Image", "Audio", "Video", "Ebook", "Document"] as const;
export type FileToolCategory = (typeof CATEGORIES)[number];

export interface ToolNames {
  slug: string;
  category: FileToolCategory;
  /** camelCase of the slug: "abcToXyzConverter" */
  camel: string;
  /** PascalCase: "AbcToXyzConverter" */
  pascal: string;
  /** SCREAMING_SNAKE: "ABC_TO_XYZ_CONVERTER" */
  constant: string;
  /** input and output extensions read from "<in>-to-<out>[-converter]" */
  from: string;
  to: string;
  /** its place in the category: after the tools already there */
  order: number;
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function toolNames(slug: string, category: string, order = 1): ToolNames {
  if (!SLUG.test(slug)) throw new Error(`"${slug}" is not a slug (lower-case words joined by "-")`);
  if (!(CATEGORIES as readonly string[]).includes(category)) throw new Error(`Category must be one of ${CATEGORIES.join(", ")}`);
  const words = slug.split("-");
  const camel = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join("");
  const match = /^([a-z0-9]+)-to-([a-z0-9]+)/.exec(slug);
  return {
    slug,
    category: category as FileToolCategory,
    camel,
    pascal: camel[0]!.toUpperCase() + camel.slice(1),
    constant: words.join("_").toUpperCase(),
    from: match?.[1] ?? "bin",
    to: match?.[2] ?? "bin",
    order,
  };
}

const article = (word: string) => (/^[aeiou]/i.test(word) || /^[fhlmnrsx]$/i.test(word[0]!) ? "an" : "a");

export function metaFile(n: ToolNames): string {
  const upper = n.from.toUpperCase();
  return `import { acceptRule } from "../shared/file-accept.ts";
import type { ToolMeta } from "../types.ts";

export const ${n.constant}_ACCEPT = acceptRule(["${n.from}"], {
  invalidDescription: "Please select ${article(upper)} ${upper} file",
  noFileDescription: "Please select ${article(upper)} ${upper} file to convert",
});

export const tools: ToolMeta[] = [
  {
    slug: "${n.slug}",
    aliases: [],
    category: "${n.category}",
    order: ${n.order},
    kind: "file",
    accept: ${n.constant}_ACCEPT,
    page: "${n.slug}/${n.slug}-tool.tsx",
  },
];
`;
}

export function contentFile(n: ToolNames): string {
  const from = n.from.toUpperCase();
  const to = n.to.toUpperCase();
  return `import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only. TODO: write the real copy.

export const content: ToolContentBySlug = {
  "${n.slug}": {
    name: "${from} to ${to} Converter",
    description: "Convert ${from} files to ${to} right in your browser.",
    icon: "📄",
    searchVolume: 0,
    rank: 0,
    isFeatured: false,
    metaDescription: "Free ${from} to ${to} converter that runs in your browser: no upload, no sign-up.",
    metaKeywords: "${n.from} to ${n.to}, ${n.from} converter",
    content: \`<h2>About the ${from} to ${to} Converter</h2>
<p>Choose a .${n.from} file, press Convert and download the result.</p>\`,
    blogContent: \`<h2>What is a ${from} file?</h2>
<p>TODO</p>\`,
  },
};
`;
}

export function jobFile(n: ToolNames): string {
  return `// ${n.from.toUpperCase()} to ${n.to.toUpperCase()}: what the page asks the worker for and what comes back. Pure and browser-safe.

export interface ${n.pascal}Request {
  file: Blob;
}

export interface ${n.pascal}Result {
  output: Uint8Array<ArrayBuffer>;
}
`;
}

export function convertFile(n: ToolNames): string {
  return `// The conversion itself, pure so that it can be tested without a worker. TODO: call the codec
// (codecs/<format>/) here. Until then it refuses every file with a typed failure, so the page says the
// converter is not built yet instead of offering a download of anything.
import { CodecFailure } from "#codecs/common/codec-failure.ts";

export class ${n.pascal}Error extends CodecFailure<"not-built"> {
  override readonly name = "${n.pascal}Error";
}

export const NOT_BUILT = "This converter is not built yet.";

export function convert${n.pascal}(_input: Uint8Array, _onProgress: (fraction: number) => void = () => {}): Uint8Array<ArrayBuffer> {
  throw new ${n.pascal}Error(NOT_BUILT, "not-built");
}
`;
}

export function convertTestFile(n: ToolNames): string {
  return `import { describe, expect, it } from "vitest";
import { convert${n.pascal}, NOT_BUILT } from "./${n.slug}-convert.ts";

describe("convert${n.pascal}", () => {
  it("refuses until the conversion is written", () => {
    // TODO: replace with a real input, decode the output and compare it with the expected picture/sound/text
    expect(() => convert${n.pascal}(new Uint8Array([1, 2, 3]))).toThrow(NOT_BUILT);
  });
});
`;
}

export function workerFile(n: ToolNames): string {
  return `// ${n.from.toUpperCase()} to ${n.to.toUpperCase()} in a worker: reads the file and runs the conversion off the main thread.
// The page calls the functions declared here through ./${n.slug}-client.ts.
import { readFileBytes } from "../image-common/read-file-bytes.ts";
import { defineWorker, type WorkerContext } from "../shared/worker-runtime.ts";
import { convert${n.pascal} } from "./${n.slug}-convert.ts";
import type { ${n.pascal}Request, ${n.pascal}Result } from "./${n.slug}-job.ts";

async function convert({ file }: ${n.pascal}Request, { progress, transfer }: WorkerContext): Promise<${n.pascal}Result> {
  const bytes = await readFileBytes(file, "${n.from.toUpperCase()}");
  const output = convert${n.pascal}(bytes, (f) => progress(f));
  transfer(output.buffer);
  return { output };
}

export const api = defineWorker({ convert });
`;
}

export function clientFile(n: ToolNames): string {
  return `// The page side of ./${n.slug}.worker.ts; the worker starts on the first call (and stops after a minute idle).
import { createWorkerClient } from "../shared/worker-bridge.ts";
import type { api } from "./${n.slug}.worker.ts";

export const ${n.camel}Client = createWorkerClient<typeof api>(() => new Worker(new URL("./${n.slug}.worker.ts", import.meta.url), { type: "module", name: "${n.slug}" }));
`;
}

export function pageFile(n: ToolNames): string {
  return `import { acceptOf } from "../shared/file-accept.ts";
import { FileToolFrame, outputFileName, type ConvertFunction } from "../shared/file-tool-frame.tsx";
import type { ToolComponentProps } from "../types.ts";
import { ${n.camel}Client } from "./${n.slug}-client.ts";

const convert: ConvertFunction = async (chosen, { signal, onProgress }) => {
  const { output } = await ${n.camel}Client.convert({ file: chosen }, { signal, onProgress });
  return { blob: new Blob([output], { type: "application/octet-stream" }), fileName: outputFileName(chosen.name, "${n.to}") };
};

export default function ${n.pascal}Tool({ meta }: ToolComponentProps) {
  return (
    <FileToolFrame
      accept={acceptOf(meta)}
      convert={convert}
      successTitle="Conversion Complete"
      successDescription="Your ${n.from.toUpperCase()} file has been converted to ${n.to.toUpperCase()}"
      failureTitle="Conversion Failed"
      failureDescription="There was an error converting your file. Please try again."
    />
  );
}
`;
}

export function e2eFile(n: ToolNames): string {
  return `import { expect, test } from "./support/test.ts";
import { gotoHydrated } from "./support/page.ts";

test("${n.slug}: a .${n.from} file gets the converter's answer", async ({ page }) => {
  await gotoHydrated(page, "/tool/${n.slug}");
  await expect(page.getByTestId("file-drop-zone")).toContainText("Accepted: ${n.from.toUpperCase()}");
  await page.locator('input[type="file"]').setInputFiles({ name: "sample.${n.from}", mimeType: "application/octet-stream", buffer: Buffer.from([1, 2, 3]) });
  await page.getByRole("button", { name: /Convert/ }).click();
  // TODO: once the conversion is written, download the .${n.to} and decode it against the expected output
  await expect(page.getByTestId("conversion-status")).toContainText("This converter is not built yet.");
});
`;
}

/** Every file of the new folder, by path relative to the repo root. */
export function scaffoldFiles(n: ToolNames): Record<string, string> {
  const dir = `app/tools/${n.slug}`;
  return {
    [`${dir}/meta.ts`]: metaFile(n),
    [`${dir}/content.ts`]: contentFile(n),
    [`${dir}/${n.slug}-job.ts`]: jobFile(n),
    [`${dir}/${n.slug}-convert.ts`]: convertFile(n),
    [`${dir}/${n.slug}-convert.test.ts`]: convertTestFile(n),
    [`${dir}/${n.slug}.worker.ts`]: workerFile(n),
    [`${dir}/${n.slug}-client.ts`]: clientFile(n),
    [`${dir}/${n.slug}-tool.tsx`]: pageFile(n),
    [`tests/e2e/${n.slug}.spec.ts`]: e2eFile(n),
  };
}
