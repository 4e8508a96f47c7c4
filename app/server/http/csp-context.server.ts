import { createContext, RouterContextProvider } from "react-router";
import { NO_FEATURES, type PolicyFeatures } from "./security-headers.server.ts";

/** One request's script nonce and what its page needs in its policy (entry.server builds the header). */
export interface CspRequestState {
  nonce: string;
  features: PolicyFeatures;
  https: boolean;
  dev: boolean;
}

export const cspRequestContext = createContext<CspRequestState | null>(null);

/** The load context server/app.ts hands React Router for one request. */
export function cspLoadContext(state: Omit<CspRequestState, "features">): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspRequestContext, { ...state, features: { ...NO_FEATURES } });
  return context;
}

/** Called by loaders: this page needs these widenings (only ever widens; no-op outside a document request). */
export function allowInPolicy(context: Readonly<RouterContextProvider>, features: Partial<PolicyFeatures>): void {
  const state = context.get(cspRequestContext);
  if (!state) return;
  for (const key of Object.keys(features) as (keyof PolicyFeatures)[]) if (features[key]) state.features[key] = true;
}
