import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { storefrontChunks } from "./vite.chunks";

declare module "@remix-run/node" {
  // Loaders return plain objects (single fetch), so `useLoaderData<typeof loader>` infers them.
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build runs on Node 20 (top-level await in entry.server.tsx). The browser build
  // is minified with terser (about 4 kB less gzip than esbuild on React DOM and the Remix
  // runtime) and grouped into a few chunks (vite.chunks.ts), since a dozen tiny chunks gzip
  // worse than one.
  build: isSsrBuild
    ? {
        target: "node20",
        rollupOptions: {
          // core's invoice module imports pdf-lib, which the site never calls (the invoice
          // function draws invoices): without this the server build keeps a bare
          // `import "pdf-lib"`, and every cold start on Lambda loads about 1 MB for nothing.
          treeshake: {
            moduleSideEffects: (id: string, external: boolean) => !(external && id === "pdf-lib"),
          },
        },
      }
    : {
        minify: "terser" as const,
        // Browsers from 2022 on run the app's code as written (optional chaining, class fields)
        // instead of Vite's default of 2020 rewriting it (about 0.3 kB gzip a page). An older one
        // fails to start the scripts and keeps the server-rendered page, which works without
        // JavaScript (docs/architecture.md §1).
        target: ["es2022", "chrome100", "edge100", "firefox100", "safari15.4"],
        // pure_getters: a property read whose value is unused is dropped (about 0.5 kB gzip a
        // page). Safe while nothing in the app or its browser libraries reads a property for its
        // effect (a getter with work to do, a reflow forced by reading offsetHeight).
        // safari10: false, since the target is Safari 15.4 on: Vite asks terser for Safari 10's
        // workarounds (about 0.2 kB gzip of React DOM and the Remix runtime).
        terserOptions: { compress: { passes: 2, pure_getters: true }, safari10: false },
        // A chunk the app imports lazily (the search's results, "Notify me", the review form)
        // loads its own imports when it arrives: the page's code is preloaded by Remix from its
        // manifest, and Vite's preload helper (about 0.4 kB gzip in the shell) is replaced by a
        // plain call (the shop:lean-preload plugin below).
        modulePreload: false as const,
        rollupOptions: {
          output: { manualChunks: storefrontChunks },
          // Core's modules do nothing when imported (docs/architecture.md §1: rules, no
          // framework): one that the browser's code takes nothing from is left out, and so is the
          // chunk that holds it. Else the barrels (`@shop/core/catalog`) would make the shell
          // import the chunk of every module they re-export that builds a table as it loads (the
          // palette, the sizes), and load it on every page.
          treeshake: { moduleSideEffects: (id: string) => !/\/core\/src\//.test(id) },
          // Two chunks importing each other can run a module before one it reads is initialised
          // ("Cannot access before initialization" as the page starts): vite.chunks.ts must keep
          // the shell closed, so such a split fails the build instead of a page.
          onwarn(warning, warn) {
            if (warning.code === "CIRCULAR_CHUNK") throw new Error(warning.message);
            warn(warning);
          },
        },
      },
  plugins: [
    // With modulePreload off, Vite still wraps each lazy import() in its preload helper, whose
    // list of files to preload is then always empty: the helper is one call. (Vite's internal
    // module id: should it change, the helper comes back, and `npm run bench` shows its weight.)
    {
      name: "shop:lean-preload",
      enforce: "pre" as const,
      apply: "build" as const,
      load(id: string) {
        if (id === "\0vite/preload-helper.js") {
          return {
            code: "export const __vitePreload = (load) => load();",
            moduleSideEffects: false,
          };
        }
      },
    },
    tailwindcss(),
    remix({
      // Output: build/server/index.js (for remix-serve and the SST RemixSite) and build/client.
      buildDirectory: "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  ssr: {
    // Workspace packages (@shop/core) are TypeScript sources: bundle them into the server build.
    // So are the e-mail renderer's packages: npm installs @react-email/render with the versions
    // it needs (prettier 3, html-to-text…) under core/node_modules, since the root holds others
    // (prettier 2 for @remix-run/dev), and the built server (web/build/server) would resolve
    // those from the root, or not at all.
    noExternal: [
      /^@shop\//,
      /^@react-email\//,
      /^prettier(\/|$)/,
      /^html-to-text$/,
      /^htmlparser2$/,
      /^@?selderee(\/|$)/,
      /^leac$/,
      /^parseley$/,
      /^peberminta$/,
    ],
  },
}));
