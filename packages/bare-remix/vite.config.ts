// The bare Remix page of the cold-start comparison (scripts/lib/bench-cold.ts,
// docs/decisions/022-lean-bundles.md): the same Remix and Vite as web/, their defaults (Remix's
// own entry.server and entry.client), one route. Output: build/server/index.js and build/client,
// as SST's RemixSite expects of a Vite build.
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    remix({
      appDirectory: "app",
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
});
