import { TextareaField } from "~/components/ui/textarea-field";

/**
 * The rich text editor's contract: a labelled editor whose HTML is posted under `name`.
 * (A plain HTML textarea until the Tiptap editor lands; same props.)
 */
export function RichEditor({ name, label, defaultValue = "" }: { name: string; label: string; defaultValue?: string }) {
  return <TextareaField name={name} label={label} defaultValue={defaultValue} rows={12} />;
}
