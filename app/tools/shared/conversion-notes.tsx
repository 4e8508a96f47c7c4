// What a conversion could not keep (a reader's or writer's notes), listed under the result.
import { Info } from "lucide-react";

export function ConversionNotes({ notes, testId }: { notes: readonly string[]; testId: string }) {
  if (notes.length === 0) return null;
  return (
    <div className="text-sm" data-testid={testId}>
      <p className="flex items-center gap-1 font-medium">
        <Info className="h-4 w-4 text-brand-600" aria-hidden="true" /> What the conversion could not keep
      </p>
      <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}
