import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  // Loaders return plain objects (single fetch), so `useLoaderData<typeof loader>` infers them.
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build runs on Node 20 (top-level await in entry.server.tsx); the browser build
  // keeps Vite's default browser targets.
  build: isSsrBuild ? { target: "node20" } : {},
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
    noExternal: [/^@shop\//],
  },
}));
