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
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        {describeInfo(info).map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 break-words text-slate-800 dark:text-slate-200">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
