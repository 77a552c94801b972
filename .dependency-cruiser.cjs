// The boundary check of `npm run lint` (docs/architecture.md §1 "Repository layout"): which
// imports may cross core's areas and the workspaces. Run over core/src, web/app and functions/src.
//
// Test files are left out of the cruise: a test may import any area to set up its data (a
// catalogue test writes a review, a review test creates a product), which at folder level reads
// as a cycle though nothing that runs in the shop loads it; and core's integration tests use the
// local cloud's helpers (packages/local-cloud) by design.

/** An area of core: a folder of core/src (its subfolders belong to it). */
const AREA = "^core/src/([^/]+)";

module.exports = {
  forbidden: [
    {
      // No module imports itself back, through any number of others, type-only imports
      // included: what two modules both need sits below them (types and schemas at the bottom
      // of an area: orders/state.ts), what connects them sits above.
      name: "no-circular",
      comment:
        "This module is part of an import cycle. Move what the modules of the cycle share into a module they both import (pure types and schemas at the bottom), or wire them together from above. The cycle: npx depcruise <file> --config .dependency-cruiser.cjs --output-type text",
      severity: "error",
      from: { path: "^(core/src|web/app|functions/src)/" },
      to: { circular: true },
    },
    {
      // An area is a layer the others build on, or builds on them: no cycle between areas, even
      // through modules that are not in a cycle themselves (no-circular checks modules).
      name: "no-cycle-between-areas",
      comment:
        "This area is part of an import cycle between core's areas. Move what both need into a module they both depend on, or wire the areas together from above (core/src/reactions/ for reactions to domain events). The imports from area A into area B: npx depcruise core/src/A --config .dependency-cruiser.cjs --output-type text | grep core/src/B/",
      severity: "error",
      scope: "folder",
      from: { path: `${AREA}$` },
      to: { circular: true, pathNot: `^core/src/$1/` },
    },
    {
      name: "core-stands-alone",
      comment:
        "core/ is the framework-free domain: it imports nothing from web/, functions/ or packages/, and no Remix or Lambda types.",
      severity: "error",
      from: { path: "^core/" },
      to: {
        path: [
          "^(web|functions|packages)/",
          // Resolved into node_modules, or (not installed where core looks) the bare name.
          "(^|/)node_modules/(@remix-run/|(@types/)?aws-lambda/)",
          "^(@remix-run/|(@types/)?aws-lambda$)",
        ],
      },
    },
    {
      name: "core-through-its-exports",
      comment:
        "web/ and functions/ import core through its package exports (@shop/core/<area>, @shop/core/server/<area>, and for tests @shop/core/testing/<area>), never a file inside an area.",
      severity: "error",
      from: { path: "^(web|functions)/" },
      to: {
        path: "^core/",
        pathNot: "^core/src/[^/]+/(index(\\.server)?|test-fixtures)\\.ts$",
      },
    },
    {
      name: "core-test-fixtures-in-tests",
      comment:
        "core's test fixtures (@shop/core/testing/<area>, an area's test-fixtures.ts) are for tests only: never in what the shop runs.",
      severity: "error",
      from: { path: "^(web|functions)/", pathNot: "\\.test(-support)?\\.tsx?$" },
      to: { path: "^core/src/[^/]+/test-fixtures\\.ts$" },
    },
    {
      name: "powertools-in-its-adapters",
      comment:
        "Powertools' Logger, Metrics and Tracer are written only by the telemetry adapters (functions/src/lambda/observability.ts, web/app/lib/observability.server.ts, and what they share, packages/powertools), Batch only by the Lambda adapters (functions/src/lambda/), Parameters only by the secrets loader; everything else logs and counts through core's port, core/src/context/telemetry.ts (docs/decisions/025-powertools.md).",
      severity: "error",
      from: {
        path: "^(core/src|web/app|functions/src)/",
        pathNot: [
          "^functions/src/lambda/observability\\.ts$",
          "^web/app/lib/observability\\.server\\.ts$",
          "^functions/src/lambda/(queues|stream)\\.ts$",
          "^core/src/context/sst-secrets\\.server\\.ts$",
        ],
      },
      to: { path: "(^|/)node_modules/@aws-lambda-powertools/" },
    },
    {
      name: "core-not-by-relative-path",
      comment:
        "web/ and functions/ import core as the package @shop/core, not by a relative path into core/.",
      severity: "error",
      from: { path: "^(web|functions)/" },
      to: { path: "^core/", dependencyTypes: ["local"] },
    },
    {
      name: "loaded-on-first-use",
      comment:
        "Stripe's SDK, the S3 and SES clients (with S3's uploads, presigned links and presigned POST), csv-stringify and the dashboard's charts are imported on first use, behind a dynamic import() (docs/decisions/022-lean-bundles.md): a static import puts them back into every cold start. Import their types only (import type), go through core/src/storage for S3 and the payment adapters for Stripe, or import the module with await import().",
      severity: "error",
      from: {
        path: "^(core/src|web/app|functions/src)/",
        // The lazily loaded modules themselves (each imported only dynamically, as `to` checks).
        pathNot: [
          "^core/src/storage/(s3|transfer)\\.server\\.ts$",
          "^web/app/components/admin/(charts\\.ts|RevenueChart\\.tsx|OrdersByStateChart\\.tsx)$",
        ],
      },
      to: {
        path: [
          "(^|/)node_modules/(stripe|@aws-sdk/client-s3|@aws-sdk/client-sesv2|@aws-sdk/lib-storage|@aws-sdk/s3-presigned-post|@aws-sdk/s3-request-presigner|csv-stringify|@visx/[^/]+)/",
          "^core/src/storage/(s3|transfer)\\.server\\.ts$",
          "^web/app/components/admin/(charts\\.ts|RevenueChart\\.tsx|OrdersByStateChart\\.tsx)$",
        ],
        dependencyTypesNot: ["type-only", "type-import", "dynamic-import"],
      },
    },
    {
      name: "remix-node-index-off-the-site",
      comment:
        "The site answers on Node's own fetch classes (web/server/lambda-handler.ts, docs/decisions/022-lean-bundles.md). @remix-run/node's index installs Remix's fetch polyfill and requires undici: importing a value from it puts half a megabyte back into the site's Lambda bundle. Import Remix's server functions from @remix-run/server-runtime, createCookie and createReadableStreamFromReadable from web/app/lib/node-platform.server.ts; types from @remix-run/node (import type) are fine.",
      severity: "error",
      from: { path: "^web/(app|server)/" },
      to: {
        path: "(^|/)node_modules/@remix-run/node/dist/index\\.(js|d\\.ts)$",
        dependencyTypesNot: ["type-only", "type-import"],
      },
    },
  ],
  options: {
    // node_modules is not excluded (that would drop the imports into it, which core-stands-alone
    // checks), only not followed; other workspaces are resolved (to tell where an import lands)
    // but not cruised either.
    exclude: { path: ["(^|/)build/", "\\.test\\.tsx?$"] },
    doNotFollow: { path: ["node_modules", "^packages/"] },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count: a cycle through types is still a cycle between areas.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
