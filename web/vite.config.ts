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
        terserOptions: { compress: { passes: 2, pure_getters: true } },
        rollupOptions: {
          output: { manualChunks: storefrontChunks },
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
