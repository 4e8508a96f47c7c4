// Where files come in: the Choose button (several at once allowed), drag and drop, and Ctrl/Cmd+V
// of files anywhere on the page (text pastes are left alone).
import { FileIcon, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { acceptAttribute, acceptedText, type FileAccept } from "./file-accept.ts";

export function DropZone({ accept, chooseLabel, onFiles }: { accept: FileAccept; chooseLabel: string; onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), hint: useId() };

  // the paste listener is registered once and always calls the newest handler
  const onFilesRef = useRef(onFiles);
  useEffect(() => {
    onFilesRef.current = onFiles;
  });
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = [...(event.clipboardData?.files ?? [])];
      if (pasted.length === 0) return;
      event.preventDefault();
      onFilesRef.current(pasted);
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, []);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = [...event.dataTransfer.files];
    if (dropped.length > 0) onFiles(dropped);
  };

  const accepted = acceptedText(accept);
  return (
    <div
      data-testid="file-drop-zone"
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors ${
        dragging ? "border-brand-500 bg-brand-50 dark:bg-slate-800" : "border-slate-300 dark:border-slate-700"
      }`}
    >
      <Upload className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p id={ids.hint} className="text-sm text-slate-600 dark:text-slate-400">
        Drag and drop a file here, paste it (Ctrl+V), or choose one. Several files at once work too.
        <span className="mt-1 block text-xs">Accepted: {accepted}</span>
      </p>
      <input
        ref={inputRef}
        id={ids.input}
        type="file"
        multiple
        accept={acceptAttribute(accept)}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const chosen = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = "";
          if (chosen.length > 0) onFiles(chosen);
        }}
      />
      <Button variant="secondary" aria-describedby={ids.hint} onClick={() => inputRef.current?.click()}>
        <FileIcon className="h-4 w-4" aria-hidden="true" /> {chooseLabel}
      </Button>
    </div>
  );
}
