// How the browser build is split (Rollup's manualChunks). Left alone, Rollup makes one chunk per
// set of routes sharing a module, and the home page loaded fifteen files, a dozen of them a few
// hundred bytes, each gzipped on its own (worse than together). Instead:
// - "vendor": React, React DOM and the Remix runtime, which every page loads;
// - "shell": the app's modules reachable from the layout (root.tsx: header, search, menus,
//   footer, toasts), with the few core rules they and the catalogue use (SHELL_CORE) and the
//   price and photo components every storefront page shows (SHELL_SHARED), which every page
//   reuses. The home catalogue's own components (filters, sort, pagination) stay in its route's
//   chunk: a product page does not load them. The search's live results (SearchResults.tsx)
//   are imported lazily, on the field's first focus or input, so they are a chunk of their own.
// - "core-<area>": the other browser-safe core modules, one chunk per area (e.g. the admin's
//   product form in core-catalog, the quote in core-pricing). They must be named: the shell
//   reaches them through the core barrels (`@shop/core/catalog` re-exports the whole area), and
//   Rollup would otherwise put every dependency of the shell, used or not, into the shell.
//   An area's plain rules (modules that build no valibot schema, e.g. review figures, what a
//   size's stock means) are "core-<area>-rules": a page that only shows them (the product page)
//   does not load the area's forms, nor valibot with them.
// - "catalogue": the catalogue query's rules (its links, filters, sorts, pages), which the
//   catalogue, its cards and the search's results read and a product page does not.
// - "valibot": every schema function the app uses, for the same reason (no form on the landing
//   page parses anything in the browser).
// A chunk may import the shell, never the other way: two chunks importing each other can run a
// module before one it reads is initialised, and the page fails to start ("Cannot access before
// initialization"). The build fails on such a cycle (vite.config.ts).
// Everything else (route modules and their components) keeps Rollup's own split, so a route's
// code loads only where it is used. Whatever the names, each page gets the code it imports;
// the names only decide sizes, which `npm run bench` prints per page.
import type { GetManualChunk, ManualChunkMeta } from "rollup";

const VENDOR =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
const SHELL_ROOTS = [/\/web\/app\/root\.tsx$/];
/**
 * Small modules most storefront pages use: in the shell rather than in chunks of a few hundred
 * bytes of their own (each gzipped alone, with its import glue). The price and photo of cards,
 * cart lines and the product page; the stars of cards and the product page; the icons; the
 * two button styles and the action-answer hook of every form; page titles.
 */
const SHELL_SHARED =
  /\/web\/app\/(components\/(Price|ResponsiveImage|Stars|ui-icons|buttons)|lib\/(unavailable|title))\.tsx?$/;
/**
 * The core rules the layout and the home catalogue use: cart lines and their limits (and the
 * cart a page without JavaScript kept in a cookie, which the layout moves in), money, the
 * catalogue query, the search field's normalising, which pages are private (the layout's
 * noindex). (The cart's limits and the normalising, left to their areas' chunks, were two chunks
 * of a few dozen bytes that every page loaded.) The palette's ids and the sizes' tags (which a
 * stored cart's lines are checked by) and the product page's choice of colour and size
 * (?colour=, ?size=, ?photo=, with what a variant's stock means) are here too: in a chunk of
 * their own, it and the shell would import each other. The palette's names and swatches and the
 * sizes' labels and names (palette.ts, sizes.ts) are not: no storefront page's browser code
 * reads them (the loaders name the colours and sizes a page shows), so they stay in
 * core-catalog-rules, which the admin's and the cart's pages load
 * (docs/decisions/033-colourways-and-variants.md "Performance").
 */
const SHELL_CORE =
  /\/core\/src\/(catalog\/(size-tags|colour-ids|ids|categories|robots|photos|product-choice)|cart\/(cart|line|cookie)|inventory\/stock|search\/normalize|pricing\/money)\.ts$/;
/**
 * The catalogue query's rules in the browser (its links, filters, sorts and pages, what a filter
 * finds in stock): the catalogue, its cards and the search's results read them, a product page
 * does not. They import the shell's rules (the palette, the sizes), never the other way.
 */
const CATALOGUE_CORE = /\/core\/src\/catalog\/(query|pagination|in-stock)\.ts$/;
const CORE_AREA = /\/core\/src\/([^/]+)\//;

let shell: Set<string> | undefined;

/** Whether a core module builds valibot schemas, itself or through the core modules it imports. */
function buildsSchemas(id: string, meta: ManualChunkMeta): boolean {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const dep of meta.getModuleInfo(current)?.importedIds ?? []) {
      if (dep.includes("/node_modules/valibot/")) return true;
      if (CORE_AREA.test(dep)) stack.push(dep);
    }
  }
  return false;
}

/** The app's modules (web/app) statically imported, directly or not, by the shell's roots. */
function shellModules(meta: ManualChunkMeta): Set<string> {
  if (shell) return shell;
  const found = new Set<string>();
  const stack = [...meta.getModuleIds()].filter((id) => SHELL_ROOTS.some((r) => r.test(id)));
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (found.has(id) || !id.includes("/web/app/")) continue;
    found.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  shell = found;
  return found;
}

export const storefrontChunks: GetManualChunk = (id, meta) => {
  if (VENDOR.test(id)) return "vendor";
  if (id.includes("/node_modules/valibot/")) return "valibot";
  if (SHELL_CORE.test(id) || SHELL_SHARED.test(id) || shellModules(meta).has(id)) return "shell";
  if (CATALOGUE_CORE.test(id)) return "catalogue";
  const area = CORE_AREA.exec(id)?.[1];
  if (area) return buildsSchemas(id, meta) ? `core-${area}` : `core-${area}-rules`;
  return undefined;
};
