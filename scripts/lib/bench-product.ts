// The product page's server time (npm run bench; BENCH_PRODUCT_ONLY=1 runs it alone): requests
// one at a time straight to the site (no shared cache in front, no queueing behind other
// requests), so each figure is what the server spends on one view. Three ways a page is asked for:
// - the anonymous document (the shared page: its data read, its render kept in the render cache);
// - the signed-in customer's document (private: read and rendered each time, with the session and
//   "may this visitor review");
// - the signed-in customer's client navigation (Remix's single-fetch data request, `.data`): the
//   time to its first byte (the page's critical data) and to its last (deferred data included).
// Medians and 90th percentiles in milliseconds; the same run on an older commit gives "before".
import { median } from "./bench-cold.ts";

export interface ProductTimingOptions {
  /** The site's origin, e.g. http://127.0.0.1:3000. */
  base: string;
  slug: string;
  /** `sid=…` of a signed-in customer. */
  sessionCookie: string;
  /** Timed requests of each kind (after as many untimed ones). */
  requests: number;
}

export interface ProductTiming {
  name: string;
  /** Time to the response's headers and first byte (ms). */
  firstByte: number[];
  /** Time to the last byte (ms). */
  whole: number[];
}

/** The product page's route, as Remix's single fetch names it in a data request. */
const ROUTE_ID = "routes/product.$slug";

/** One request, timed to its first byte and to its last. */
export async function timeRequest(
  url: string,
  headers: Record<string, string>,
): Promise<{ firstByte: number; whole: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual" });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  const reader = response.body?.getReader();
  let firstByte: number | undefined;
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    firstByte ??= performance.now() - started;
  }
  const whole = performance.now() - started;
  return { firstByte: firstByte ?? whole, whole };
}

export async function productPageTimings(options: ProductTimingOptions): Promise<ProductTiming[]> {
  const page = `${options.base}/product/${options.slug}`;
  // A document is asked for as a browser's navigation asks: for HTML.
  const html = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
  const kinds: { name: string; url: string; headers: Record<string, string> }[] = [
    { name: "anonymous document", url: page, headers: html },
    {
      name: "signed-in document",
      url: page,
      headers: { ...html, Cookie: options.sessionCookie },
    },
    {
      name: "signed-in navigation (data)",
      // A client navigation's request (single fetch: `<path>.data`, the route's data only).
      url: `${page}.data?_routes=${encodeURIComponent(ROUTE_ID)}`,
      headers: { Cookie: options.sessionCookie },
    },
  ];
  const timings: ProductTiming[] = kinds.map((kind) => ({
    name: kind.name,
    firstByte: [],
    whole: [],
  }));
  // Alternate the kinds request by request, so that whatever else the machine does falls on all.
  for (let i = 0; i < options.requests * 2; i++) {
    for (const [k, kind] of kinds.entries()) {
      const figures = await timeRequest(kind.url, kind.headers);
      if (i < options.requests) continue; // the untimed half: warm-up
      timings[k]?.firstByte.push(figures.firstByte);
      timings[k]?.whole.push(figures.whole);
    }
  }
  return timings;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** The figures as printed lines. */
export function productTimingLines(timings: ProductTiming[], requests: number): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const rows = timings.map((t) => [
    t.name,
    `${ms(median(t.firstByte))} / ${ms(percentile(t.firstByte, 90))}`,
    `${ms(median(t.whole))} / ${ms(percentile(t.whole, 90))}`,
  ]);
  const headers = ["product page, one at a time", "first byte p50/p90", "whole p50/p90"];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ");
  return [
    `Product page server time (${requests} requests of each kind, straight to the site):`,
    line(headers),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
  ];
}
