import { useSiteShell } from "#app/components/site/use-site-shell.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { type LicenceScope, PROJECT_LICENCE, THIRD_PARTY_PACKAGES, type ThirdPartyPackage } from "#app/lib/third-party-licences.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/licenses";

// The list is read in the loader only, so the browser's route chunk holds just the markup below.
export function loader() {
  return { packages: THIRD_PARTY_PACKAGES, projectLicence: PROJECT_LICENCE, sourceUrl: services().env.SOURCE_URL ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Licences",
    description: "The licence of this site's code and of every engine and library it sends to your browser, with where to get their source.",
    path: "/licenses",
  });

const SCOPES: readonly { scope: LicenceScope; title: string }[] = [
  { scope: "every page", title: "On every page" },
  { scope: "image tools", title: "Image tools" },
  { scope: "audio and video tools", title: "Audio and video tools" },
  { scope: "MIDI converter", title: "MIDI converter" },
  { scope: "document and data tools", title: "Document and data tools" },
  { scope: "admin", title: "Back office (administrators only)" },
];

const linkClass = "text-brand-700 underline hover:text-brand-600 dark:text-brand-dark";
// long URLs wrap only where they must, so a 375 px screen never scrolls sideways
const urlClass = `${linkClass} [overflow-wrap:anywhere]`;

function PackageItem({ pkg }: { pkg: ThirdPartyPackage }) {
  return (
    <li data-package={pkg.name} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-mono text-base font-semibold">
          {pkg.name} <span className="font-normal text-slate-600 dark:text-slate-400">{pkg.version}</span>
        </h3>
        <span data-licence className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          {pkg.licence}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{pkg.role}</p>
      <p className="mt-2 text-sm">
        Source:{" "}
        <a href={pkg.source} className={urlClass} rel="noopener">
          {pkg.source.replace(/^https:\/\//, "")}
        </a>
      </p>
      {pkg.exactSource ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Corresponding source of this build:{" "}
          <a href={pkg.exactSource.url} className={linkClass} rel="noopener" data-exact-source>
            {pkg.exactSource.label}
          </a>
          . {pkg.exactSource.note}
        </p>
      ) : null}
      {pkg.notices?.map((notice) => (
        <p key={notice} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {notice}
        </p>
      ))}
      {pkg.bundles ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Compiled in ({pkg.bundles.length})</summary>
          <ul className="mt-2 space-y-1 pl-4">
            {pkg.bundles.map((part) => (
              <li key={part.name}>
                {part.name}, <span className="font-mono text-xs">{part.licence}</span>:{" "}
                <a href={part.source} className={urlClass} rel="noopener">
                  {part.source.replace(/^https:\/\//, "")}
                </a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

export default function Licenses({ loaderData }: Route.ComponentProps) {
  const { packages, projectLicence, sourceUrl } = loaderData;
  const { site } = useSiteShell();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Licences</h1>
      <section aria-labelledby="site-licence" className="mt-8 space-y-3 text-slate-700 dark:text-slate-300">
        <h2 id="site-licence" className="text-xl font-semibold text-slate-900 dark:text-white">
          This site
        </h2>
        <p>
          The code of this site is free software under the{" "}
          <a href="https://www.gnu.org/licenses/gpl-3.0.html" className={linkClass} rel="noopener">
            GNU General Public License, version 3 or any later version
          </a>{" "}
          (<span className="font-mono text-sm">{projectLicence}</span>): you may run, study, share and change it under that licence. It comes
          with no warranty.
        </p>
        <p data-testid="site-source">
          {sourceUrl ? (
            <>
              Its source code:{" "}
              <a href={sourceUrl} className={urlClass} rel="noopener">
                {sourceUrl}
              </a>
            </>
          ) : site.contactEmail ? (
            <>
              Its source code is available from the operator of this site:{" "}
              <a href={`mailto:${site.contactEmail}`} className={urlClass}>
                {site.contactEmail}
              </a>
            </>
          ) : (
            <>Its source code is available from the operator of this site on request.</>
          )}
        </p>
        <p>
          The engines and libraries below are sent to your browser to run the tools there; your files are not uploaded. Each keeps its own
          licence; the source of each is at the address given.
        </p>
      </section>
      {SCOPES.map(({ scope, title }) => {
        const listed = packages.filter((p) => p.scope === scope);
        if (listed.length === 0) return null;
        const id = `scope-${scope.replace(/\W+/g, "-")}`;
        return (
          <section key={scope} aria-labelledby={id} className="mt-10">
            <h2 id={id} className="text-xl font-semibold">
              {title}
            </h2>
            <ul className="mt-4 space-y-3">
              {listed.map((pkg) => (
                <PackageItem key={pkg.name} pkg={pkg} />
              ))}
            </ul>
          </section>
        );
      })}
    </article>
  );
}
