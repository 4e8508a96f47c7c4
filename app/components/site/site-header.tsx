import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { MenuItem } from "#app/server/queries/site-content.server.ts";
import { ThemeToggle } from "./theme-toggle.tsx";
import { ToolSearchButton } from "./tool-search-button.tsx";
import { SiteLogo } from "#app/components/site/site-logo.tsx";

function SiteLink({ item, className }: { item: MenuItem; className: string }) {
  // Internal paths navigate in the app; anything else is a plain link.
  return item.url.startsWith("/") && !item.url.startsWith("//") ? (
    <NavLink to={item.url} end={item.url === "/"} className={className}>
      {item.label}
    </NavLink>
  ) : (
    <a href={item.url} className={className} rel="noopener">
      {item.label}
    </a>
  );
}

export function SiteHeader({ siteName, siteUrl, logo, menu }: { siteName: string; siteUrl: string; logo: string; menu: MenuItem[] }) {
  // The menu belongs to the page it was opened on, so navigating closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-brand-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:text-brand-dark";
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <a href={siteUrl || "/"} className="flex min-w-0 items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
          {logo ? <SiteLogo src={logo} size="header" /> : null}
          {/* a phone wraps a long name onto two lines between words instead of cutting it mid-word (issue 31, finding 6) */}
          <span className="line-clamp-2 break-words text-base leading-tight sm:line-clamp-1 sm:text-lg" data-testid="site-brand">
            {siteName}
          </span>
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {menu.map((item) => (
            <SiteLink key={item.url + item.label} item={item} className={linkClass} />
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <ToolSearchButton />
          <ThemeToggle />
          <Link to="/auth" className="hidden rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:inline-flex dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800">
            Admin
          </Link>
          <button
            type="button"
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      <nav id="mobile-menu" aria-label="Main" hidden={!open} className="border-t border-slate-200 px-4 py-2 md:hidden dark:border-slate-800">
        <ul className="flex flex-col">
          {menu.map((item) => (
            <li key={item.url + item.label}>
              <SiteLink item={item} className={`block ${linkClass}`} />
            </li>
          ))}
          <li>
            <Link to="/auth" className={`block ${linkClass}`}>
              Admin
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
