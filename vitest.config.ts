import { defineConfig } from "vitest/config";

// Plain vitest config (no Remix plugin). Two projects:
// - unit: pure rules, no I/O, run in parallel;
// - integration: against the local cloud (DynamoDB Local, S3, SES) started once by the global setup.
// The AWS SDK warns on every process about Node < 22; the lockfile pins versions that support 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "core/**/*.test.tsx",
            "scripts/**/*.test.ts",
            "functions/**/*.test.ts",
            "web/**/*.test.ts",
            "packages/local-cloud/**/*.test.ts",
            "packages/rehearsal/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts", "**/*.infra.test.ts", "**/node_modules/**"],
          // `npm test` runs this beside the integration and infra tests: a file's first test,
          // which pays for importing the web app's routes, took over 5 s on a loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // Synthesizes the SST stacks offline and asserts on the CloudFormation templates.
          name: "infra",
          include: ["stacks/**/*.infra.test.ts"],
          testTimeout: 180_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["**/node_modules/**"],
          globalSetup: ["packages/local-cloud/src/vitest-global-setup.ts"],
          // Budgets, not timings: with three files at a time beside the unit and infrastructure
          // suites, a test that delivers a table's stream took over 30 s on a two-core machine.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Its files wait on DynamoDB Local and the other stand-ins more than on the processor,
          // and each has tables of its own: three at a time, whatever the cores (vitest's default
          // is one fewer than the cores, a single file at a time on two).
          maxWorkers: 3,
        },
      },
    ],
  },
});
