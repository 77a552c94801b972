// The footer's newsletter sign-up (docs/product.md §5 "Footer newsletter"): E-mail required and valid,
// checked by the action's schema on the server only. The footer is on every page, and Conform's
// form hook with the schema would add about 15 kB gzip to each (docs/decisions/015-forms.md), so
// this form reads the server's Conform reply itself and shows it through the same Field. Success:
// the toast "You have been subscribed to our newsletter" and the field cleared; failure: the
// server's message under the form, the field kept. Without JavaScript it is a plain POST and a
// redirect back with a toast.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { showToast } from "../lib/toast";
import type { NewsletterAnswer } from "../routes/newsletter";
import { Field, firstError } from "./Field";
import { useHydrated } from "./useHydrated";

export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterAnswer>({ key: "newsletter-footer" });
  const location = useLocation();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  // This form hydrates from a chunk of its own, after the page (SiteFooter.tsx): what the shopper
  // typed into the server's field meanwhile is kept, not reset by the first render after it.
  useEffect(() => {
    const typed = (document.getElementById("newsletter-email") as HTMLInputElement | null)?.value;
    if (typed) setEmail(typed);
  }, []);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (answer?.ok) {
      showToast({ type: "success", title: "Success", description: answer.message });
      setEmail("");
    }
  }, [answer]);

  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (answer) setEdited(false);
  }, [answer]);
  const error = answer && !answer.ok && !edited ? firstError(answer.result) : undefined;

  return (
    <section aria-labelledby="newsletter-heading" className="col-span-2 lg:col-span-1">
      <h2 id="newsletter-heading" className="text-sm font-semibold text-stone-900">
        Newsletter
      </h2>
      <p className="mt-4 text-sm text-stone-600">
        New arrivals and offers, about once a month. Unsubscribe at any time.
      </p>
      <fetcher.Form method="post" action="/newsletter" noValidate className="mt-4">
        <input type="hidden" name="intent" value="subscribe" />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <Field
          meta={{
            id: "newsletter-email",
            name: "email",
            errorId: "newsletter-error",
            descriptionId: "newsletter-description",
            errors: error ? [error] : undefined,
          }}
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEdited(true);
          }}
          alert
          controlClassName="h-10 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-accent-600 aria-[invalid=true]:border-red-600"
          addon={
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy}
              className="h-10 shrink-0 rounded-md bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
            >
              Subscribe
            </button>
          }
        />
      </fetcher.Form>
    </section>
  );
}
