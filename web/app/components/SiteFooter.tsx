import { Link } from "@remix-run/react";
import { lazy, Suspense, useId } from "react";
import { CATEGORY_LINKS, COMPANY_LINKS, CUSTOMER_SERVICE_LINKS, SHOP_NAME } from "../lib/shop";
import { NewsletterForm } from "./NewsletterForm";

/**
 * The newsletter form: rendered by the server (a plain POST without JavaScript), and in the
 * browser a chunk of its own, which React hydrates once it has arrived, after the page's own code:
 * nothing the first paint needs waits for it (docs/decisions/033-colourways-and-variants.md
 * "Performance"). The router's updates are transitions, so the form the server rendered stays in
 * place meanwhile.
 */
const Newsletter = import.meta.env.SSR
  ? NewsletterForm
  : lazy(() => import("./NewsletterForm").then((module) => ({ default: module.NewsletterForm })));

interface FooterLink {
  readonly label: string;
  readonly to: string;
}

function LinkColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold text-stone-900">
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="text-sm text-stone-600 hover:text-accent-700 hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-50">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1fr_1fr_1fr_1.5fr]">
        <LinkColumn title="Shop" links={CATEGORY_LINKS} />
        <LinkColumn title="Company" links={COMPANY_LINKS} />
        <LinkColumn title="Customer Service" links={CUSTOMER_SERVICE_LINKS} />
        <Suspense fallback={null}>
          <Newsletter />
        </Suspense>
      </div>
      <div className="border-t border-stone-200">
        <p className="container-page py-6 text-sm text-stone-500">
          {/* The year can differ between server and browser around New Year. */}
          <span suppressHydrationWarning>
            © {year} {SHOP_NAME}
          </span>
        </p>
      </div>
    </footer>
  );
}
