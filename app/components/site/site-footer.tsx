import { Link } from "react-router";
import type { MenuItem } from "#app/server/queries/site-content.server.ts";
import { SiteLogo } from "#app/components/site/site-logo.tsx";

export function SiteFooter({
  siteName,
  tagline,
  logo,
  contactEmail,
  footerText,
  menu,
  year,
}: {
  siteName: string;
  tagline: string;
  logo: string;
  contactEmail: string;
  footerText: string;
  menu: MenuItem[];
  year: number;
}) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
            {logo ? <SiteLogo src={logo} size="footer" lazy /> : null}
            {siteName}
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{tagline}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Navigation</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {menu.map((item) => (
              <li key={item.url + item.label}>
                {item.url.startsWith("/") && !item.url.startsWith("//") ? (
                  <Link to={item.url} className="text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-400 dark:hover:text-brand-dark">
                    {item.label}
                  </Link>
                ) : (
                  <a href={item.url} className="text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-400 dark:hover:text-brand-dark">
                    {item.label}
                  </a>
                )}
              </li>
            ))}
            <li>
              <Link to="/licenses" className="text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-400 dark:hover:text-brand-dark">
                Licences
              </Link>
            </li>
          </ul>
        </nav>
        <div className="text-sm text-slate-600 dark:text-slate-400">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Contact</h2>
          {contactEmail ? (
            <p className="mt-3">
              <a href={`mailto:${contactEmail}`} className="hover:text-brand-700 hover:underline dark:hover:text-brand-dark">
                {contactEmail}
              </a>
            </p>
          ) : null}
          {footerText ? <p className="mt-2">{footerText}</p> : null}
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {year} {siteName}. All rights reserved.
      </p>
    </footer>
  );
}
