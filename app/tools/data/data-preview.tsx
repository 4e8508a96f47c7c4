// A preview of data: the first rows of a table (scrolling sideways inside its own box, never the
// page), or the first lines of a text.
import type { DataPreview } from "#codecs/data/data-model.ts";

export function DataPreviewView({ preview, caption, testId }: { preview: DataPreview; caption: string; testId: string }) {
  if (preview.kind === "text") {
    return (
      <figure className="min-w-0" data-testid={testId}>
        <figcaption className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{caption}</figcaption>
        <pre className="max-h-80 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs leading-5 dark:border-slate-700 dark:bg-slate-950">{preview.lines.join("\n")}</pre>
      </figure>
    );
  }
  const shown = preview.rows.length;
  const total = preview.totalRows < 0 ? `the first ${shown} rows` : shown < preview.totalRows ? `${shown} of ${preview.totalRows} rows` : `${shown} row${shown === 1 ? "" : "s"}`;
  return (
    <figure className="min-w-0" data-testid={testId}>
      <figcaption className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {caption} <span className="font-normal text-slate-500 dark:text-slate-400">({total})</span>
      </figcaption>
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="min-w-full border-collapse text-left text-xs">
          <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
            <tr>
              {preview.columns.map((column, i) => (
                <th key={i} scope="col" className="border-b border-slate-200 px-2 py-1 font-semibold whitespace-nowrap dark:border-slate-700">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r} className="odd:bg-white even:bg-slate-50 dark:odd:bg-slate-900 dark:even:bg-slate-950">
                {row.map((cell, c) => (
                  <td key={c} className="max-w-64 truncate border-b border-slate-100 px-2 py-1 align-top dark:border-slate-800" title={cell}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
