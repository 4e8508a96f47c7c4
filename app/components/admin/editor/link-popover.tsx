import type { Editor } from "@tiptap/react";
import { Popover } from "radix-ui";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { checkEditorLink, LINK_HELP } from "#app/lib/admin/editor-link.ts";

/** Set, change or remove the link at the selection. Only http(s), mailto and relative URLs pass. */
export function LinkPopover({
  editor,
  open,
  onOpenChange,
  children,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger (the toolbar's Link button). */
  children: ReactNode;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
          onCloseAutoFocus={(event) => {
            // back to the text, where the link is
            event.preventDefault();
            editor.commands.focus();
          }}
        >
          <LinkForm editor={editor} onDone={() => onOpenChange(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const current = editor.getAttributes("link") as { href?: string };
  const [value, setValue] = useState(current.href ?? "");
  const [error, setError] = useState<string | null>(null);
  const active = editor.isActive("link");

  const apply = (event: FormEvent<HTMLFormElement>) => {
    // this form is portalled: never let its submit reach the page's form
    event.preventDefault();
    event.stopPropagation();
    const check = checkEditorLink(value);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    const attrs = { href: check.href, target: check.external ? "_blank" : null, rel: check.external ? "noopener noreferrer" : null };
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !active) {
      chain.insertContent({ type: "text", text: check.href, marks: [{ type: "link", attrs }] }).run();
    } else {
      chain.setLink(attrs).run();
    }
    onDone();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onDone();
  };

  return (
    <form noValidate onSubmit={apply} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Link URL
      </label>
      <input
        id={id}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com or /tool/dds-to-png"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(null);
        }}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500"
      />
      <p id={`${id}-note`} className={`text-xs ${error ? "text-red-600" : "text-slate-500"}`} role={error ? "alert" : undefined}>
        {error ?? LINK_HELP}
      </p>
      <div className="flex justify-end gap-2">
        {active ? (
          <Button variant="ghost" onClick={remove} className="px-3 py-1.5">
            Remove link
          </Button>
        ) : null}
        <Button type="submit" className="px-3 py-1.5">
          {active ? "Update link" : "Set link"}
        </Button>
      </div>
    </form>
  );
}
