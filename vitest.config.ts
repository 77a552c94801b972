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
          // The files share their workers' imports: importing the web app, the AWS SDK and
          // core again for each of 140 files was most of the suite's time (604 s with, 83 s
          // without, on a loaded two-core machine). Mocks and module state outlive a file here:
          // a file that mocks core (vi.mock) or needs a context made from its own environment
          // imports afresh and undoes its mocks itself (web/app/actions.test.ts,
          // functions/src/stripe-webhook.test.ts).
          isolate: false,
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
          // Budgets, not timings: beside the unit and infrastructure suites and the rehearsal on
          // a two-core machine, a test that delivers a table's stream took over 30 s. The files
          // run one at a time (vitest's default on two cores): three at a time beside the other
          // suites gave no shorter phase, and table calls then missed their own deadlines.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
