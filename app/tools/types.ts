import type { EbookTarget } from "#codecs/ebook/ebook-options.ts";
import type { MediaToolConfig } from "./media/media-tools.ts";
import type { FileAccept } from "./shared/file-accept.ts";

/** The catalogue's categories, in the order the site and the admin show them. */
export const TOOL_CATEGORIES = ["Image", "Audio", "Video", "Ebook", "Document", "Unit", "Time", "Text"] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/** How the tool page presents the tool: calculators and time tools get the common converter layout. */
export type ToolKind = "calculator" | "time" | "text" | "file";

/** What the tool route hands a tool's page (pages.ts loads it): the page reads its facts from here, not from the registry. */
export interface ToolComponentProps {
  /** the canonical slug, for families that serve several tools */
  slug: string;
  /** the tool's catalogue entry: its accept rule and its family's facts */
  meta: ToolMeta;
}

/** What `npm run convert` can do with the tool's codec in Node. */
export interface ToolCli {
  /** input kinds as the CLI sniffs them: "dds", "png", "jpeg", "tiff", "psb" */
  from: readonly string[];
  /** output file extensions: "png", "dds", "ico", "pdf" */
  to: readonly string[];
  /** the options of `npm run convert` for it, one usage line each */
  options?: readonly string[];
  /** with --all, an output name without an extension is a folder of images */
  folderWithAll?: true;
  /** what the outputs mean beyond their extensions, for the "converts to" refusal */
  outputNote?: string;
  /**
   * chosen only when no other tool's conversion takes the input to that output: the PDF converter
   * reads .txt too, but a .txt to .txt or .json is the data converter's
   */
  fallback?: true;
}

export interface ToolMeta {
  /** canonical slug: the DB row's key and the one URL search engines see */
  slug: string;
  /** other slugs that render the same tool (spec: `x` and `x-converter`) */
  aliases: readonly string[];
  category: ToolCategory;
  /**
   * its place within its category (1, 2...): the catalogue lists categories in TOOL_CATEGORIES order,
   * then tools by this, and the seed writes the rows in that order (their ids follow it)
   */
  order: number;
  kind: ToolKind;
  /**
   * the page compiles WebAssembly on the main thread or in a blob: worker, so its policy needs
   * 'wasm-unsafe-eval' (docs/decisions/013); workers started from our own script URLs have their own
   * policy and need no flag
   */
  wasm?: true;
  /**
   * its engines can run threads that share memory (SharedArrayBuffer), which browsers allow only in
   * a cross-origin isolated document: the page is served with COEP credentialless (decision 060)
   */
  threads?: true;
  /** the files a file tool takes, with the texts shown when a file is refused or missing */
  accept?: FileAccept;
  /**
   * the page that renders it, a path under app/tools ("dds/dds-to-png-tool.tsx"); pages.ts loads it
   * lazily, so the catalogue itself imports no page
   */
  page: string;
  /** npm packages its worker imports; the dev server pre-bundles them (vite.config.ts optimizeDeps) */
  workerPackages?: readonly string[];
  /** the conversions the CLI runs with this tool's codec */
  cli?: ToolCli;
  /** the audio and video tools on the shared media page: what it makes (targets, options, texts) */
  media?: MediaToolConfig;
  /** ebook tools with one output (the EPUB converter offers every output of the book's kind) */
  ebookTarget?: EbookTarget;
}

/**
 * The catalogue copy of one tool: the seed row minus what the meta already says. Kept in each
 * folder's content.ts, which only server code imports, so no page bundles it.
 */
export interface ToolContent {
  name: string;
  /** one or two sentences shown on cards and as the page intro */
  description: string;
  /** one emoji */
  icon: string;
  searchVolume: number;
  rank: number;
  isFeatured: boolean;
  /** 150-160 characters */
  metaDescription: string;
  /** comma separated */
  metaKeywords: string;
  /** "About This Tool" HTML: <h2>/<h3>, <p>, <ul><li> only */
  content: string;
  /** "Learn More" HTML, same tags */
  blogContent: string;
}

/** A folder's content.ts: the copy of each of its tools, by canonical slug. */
export type ToolContentBySlug = Readonly<Record<string, ToolContent>>;
