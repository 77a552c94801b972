import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { CATEGORY_LINKS, COMPANY_LINKS, CUSTOMER_SERVICE_LINKS, SHOP_NAME } from "../lib/shop";

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

/** The newsletter sign-up. The /newsletter action arrives with the newsletter issue. */
function NewsletterForm() {
  return (
    <section aria-labelledby="newsletter-heading" className="col-span-2 lg:col-span-1">
      <h2 id="newsletter-heading" className="text-sm font-semibold text-stone-900">
        Newsletter
      </h2>
      <p className="mt-4 text-sm text-stone-600">
        New arrivals and offers, about once a month. Unsubscribe at any time.
      </p>
      <Form method="post" action="/newsletter" className="mt-4">
        <label htmlFor="newsletter-email" className="block text-sm font-medium text-stone-800">
          E-mail
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id="newsletter-email"
            type="email"
            name="email"
            required
            autoComplete="email"
            className="h-10 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-accent-600"
          />
          <button
            type="submit"
            className="h-10 shrink-0 rounded-md bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700"
          >
            Subscribe
          </button>
        </div>
      </Form>
    </section>
  );
}
