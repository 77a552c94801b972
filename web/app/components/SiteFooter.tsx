import { Link } from "@remix-run/react";
import { useId } from "react";
import { CATEGORY_LINKS, COMPANY_LINKS, CUSTOMER_SERVICE_LINKS, SHOP_NAME } from "../lib/shop";
import { NewsletterForm } from "./NewsletterForm";

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
        <NewsletterForm />
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
