import type { MetaArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { publicPageMeta } from "../lib/meta";
import { pageTitle } from "../lib/title";

interface SectionLink {
  readonly label: string;
  readonly to: string;
}

/**
 * The layout of the static pages (company, customer service): a side nav of the section's
 * pages (a row of links on small screens) and the page. Used by the section's layout route.
 */
export function StaticSection({ title, links }: { title: string; links: readonly SectionLink[] }) {
  return (
    <div className="container-page py-10 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-12 lg:py-14">
      <nav aria-label={title} className="mb-8 lg:mb-0">
        <p className="text-sm font-semibold tracking-wide text-stone-900 uppercase">{title}</p>
        <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-1.5 text-sm ${
                    isActive
                      ? "bg-accent-50 font-semibold text-accent-800"
                      : "text-stone-700 hover:bg-stone-100 hover:text-stone-900"
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

/** A static page's heading, lead paragraph and body text, with readable typography. */
export function StaticPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-4 text-lg text-stone-600">{lead}</p> : null}
      <div className="mt-8 space-y-4 leading-relaxed text-stone-700 [&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900 [&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-stone-900 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1">
        {children}
      </div>
    </article>
  );
}

/** The meta tags of a static page: a public page with its title and description. */
export function staticMeta(
  title: string,
  description: string,
  args: Pick<MetaArgs, "location" | "matches">,
) {
  return publicPageMeta(args, { title: pageTitle(title), description });
}
