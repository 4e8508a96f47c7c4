import { Dialog } from "radix-ui";
import {
  FileText,
  Images,
  KeyRound,
  LayoutDashboard,
  LayoutTemplate,
  Megaphone,
  Menu,
  Newspaper,
  PanelLeft,
  Redo2,
  Search,
  Settings,
  Tags,
  Users,
  Wrench,
  X,
  type LucideIcon,
} from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { NavLink } from "react-router";
import { ADMIN_NAV, sidebarCookie } from "#app/lib/admin-nav.ts";
import { SiteLogo } from "#app/components/site/site-logo.tsx";

const ICONS: Record<(typeof ADMIN_NAV)[number]["icon"], LucideIcon> = {
  LayoutDashboard,
  FileText,
  Newspaper,
  Images,
  Tags,
  Wrench,
  Menu,
  Megaphone,
  Search,
  LayoutTemplate,
  Redo2,
  Users,
  Settings,
  KeyRound,
};

export interface SidebarLook {
  logo: string;
  bgColor: string;
  textColor: string;
}

function NavItems({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_NAV.map((item) => {
        const Icon = ICONS[item.icon];
        return (
          <li key={item.path}>
            <NavLink
              to={`/admin/${item.path}`}
              onClick={onNavigate}
              title={collapsed ? item.label : undefined}
              className={({ isActive }) =>
                `flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors hover:bg-black/5 ${isActive ? "bg-black/10 font-semibold" : ""}`
              }
            >
              <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className={collapsed ? "sr-only" : "truncate"}>{item.label}</span>
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function Brand({ look, collapsed }: { look: SidebarLook; collapsed: boolean }) {
  return (
    <div className="flex h-14 items-center gap-2 px-3">
      {look.logo ? <SiteLogo src={look.logo} size={collapsed ? "sidebar-collapsed" : "sidebar"} /> : null}
      <span className={collapsed ? "sr-only" : "truncate font-semibold"}>Admin Panel</span>
    </div>
  );
}

/**
 * The admin sidebar: 16rem expanded, 3rem of icons collapsed, an 18rem sheet on phones. The
 * expanded state lives in the `sidebar:state` cookie (7 days) so the server renders it right;
 * Ctrl/Cmd+B toggles it.
 */
export function useSidebarState(initialExpanded: boolean) {
  const [expanded, setExpanded] = useState(initialExpanded);
  const toggle = useCallback(() => {
    setExpanded((was) => {
      document.cookie = sidebarCookie(!was);
      return !was;
    });
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "b") {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);
  return { expanded, toggle };
}

export function AdminSidebar({ look, expanded }: { look: SidebarLook; expanded: boolean }) {
  return (
    <aside
      aria-label="Admin navigation"
      data-state={expanded ? "expanded" : "collapsed"}
      className="sticky top-0 hidden h-screen shrink-0 overflow-y-auto border-r border-black/10 transition-[width] duration-200 md:block"
      style={{ width: expanded ? "16rem" : "3rem", backgroundColor: look.bgColor, color: look.textColor }}
    >
      <Brand look={look} collapsed={!expanded} />
      <nav className={expanded ? "px-2 pb-4" : "px-1.5 pb-4"}>
        <NavItems collapsed={!expanded} />
      </nav>
    </aside>
  );
}

export function SidebarToggle({ onToggle, expanded }: { onToggle: () => void; expanded: boolean }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={expanded ? "Collapse sidebar (Ctrl+B)" : "Expand sidebar (Ctrl+B)"}
      aria-pressed={expanded}
      title="Toggle sidebar (Ctrl+B)"
      className="hidden h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:inline-flex"
    >
      <PanelLeft className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}

/** Phones: the same navigation in an 18rem sheet. */
export function MobileSidebar({ look }: { look: SidebarLook }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" aria-label="Open admin menu" className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden">
          <Menu className="h-5 w-5" aria-hidden="true" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 overflow-y-auto shadow-xl"
          style={{ width: "18rem", backgroundColor: look.bgColor, color: look.textColor }}
        >
          <Dialog.Title className="sr-only">Admin navigation</Dialog.Title>
          <Dialog.Description className="sr-only">Go to another admin screen</Dialog.Description>
          <div className="flex items-center justify-between pr-2">
            <Brand look={look} collapsed={false} />
            <Dialog.Close aria-label="Close admin menu" className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-black/5">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav className="px-2 pb-4">
            <NavItems collapsed={false} onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
