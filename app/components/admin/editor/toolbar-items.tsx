// The editor's toolbar layout and look, shared by the real (lazy-loaded) editor and the placeholder
// that stands in for it during server rendering and while the editor module loads. No Tiptap here:
// this file is in the route bundle of every admin screen that shows an editor.
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Pilcrow,
  Redo2,
  SquareCode,
  Strikethrough,
  Table,
  TableProperties,
  TextQuote,
  Underline,
  Undo2,
  type LucideIcon,
} from "lucide-react";

export type ToolId =
  | "paragraph"
  | "h2"
  | "h3"
  | "bold"
  | "italic"
  | "underline"
  | "strike"
  | "bulletList"
  | "orderedList"
  | "blockquote"
  | "code"
  | "codeBlock"
  | "link"
  | "image"
  | "table"
  | "tableMenu"
  | "undo"
  | "redo";

export interface ToolItem {
  id: ToolId;
  /** The button's accessible name (aria-label). */
  label: string;
  icon: LucideIcon;
  /** Shown in the tooltip. */
  shortcut?: string;
  /** A toggle: the button carries aria-pressed. */
  toggle?: boolean;
}

export const TOOLBAR_GROUPS: ToolItem[][] = [
  [
    { id: "paragraph", label: "Paragraph", icon: Pilcrow, shortcut: "Ctrl+Alt+0", toggle: true },
    { id: "h2", label: "Heading 2", icon: Heading2, shortcut: "Ctrl+Alt+2", toggle: true },
    { id: "h3", label: "Heading 3", icon: Heading3, shortcut: "Ctrl+Alt+3", toggle: true },
  ],
  [
    { id: "bold", label: "Bold", icon: Bold, shortcut: "Ctrl+B", toggle: true },
    { id: "italic", label: "Italic", icon: Italic, shortcut: "Ctrl+I", toggle: true },
    { id: "underline", label: "Underline", icon: Underline, shortcut: "Ctrl+U", toggle: true },
    { id: "strike", label: "Strikethrough", icon: Strikethrough, shortcut: "Ctrl+Shift+S", toggle: true },
  ],
  [
    { id: "bulletList", label: "Bullet list", icon: List, shortcut: "Ctrl+Shift+8", toggle: true },
    { id: "orderedList", label: "Numbered list", icon: ListOrdered, shortcut: "Ctrl+Shift+7", toggle: true },
    { id: "blockquote", label: "Quote", icon: TextQuote, shortcut: "Ctrl+Shift+B", toggle: true },
    { id: "code", label: "Inline code", icon: Code, shortcut: "Ctrl+E", toggle: true },
    { id: "codeBlock", label: "Code block", icon: SquareCode, shortcut: "Ctrl+Alt+C", toggle: true },
  ],
  [
    { id: "link", label: "Link", icon: Link, shortcut: "Ctrl+K", toggle: true },
    { id: "image", label: "Insert image", icon: ImagePlus },
    { id: "table", label: "Insert table", icon: Table },
    { id: "tableMenu", label: "Table options", icon: TableProperties },
  ],
  [
    { id: "undo", label: "Undo", icon: Undo2, shortcut: "Ctrl+Z" },
    { id: "redo", label: "Redo", icon: Redo2, shortcut: "Ctrl+Shift+Z" },
  ],
];

export const tooltip = (item: ToolItem) => (item.shortcut ? `${item.label} (${item.shortcut})` : item.label);

export const TOOLBAR_CLASS = "flex flex-wrap items-center gap-x-2 gap-y-0.5 sm:gap-x-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1 rounded-t-md";
export const TOOL_GROUP_CLASS = "flex items-center gap-0.5";
export const SEPARATOR_CLASS = "mx-1 hidden h-6 w-px bg-slate-200 sm:block";
export const TOOL_BUTTON_CLASS =
  "inline-flex h-8 w-8 items-center justify-center rounded text-slate-700 transition-colors hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent aria-pressed:bg-brand-100 aria-pressed:text-brand-700 data-[state=open]:bg-slate-200";

/** The content area: prose styles, at least 400 px high, tables with visible cells. */
export const CONTENT_CLASS = [
  "prose prose-slate max-w-none min-h-[400px] px-4 py-3 focus:outline-none",
  "[&_table]:my-4 [&_table]:w-full [&_table]:table-fixed [&_table]:border-collapse",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1 [&_td]:align-top",
  "[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_th]:align-top",
  "[&_td>*]:my-0 [&_th>*]:my-0 [&_.selectedCell]:bg-brand-50",
  "[&_img]:max-w-full [&_img]:rounded [&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-brand-500",
  "[&_a]:text-brand-700 [&_a]:underline",
  "[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-500 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
].join(" ");

/** The toolbar with every button disabled: same size as the real one, for SSR and loading. */
export function ToolbarPlaceholder() {
  return (
    <div className={TOOLBAR_CLASS} aria-hidden="true">
      {TOOLBAR_GROUPS.map((group, i) => (
        <div key={group[0]!.id} className={TOOL_GROUP_CLASS}>
          {i > 0 ? <span className={SEPARATOR_CLASS} /> : null}
          {group.map((item) => (
            <button key={item.id} type="button" disabled tabIndex={-1} className={TOOL_BUTTON_CLASS}>
              <item.icon className="h-4 w-4" aria-hidden="true" />
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

/** What shows before the editor is ready: the toolbar shape and an empty content area of the same size. */
export function EditorPlaceholder({ message = "Loading editor…" }: { message?: string }) {
  return (
    <div data-editor-placeholder="">
      <ToolbarPlaceholder />
      <div className={`${CONTENT_CLASS} text-slate-500`}>
        <p>{message}</p>
      </div>
    </div>
  );
}
