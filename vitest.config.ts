import { defineConfig } from "vitest/config";

// Plain vitest config (no Remix plugin). Projects:
// - unit: pure rules, no I/O, run in parallel;
// - infra: the synthesized templates;
// - integration and integration-apps: against the local cloud (DynamoDB Local, S3, SES).
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
      // The integration tests, against the local cloud (DynamoDB Local, S3, SES) that the global
      // setup starts, once per project. Budgets against a hang, not timings: two files at a time
      // beside the unit and infrastructure suites and the rehearsal on a two-core machine, a test
      // that delivers a table's stream took 54 s (twelve paid orders' aggregates).
      {
        test: {
          // core's files pass their context to every call and keep no state of their own in a
          // module, so they share their workers' imports, as the unit tests do: importing the
          // AWS SDK and core again for each file was about 2 s a file, 174 s of the suite.
          name: "integration",
          include: ["core/**/*.int.test.ts"],
          globalSetup: ["packages/local-cloud/src/vitest-global-setup.ts"],
          setupFiles: ["packages/local-cloud/src/vitest-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          isolate: false,
        },
      },
      {
        test: {
          // The functions, the local cloud's stand-ins, the web app and the scripts keep state in
          // their modules (a function's context made once from its environment, Remix's globals):
          // each file imports afresh.
          name: "integration-apps",
          include: ["**/*.int.test.ts"],
          exclude: ["core/**", "**/node_modules/**"],
          globalSetup: ["packages/local-cloud/src/vitest-global-setup.ts"],
          setupFiles: ["packages/local-cloud/src/vitest-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
