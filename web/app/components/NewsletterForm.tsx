// The footer's newsletter sign-up (docs/product.md §5 "Footer newsletter"): E-mail required and valid,
// checked by the action's schema on the server (the footer is on every page: keeping the schema
// library out of the browser bundle saves every page a few kilobytes). Success: the toast "You have been subscribed
// to our newsletter" and the field cleared; failure: the server's message under the form, the
// field kept. Without JavaScript it is a plain POST and a redirect back with a toast.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { showToast } from "../lib/toast";
import type { NewsletterAnswer } from "../routes/newsletter";
import { useHydrated } from "./useHydrated";

export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterAnswer>({ key: "newsletter-footer" });
  const location = useLocation();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
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
  const error = answer && !answer.ok && !edited ? Object.values(answer.fieldErrors)[0] : undefined;

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
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEdited(true);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "newsletter-error" : undefined}
            className="h-10 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-accent-600 aria-[invalid=true]:border-red-600"
          />
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="h-10 shrink-0 rounded-md bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
          >
            Subscribe
          </button>
        </div>
        {error ? (
          <p id="newsletter-error" role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </fetcher.Form>
    </section>
  );
}
