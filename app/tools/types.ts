import type { ComponentType } from "react";

export type ToolCategory = "Image" | "Audio" | "Video" | "Ebook" | "Document" | "Unit" | "Time" | "Text";

/** How the tool page presents the tool: calculators and time tools get the common converter layout. */
export type ToolKind = "calculator" | "time" | "text" | "file";

export interface ToolComponentProps {
  /** the canonical slug, for families that serve several tools */
  slug: string;
}

export interface ToolMeta {
  /** canonical slug: the DB row's key and the one URL search engines see */
  slug: string;
  /** other slugs that render the same tool (spec: `x` and `x-converter`) */
  aliases: readonly string[];
  category: ToolCategory;
  kind: ToolKind;
  /**
   * the page compiles WebAssembly on the main thread or in a blob: worker, so its policy needs
   * 'wasm-unsafe-eval' (docs/decisions/013); workers started from our own script URLs have their own
   * policy and need no flag
   */
  wasm?: true;
  /** the converter's UI, loaded only on its page; absent until the tool's family is built */
  load?: () => Promise<{ default: ComponentType<ToolComponentProps> }>;
}
