import { Tabs } from "radix-ui";
import type { ReactNode } from "react";

/** Radix tabs styled for the admin screens (Ads and Menu). */
export function AdminTabs({
  tabs,
  defaultValue,
  value,
  onValueChange,
  label,
}: {
  tabs: { value: string; label: string; content: ReactNode }[];
  defaultValue: string;
  /** controlled use: the open tab survives a remount of the content */
  value?: string;
  onValueChange?: (value: string) => void;
  label: string;
}) {
  return (
    <Tabs.Root defaultValue={defaultValue} value={value} onValueChange={onValueChange}>
      <Tabs.List aria-label={label} className="mb-4 inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-200/70 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="whitespace-nowrap rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        // forceMount: every tab's fields stay in the form (one Save covers them all); inactive ones are hidden
        <Tabs.Content key={tab.value} value={tab.value} forceMount className="focus:outline-none data-[state=inactive]:hidden">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
