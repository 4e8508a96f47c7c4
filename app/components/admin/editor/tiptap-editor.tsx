// The Tiptap editor itself. Loaded only in the browser, on demand (React.lazy in ../rich-editor.tsx),
// so Tiptap and ProseMirror never reach the server render or a public page's bundle.
import { Image } from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { LoaderCircle } from "lucide-react";
import { DropdownMenu, Toolbar } from "radix-ui";
import { useEffect, useLayoutEffect, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from "react";
import { isAllowedEditorLink } from "#app/lib/admin/editor-link.ts";
import { Figcaption, Figure, imageContent } from "./figure.ts";
import { ImageDialog } from "./image-dialog.tsx";
import { LinkPopover } from "./link-popover.tsx";
import { TableDialog } from "./table-dialog.tsx";
import {
  CONTENT_CLASS,
  EditorPlaceholder,
  SEPARATOR_CLASS,
  TOOL_BUTTON_CLASS,
  TOOL_GROUP_CLASS,
  TOOLBAR_CLASS,
  TOOLBAR_GROUPS,
  tooltip,
  type ToolId,
  type ToolItem,
} from "./toolbar-items.tsx";
import { uploadEditorImage } from "./upload.ts";

export interface TiptapEditorProps {
  /** id of the visible label, for aria-labelledby on the editable area. */
  labelId: string;
  /** HTML to start from; a later, different value replaces the content (a reloaded record). */
  defaultValue: string;
  /** Called with the current HTML ("" when empty) after every change. */
  onChange: (html: string) => void;
}

/** The HTML to post: "" for an empty document rather than "<p></p>". */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

const imageFiles = (list: FileList | null | undefined) => Array.from(list ?? []).filter((f) => f.type.startsWith("image/"));

/**
 * Pasted or dropped images: uploaded one after another and inserted where `at` says (default: the
 * selection), with empty alt text (never the file name; the toolbar's dialog asks for it).
 */
async function insertImages(editor: Editor, files: File[], setUploading: Dispatch<SetStateAction<number>>, at?: number) {
  for (const file of files) {
    setUploading((n) => n + 1);
    try {
      const src = await uploadEditorImage(file);
      if (editor.isDestroyed) return;
      const image = { type: "image", attrs: { src, alt: "" } };
      if (at === undefined) editor.chain().focus().insertContent(image).run();
      else editor.chain().focus().insertContentAt(at, image).run();
    } catch (error) {
      // A failed image upload is reported with a plain alert 'Upload failed: {message}'.
      alert("Upload failed: " + (error instanceof Error ? error.message : String(error)));
    } finally {
      setUploading((n) => n - 1);
    }
  }
}

export default function TiptapEditor({ labelId, defaultValue, onChange }: TiptapEditorProps) {
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [uploading, setUploading] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [tableOpen, setTableOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);

  const editorRef = useRef<Editor | null>(null);
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    content: defaultValue,
    extensions: [
      StarterKit.configure({
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: "https",
          protocols: ["http", "https", "mailto"],
          isAllowedUri: (url) => isAllowedEditorLink(url),
          HTMLAttributes: { target: null, rel: null },
        },
      }),
      Image.configure({ allowBase64: false }),
      Figure,
      Figcaption,
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: "Start writing…" }),
    ],
    editorProps: {
      attributes: {
        class: CONTENT_CLASS,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "data-testid": "rich-editor-content",
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0 || !editorRef.current) return false;
        event.preventDefault();
        void insertImages(editorRef.current, files, setUploading);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (moved || files.length === 0 || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(editorRef.current, files, setUploading, at);
        return true;
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(htmlOf(e)),
  });
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // A new defaultValue (the record was saved and reloaded, or another one opened) replaces the content.
  const applied = useRef(defaultValue);
  useEffect(() => {
    if (!editor || defaultValue === applied.current) return;
    applied.current = defaultValue;
    if (htmlOf(editor) !== defaultValue) editor.commands.setContent(defaultValue, { emitUpdate: false });
  }, [editor, defaultValue]);

  if (!editor) return <EditorPlaceholder />;

  return (
    <div data-rich-editor-ready="">
      <EditorToolbar
        editor={editor}
        uploading={uploading > 0}
        linkOpen={linkOpen}
        setLinkOpen={setLinkOpen}
        onImage={() => setImageOpen(true)}
        onTable={() => setTableOpen(true)}
      />
      <div className="relative overflow-x-auto">
        <EditorContent editor={editor} />
      </div>
      <ImageDialog
        open={imageOpen}
        onOpenChange={setImageOpen}
        onAfterClose={() => editor.commands.focus()}
        onInsert={(image) => editor.chain().focus().insertContent(imageContent(image)).run()}
      />
      <TableDialog
        open={tableOpen}
        onOpenChange={setTableOpen}
        onAfterClose={() => editor.commands.focus()}
        onInsert={({ rows, cols, headerRow }) => editor.chain().focus().insertTable({ rows, cols, withHeaderRow: headerRow }).run()}
      />
    </div>
  );
}

type ToolState = { active: boolean; disabled: boolean };

function useToolStates(editor: Editor): Record<ToolId, ToolState> {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const editable = e.isEditable;
      const inTable = e.isActive("table");
      const inCode = e.isActive("codeBlock");
      const can = e.can();
      const state = (active: boolean, enabled = true): ToolState => ({ active, disabled: !editable || !enabled });
      return {
        paragraph: state(e.isActive("paragraph")),
        h2: state(e.isActive("heading", { level: 2 })),
        h3: state(e.isActive("heading", { level: 3 })),
        bold: state(e.isActive("bold"), !inCode),
        italic: state(e.isActive("italic"), !inCode),
        underline: state(e.isActive("underline"), !inCode),
        strike: state(e.isActive("strike"), !inCode),
        bulletList: state(e.isActive("bulletList")),
        orderedList: state(e.isActive("orderedList")),
        blockquote: state(e.isActive("blockquote")),
        code: state(e.isActive("code"), !inCode),
        codeBlock: state(inCode),
        link: state(e.isActive("link"), !inCode),
        image: state(false),
        table: state(false, !inTable),
        tableMenu: state(false, inTable),
        undo: state(false, can.undo()),
        redo: state(false, can.redo()),
      };
    },
  });
}

function EditorToolbar({
  editor,
  uploading,
  linkOpen,
  setLinkOpen,
  onImage,
  onTable,
}: {
  editor: Editor;
  uploading: boolean;
  linkOpen: boolean;
  setLinkOpen: (open: boolean) => void;
  onImage: () => void;
  onTable: () => void;
}) {
  const states = useToolStates(editor);
  const run = (id: ToolId) => {
    const chain = editor.chain().focus();
    switch (id) {
      case "paragraph":
        return chain.setParagraph().run();
      case "h2":
        return chain.toggleHeading({ level: 2 }).run();
      case "h3":
        return chain.toggleHeading({ level: 3 }).run();
      case "bold":
        return chain.toggleBold().run();
      case "italic":
        return chain.toggleItalic().run();
      case "underline":
        return chain.toggleUnderline().run();
      case "strike":
        return chain.toggleStrike().run();
      case "bulletList":
        return chain.toggleBulletList().run();
      case "orderedList":
        return chain.toggleOrderedList().run();
      case "blockquote":
        return chain.toggleBlockquote().run();
      case "code":
        return chain.toggleCode().run();
      case "codeBlock":
        return chain.toggleCodeBlock().run();
      case "undo":
        return chain.undo().run();
      case "redo":
        return chain.redo().run();
      default:
        return false;
    }
  };

  const button = (item: ToolItem, extra: { onClick?: () => void; busy?: boolean } = {}) => {
    const state = states[item.id];
    const Icon = extra.busy ? LoaderCircle : item.icon;
    return (
      <Toolbar.Button
        key={item.id}
        type="button"
        className={TOOL_BUTTON_CLASS}
        aria-label={item.label}
        title={tooltip(item)}
        aria-pressed={item.toggle ? state.active : undefined}
        aria-busy={extra.busy || undefined}
        disabled={state.disabled || extra.busy}
        data-tool={item.id}
        onClick={extra.onClick ?? (() => run(item.id))}
      >
        <Icon className={`h-4 w-4 ${extra.busy ? "animate-spin" : ""}`} aria-hidden="true" />
      </Toolbar.Button>
    );
  };

  const render = (item: ToolItem): ReactNode => {
    switch (item.id) {
      case "link":
        return (
          <LinkPopover key={item.id} editor={editor} open={linkOpen} onOpenChange={setLinkOpen}>
            {button(item, { onClick: () => {} /* the popover trigger opens it */ })}
          </LinkPopover>
        );
      case "image":
        return button(item, { onClick: onImage, busy: uploading });
      case "table":
        return button(item, { onClick: onTable });
      case "tableMenu":
        return <TableMenu key={item.id} editor={editor} trigger={button(item, { onClick: () => {} /* the menu trigger opens it */ })} />;
      default:
        return button(item);
    }
  };

  return (
    <Toolbar.Root className={TOOLBAR_CLASS} aria-label="Formatting">
      {TOOLBAR_GROUPS.map((group, i) => (
        <div key={group[0]!.id} className={TOOL_GROUP_CLASS}>
          {i > 0 ? <Toolbar.Separator className={SEPARATOR_CLASS} /> : null}
          {group.map(render)}
        </div>
      ))}
    </Toolbar.Root>
  );
}

const TABLE_ACTIONS: { label: string; run: (editor: Editor) => boolean; danger?: boolean }[] = [
  { label: "Add row above", run: (e) => e.chain().focus().addRowBefore().run() },
  { label: "Add row below", run: (e) => e.chain().focus().addRowAfter().run() },
  { label: "Add column before", run: (e) => e.chain().focus().addColumnBefore().run() },
  { label: "Add column after", run: (e) => e.chain().focus().addColumnAfter().run() },
  { label: "Toggle header row", run: (e) => e.chain().focus().toggleHeaderRow().run() },
  { label: "Delete row", run: (e) => e.chain().focus().deleteRow().run(), danger: true },
  { label: "Delete column", run: (e) => e.chain().focus().deleteColumn().run(), danger: true },
  { label: "Delete table", run: (e) => e.chain().focus().deleteTable().run(), danger: true },
];

/** Row, column and header changes for the table at the cursor. */
function TableMenu({ editor, trigger }: { editor: Editor; trigger: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          {TABLE_ACTIONS.map((action, i) => (
            <div key={action.label}>
              {action.danger && !TABLE_ACTIONS[i - 1]?.danger ? <DropdownMenu.Separator className="my-1 h-px bg-slate-200" /> : null}
              <DropdownMenu.Item
                className={`cursor-default rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100 ${action.danger ? "text-red-700" : "text-slate-800"}`}
                onSelect={() => action.run(editor)}
              >
                {action.label}
              </DropdownMenu.Item>
            </div>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
