// How the browser build is split (Rollup's manualChunks). Left alone, Rollup makes one chunk per
// set of routes sharing a module, and the home page loaded fifteen files, a dozen of them a few
// hundred bytes, each gzipped on its own (worse than together). Instead:
// - "vendor": React, React DOM and the Remix runtime, which every page loads;
// - "shell": the app's own modules reachable from the layout (root.tsx: header, search, menus,
//   footer, toasts) and from the home catalogue (product._index.tsx), so the landing page is
//   two files and every other page reuses them from the cache. Rollup adds the core modules
//   they import to the same chunk.
// - "pricing": the quote and delivery rules. The shell reaches them only through the
//   `@shop/core/pricing` barrel (it uses money formatting), the cart and checkout use them:
//   named apart, they stay out of the landing page.
// - "valibot": every schema function the app uses. Left unnamed, Rollup would add it to the
//   shell as a dependency of the core barrels, and the landing page, which parses no form,
//   would load it.
// Everything else (product page, cart, checkout, accounts, admin) keeps Rollup's own
// split, so a route's code loads only where it is used. `npm run bench` prints what each page
// loads.
import type { GetManualChunk, ManualChunkMeta } from "rollup";

const VENDOR =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
const SHELL_ROOTS = [/\/web\/app\/root\.tsx$/, /\/web\/app\/routes\/product\._index\.tsx$/];
const PRICING_RULES = /\/core\/src\/pricing\/(quote|delivery)\.ts$/;

let shell: Set<string> | undefined;

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
  if (PRICING_RULES.test(id)) return "pricing";
  if (id.includes("/node_modules/valibot/")) return "valibot";
  if (shellModules(meta).has(id)) return "shell";
  return undefined;
};
