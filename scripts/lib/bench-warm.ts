// The warm origin next to a bare Remix page, in one run (npm run bench; BENCH_WARM_ONLY=1 runs it
// alone): the shop's production server (`npm start`'s web/server.ts, the seeded shop) and the bare
// Remix page of packages/bare-remix served by the same Node adapter (its server.js: Express and
// @remix-run/express, nothing else), each page loaded by autocannon with the same connections,
// alternating page by page over a few rounds, so that whatever else the machine does falls on
// both sides alike. The verdict: the catalogue and the product page at or above the bare page's
// requests per second (the median of the rounds).
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { BARE_REMIX, ensureBareBuild, median } from "./bench-cold.ts";

export interface WarmPage {
  name: string;
  url: string;
}

export interface WarmFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface WarmComparison {
  lines: string[];
  passed: boolean;
}

/** Starts packages/bare-remix/server.js on a free port; resolves with its URL and a stop. */
export async function startBareServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [join(BARE_REMIX, "server.js")], {
    cwd: BARE_REMIX,
    env: { ...process.env, NODE_ENV: "production", PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const match = /port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the bare Remix server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export interface WarmOptions {
  /** The shop's pages to compare (full URLs). */
  pages: WarmPage[];
  /** Loads one URL and answers its figures (the bench's `measure`: warm-up, then the run). */
  measure: (url: string) => Promise<WarmFigures>;
  rounds: number;
  log: (line: string) => void;
}

export async function warmComparison(options: WarmOptions): Promise<WarmComparison> {
  const { log } = options;
  await ensureBareBuild(log);
  const bare = await startBareServer();
  const bareName = "bare Remix page /product";
  const all = [{ name: bareName, url: `${bare.url}/product` }, ...options.pages];
  const figures = new Map<string, WarmFigures[]>(all.map((p) => [p.name, []]));
  try {
    for (let round = 0; round < options.rounds; round++) {
      // Alternate the order each round, so neither side always follows the other.
      const order = round % 2 === 0 ? all : [...all].reverse();
      for (const page of order) {
        log(`  [round ${round + 1}/${options.rounds}] ${page.name}`);
        figures.get(page.name)?.push(await options.measure(page.url));
      }
    }
  } finally {
    await bare.stop();
  }
  const rps = (name: string) => median((figures.get(name) ?? []).map((f) => f.rps));
  const bareRps = rps(bareName);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const rows = all.map((page) => {
    const runs = figures.get(page.name) ?? [];
    return [
      page.name,
      runs.map((f) => f.rps.toFixed(0)).join(", "),
      rps(page.name).toFixed(0),
      `${ms(median(runs.map((f) => f.p50)))}/${ms(median(runs.map((f) => f.p99)))}`,
      `${(rps(page.name) / bareRps).toFixed(2)}×`,
      String(runs.reduce((sum, f) => sum + f.errors, 0)),
    ];
  });
  const headers = ["warm page", "rps per round", "median rps", "p50/p99", "vs bare", "errors"];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ");
  const verdicts = options.pages.map((page) => {
    const ratio = rps(page.name) / bareRps;
    const errors = (figures.get(page.name) ?? []).reduce((sum, f) => sum + f.errors, 0);
    const ok = ratio >= 1 && errors === 0;
    return {
      ok,
      text: `${ok ? "PASS" : "FAIL"}  ${page.name}, warm: ${ratio.toFixed(2)}× the bare Remix page's requests per second (target ≥ 1×)${errors ? `, ${errors} errors` : ""}`,
    };
  });
  return {
    lines: [
      `Warm origin beside a bare Remix page (the same Express adapter), medians of ${options.rounds} alternating rounds:`,
      line(headers),
      widths.map((w) => "-".repeat(w)).join("  "),
      ...rows.map(line),
      ...verdicts.map((v) => v.text),
    ],
    passed: verdicts.every((v) => v.ok),
  };
}
