// What the probe read from the chosen file, before anything is converted.
import { FileAudio } from "lucide-react";
import { describeInfo } from "#codecs/media/describe.ts";
import type { MediaInfo } from "#codecs/media/media-types.ts";

export function MediaInfoPanel({ info }: { info: MediaInfo }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="media-info">
      <p className="flex items-center gap-2 font-medium">
        <FileAudio className="h-4 w-4 text-brand-600" aria-hidden="true" /> What the file holds
      </p>
      <ul className="mt-1 space-y-0.5 text-slate-700 dark:text-slate-300">
        {describeInfo(info).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
