import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and in the first client render, true once React runs in the browser.
 * Controls that need JavaScript (a slide-over, an auto-submitting select) start from their
 * no-JavaScript form and switch after hydration, without a hydration mismatch.
 *
 * The switch is a transition: React renders it in slices of a few milliseconds that give way
 * to the browser, where a plain update from an effect would re-render the header, the filters
 * and the colour picker in one long task right after the hydration's own
 * (docs/decisions/033-colourways-and-variants.md, "Lighthouse").
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
