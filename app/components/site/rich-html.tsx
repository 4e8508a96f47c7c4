/** HTML that the server already sanitised (see server/html/sanitize.server.ts), with article typography. */
export function RichHtml({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`prose prose-slate max-w-none dark:prose-invert prose-a:text-brand-700 dark:prose-a:text-brand-100 prose-img:rounded-lg ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
