// How the browser build is split (Rollup's manualChunks). Left alone, Rollup makes one chunk per
// set of routes sharing a module, and the home page loaded fifteen files, a dozen of them a few
// hundred bytes, each gzipped on its own (worse than together). Instead:
// - "vendor": React, React DOM and the Remix runtime, which every page loads;
// - "shell": the app's modules reachable from the layout (root.tsx: header, search, menus,
//   footer, toasts), with the few core rules they and the catalogue use (SHELL_CORE) and the
//   price and photo components every storefront page shows (SHELL_SHARED), which every page
//   reuses. The home catalogue's own components (filters, sort) stay in its route's chunk: a
//   product page does not load them. The search's live results (SearchResults.tsx) are imported
//   lazily, on the field's first focus or input, so they are a chunk of their own. So are the
//   layout's parts that nothing on the first paint needs, which the server renders and the
//   browser hydrates once their chunk has arrived (the footer's newsletter form, the toasts'
//   region): "lazy-<module>".
// - "core-<area>": the other browser-safe core modules, one chunk per area (e.g. the admin's
//   product form in core-catalog, the quote in core-pricing). They must be named: the shell
//   reaches them through the core barrels (`@shop/core/catalog` re-exports the whole area), and
//   Rollup would otherwise put every dependency of the shell, used or not, into the shell.
//   An area's plain rules (modules that build no valibot schema, e.g. review figures, what a
//   size's stock means) are "core-<area>-rules": a page that only shows them (the product page)
//   does not load the area's forms, nor valibot with them.
// - "catalogue": the catalogue query's rules (its links, filters, sorts, pages) and its
//   pagination, which the catalogue, its cards and the search's results read and a product page
//   does not.
// - "product-choice": the product page's choice of colour and size (?colour=, ?size=, ?photo=)
//   and what a variant's stock means, which the catalogue does not read.
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
  /\/web\/app\/(components\/(Price|ResponsiveImage|Stars|ui-icons|buttons)|lib\/(unavailable|title|toast))\.tsx?$/;
/**
 * The core rules the layout and the home catalogue use: cart lines and their limits (and the
 * cart a page without JavaScript kept in a cookie, which the layout moves in), money and an
 * automatic offer's text on a card or product page (the price components show it), the
 * catalogue query, the search field's normalising, which pages are private (the layout's
 * noindex). (The cart's limits and the normalising, left to their areas' chunks, were two chunks
 * of a few dozen bytes that every page loaded.) The palette's ids and the sizes' tags, which a
 * stored cart's lines are checked by, are here too. The palette's names and swatches and the
 * sizes' labels and names (palette.ts, sizes.ts) are not: no storefront page's browser code
 * reads them (the loaders name the colours and sizes a page shows), so they stay in
 * core-catalog-rules, which the admin's and the cart's pages load
 * (docs/decisions/033-colourways-and-variants.md "Performance").
 */
const SHELL_CORE =
  /\/core\/src\/(catalog\/(size-tags|colour-ids|ids|categories|robots|photos)|cart\/(cart|line|cookie)|search\/normalize|pricing\/(money|offer-text))\.ts$/;
/**
 * The product page's choice of colour and size and what a variant's stock means: the product
 * page reads them, the home page and the catalogue do not. They import the shell's rules (the
 * ids, the tags, the photos' parameter), never the other way.
 */
const PRODUCT_CHOICE = /\/core\/src\/(catalog\/product-choice|inventory\/stock)\.ts$/;
/**
 * The catalogue query's rules in the browser (its links, filters, sorts and pages, what a filter
 * finds in stock): the catalogue, its cards and the search's results read them, a product page
 * does not. They import the shell's rules (the palette's ids, the sizes' tags), never the other
 * way; the pagination component is the home page's, and the admin's product list's.
 */
const CATALOGUE_CORE =
  /(\/core\/src\/catalog\/(query|pagination|in-stock)\.ts|\/web\/app\/components\/Pagination\.tsx)$/;
const CORE_AREA = /\/core\/src\/([^/]+)\//;
/**
 * Every form's field: the footer's newsletter form (a lazy part of the shell) and the forms'
 * pages share it, without the newsletter form.
 */
const FIELD = /\/web\/app\/components\/Field\.tsx$/;

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

/**
 * The app's modules (web/app) statically imported, directly or not, by the shell's roots. Not
 * those the app imports lazily (`lazy(() => import(…))`), whose server branch imports them
 * statically (the footer's newsletter form): they are chunks of their own.
 */
function shellModules(meta: ManualChunkMeta): Set<string> {
  if (shell) return shell;
  const found = new Set<string>();
  const lazy = lazyModules(meta);
  const stack = [...meta.getModuleIds()].filter((id) => SHELL_ROOTS.some((r) => r.test(id)));
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (found.has(id) || lazy.has(id) || !id.includes("/web/app/")) continue;
    found.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  shell = found;
  return found;
}

let lazyIds: Set<string> | undefined;

/** The app's modules some module imports lazily (`import(…)`). */
function lazyModules(meta: ManualChunkMeta): Set<string> {
  lazyIds ??= new Set(
    [...meta.getModuleIds()].flatMap((id) => meta.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
  );
  return lazyIds;
}

export const storefrontChunks: GetManualChunk = (id, meta) => {
  if (VENDOR.test(id)) return "vendor";
  if (id.includes("/node_modules/valibot/")) return "valibot";
  if (SHELL_CORE.test(id) || SHELL_SHARED.test(id) || shellModules(meta).has(id)) return "shell";
  // The shell's lazy parts (imported statically too, by the server's branch): a chunk each, or
  // Rollup would put them in the shell, whose modules import them.
  const lazyPart = lazyModules(meta).has(id)
    ? meta.getModuleInfo(id)?.importers.some((importer) => shellModules(meta).has(importer))
    : false;
  if (lazyPart) return `lazy-${/([^/]+)\.tsx?$/.exec(id)?.[1] ?? "part"}`;
  if (FIELD.test(id)) return "field";
  if (CATALOGUE_CORE.test(id)) return "catalogue";
  if (PRODUCT_CHOICE.test(id)) return "product-choice";
  const area = CORE_AREA.exec(id)?.[1];
  if (area) return buildsSchemas(id, meta) ? `core-${area}` : `core-${area}-rules`;
  return undefined;
};
