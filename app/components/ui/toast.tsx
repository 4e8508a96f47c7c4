import { useEffect, type ReactNode } from "react";
import type { ExternalToast } from "sonner";

// Toasts load sonner on first use instead of shipping it with every page. Its Toaster only shows
// toasts emitted after it subscribed, so we emit once it has mounted (children's effects run first).

type Sonner = typeof import("sonner");
let loaded: Promise<Sonner> | undefined;

function OnMounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(onMounted, [onMounted]);
  return children;
}

function loadToaster(): Promise<Sonner> {
  loaded ??= Promise.all([import("sonner"), import("react-dom/client")]).then(
    ([sonner, { createRoot }]) =>
      new Promise<Sonner>((resolve) => {
        const host = document.createElement("div");
        document.body.append(host);
        const dark = document.documentElement.classList.contains("dark");
        createRoot(host).render(
          <OnMounted onMounted={() => resolve(sonner)}>
            <sonner.Toaster richColors closeButton position="bottom-right" theme={dark ? "dark" : "light"} />
          </OnMounted>,
        );
      }),
  );
  return loaded;
}

export const toast = {
  success(message: string, data?: ExternalToast) {
    void loadToaster().then((s) => s.toast.success(message, data));
  },
  error(message: string, data?: ExternalToast) {
    void loadToaster().then((s) => s.toast.error(message, data));
  },
  message(message: string, data?: ExternalToast) {
    void loadToaster().then((s) => s.toast(message, data));
  },
};
