import { ArrowRight, Gift, HardDrive, MousePointerClick, Zap } from "lucide-react";
import { Link } from "react-router";
import { AdSlot } from "#app/components/site/ad-slot.tsx";
import { JsonLd } from "#app/components/site/json-ld.tsx";
import { SeoSection } from "#app/components/site/seo-section.tsx";
import { ToolCard } from "#app/components/site/tool-card.tsx";
import { useSiteShell } from "#app/components/site/use-site-shell.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { organizationJsonLd, websiteJsonLd } from "#app/lib/seo/json-ld.ts";
import { publicMeta } from "#app/lib/seo/route-meta.ts";
import { getSeoSection } from "#app/server/queries/site-content.server.ts";
import { listFeaturedTools } from "#app/server/queries/tools.server.ts";
import { services } from "#app/server/services.server.ts";
import type { Route } from "./+types/home";

export async function loader() {
  const { db } = services().database;
  const [featured, seo] = await Promise.all([listFeaturedTools(db), getSeoSection(db, "home_seo")]);
  return { featured, seo };
}

export const meta: Route.MetaFunction = ({ matches }) => publicMeta(matches, { path: "/" });

const BENEFITS = [
  { icon: Zap, title: "Lightning Fast", text: "Conversions run on your own device, so there is no upload and no queue: results appear as fast as your browser can work." },
  { icon: MousePointerClick, title: "Easy to Use", text: "Pick a file, press Convert, download the result. No account, no installer, no settings you have to understand first." },
  { icon: Gift, title: "Always Free", text: "Every converter and calculator is free to use, as often as you like, with no watermarks and no sign-up." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, seo } = loaderData;
  const { site, origin, ads } = useSiteShell();
  return (
    <>
      <JsonLd
        data={[
          websiteJsonLd({ origin, name: site.name, description: site.description }),
          organizationJsonLd({ origin, name: site.name, logoUrl: site.logo || undefined, email: site.contactEmail || undefined }),
        ]}
      />
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 text-center dark:from-slate-900 dark:to-slate-950 sm:py-20">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{site.name}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{site.tagline}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/tools" className={buttonClass("primary", "px-6 py-3 text-base")}>
            Explore All Tools
          </Link>
          <Link to="/blog" className={buttonClass("secondary", "px-6 py-3 text-base dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100")}>
            Read Blog
          </Link>
        </div>
      </section>

      <div className="px-4 pt-6">
        <AdSlot ads={ads} placement="headerBanner" kind="banner" />
      </div>

      <div className="mx-auto max-w-6xl px-4 py-12">
        <section aria-labelledby="promo-heading" className="overflow-hidden rounded-2xl bg-brand-700 p-8 text-white shadow-lg sm:p-10">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Our headline tool</p>
          <h2 id="promo-heading" className="mt-2 text-3xl font-bold">
            DDS to PNG Converter
          </h2>
          <p className="mt-3 max-w-2xl text-brand-50">
            Turn DirectDraw Surface textures into PNG images in your browser: BC1 to BC7, DX10 headers, mipmaps, cubemaps and arrays.
          </p>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li className="flex items-center gap-2">
              <HardDrive className="h-4 w-4" aria-hidden="true" /> Large files: limited only by your device's memory
            </li>
            <li className="flex items-center gap-2">
              <Zap className="h-4 w-4" aria-hidden="true" /> Fast Conversion
            </li>
            <li className="flex items-center gap-2">
              <Gift className="h-4 w-4" aria-hidden="true" /> Free Forever
            </li>
          </ul>
          <Link to="/tool/dds-to-png" className="mt-8 inline-flex items-center gap-2 rounded-md bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            Start Converting <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </section>

        <section aria-labelledby="featured-heading" className="mt-16">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="featured-heading" className="text-2xl font-bold">
              Featured Tools
            </h2>
            <Link to="/tools" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-dark">
              View All Tools <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((tool) => (
              <li key={tool.slug}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        </section>

        <section aria-label="Why use these tools" className="mt-16 grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>
            </div>
          ))}
        </section>

        <SeoSection section={seo} />
      </div>
    </>
  );
}
