// `npm test`: what a change in code needs, in phases: typecheck, lint and the web build, then the
// unit, integration and infrastructure tests. `npm run test:full` (`--full`, the gate `.ci/run`
// runs) adds the deploy rehearsal after the infrastructure tests and the end-to-end tests last.
// Within a phase, lanes run side by side (each line of their
// output prefixed with the suite's name), and the suites of a lane one after the other: most
// suites wait on something other than the processor (DynamoDB Local, the synthesis's files, a
// Lambda's answer) and a machine has at least two cores. The integration tests, the longest
// suite, have a lane of their own; the rehearsal follows the infrastructure tests in theirs. The
// end-to-end suite runs alone, last: it keeps both cores busy with two browsers, the shop and
// DynamoDB Local, and its timeouts assume no other suite beside it.
// Every suite runs even after another fails (but nothing after a failed build); the command
// fails if any did, naming them, and prints each suite's duration.
import { spawn } from "node:child_process";

interface Suite {
  name: string;
  /** An npm script, or a command of its own. */
  command: string[];
}

/** Suites run one after the other. */
type Lane = Suite[];

const npm = (script: string): Suite => ({ name: script, command: ["npm", "run", "-s", script] });

const FULL = process.argv.includes("--full");
const COMMAND = FULL ? "npm run test:full" : "npm test";

const PHASES: Lane[][] = [
  // The web build is what the infrastructure tests, the rehearsal, the end-to-end tests and the
  // site's log test (web/server/no-token-in-logs.int.test.ts) read.
  [[npm("typecheck")], [npm("lint")], [npm("build")]],
  [
    // Two integration files at a time when nothing heavier runs beside them; one at a time in
    // the gate, where the rehearsal runs too: there, with two, the 500-mail newsletter test once
    // mailed a subscriber twice (docs/decisions/049-test-loops-time.md).
    [
      FULL
        ? npm("test:integration")
        : {
            name: "test:integration",
            command: ["npm", "run", "-s", "test:integration", "--", "--maxWorkers", "2"],
          },
    ],
    [npm("test:unit")],
    FULL ? [npm("test:infra"), npm("test:rehearsal")] : [npm("test:infra")],
  ],
  ...(FULL
    ? [
        [
          [
            {
              name: "test:e2e",
              command: ["npx", "playwright", "test", "-c", "packages/e2e/playwright.config.ts"],
            },
          ],
        ],
      ]
    : []),
];

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

function run(suite: Suite, prefixed: boolean): Promise<{ suite: Suite; ok: boolean; ms: number }> {
  const started = Date.now();
  const [command = "", ...args] = suite.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: prefixed ? ["ignore", "pipe", "pipe"] : "inherit",
      env: process.env,
    });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream?.setEncoding("utf8");
        stream?.on("data", (chunk: string) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) process.stdout.write(`[${suite.name}] ${line}\n`);
        });
        stream?.on("end", () => {
          if (rest) process.stdout.write(`[${suite.name}] ${rest}\n`);
        });
      }
    }
    child.on("error", (error) => {
      process.stdout.write(`[${suite.name}] could not start: ${error.message}\n`);
      resolve({ suite, ok: false, ms: Date.now() - started });
    });
    child.on("exit", (code) => resolve({ suite, ok: code === 0, ms: Date.now() - started }));
  });
}

const started = Date.now();
const failed: string[] = [];
const timings: string[] = [];
async function runLane(lane: Lane, prefixed: boolean) {
  const results: Array<Awaited<ReturnType<typeof run>>> = [];
  for (const suite of lane) results.push(await run(suite, prefixed));
  return results;
}

for (const phase of PHASES) {
  const results = (await Promise.all(phase.map((lane) => runLane(lane, phase.length > 1)))).flat();
  for (const { suite, ok, ms } of results) {
    timings.push(`${suite.name} ${seconds(ms)}${ok ? "" : " (failed)"}`);
    if (!ok) failed.push(suite.name);
  }
  // Without a web build the later suites would only fail for want of it.
  if (failed.includes("build")) break;
}
console.log(`\n${COMMAND}: ${seconds(Date.now() - started)} (${timings.join(", ")})`);
if (failed.length > 0) {
  console.error(`${COMMAND} failed: ${failed.join(", ")}`);
  process.exit(1);
}
