// A second web server for a spec that needs the shop configured otherwise (Stripe keys, a table
// behind a stall proxy…): the same build as the shop under test, on the test shop's own cloud,
// on a free port, with `env` on top. Its output is kept, for its logs and for a failed start.
// Like the shop under test, it answers only requests carrying the origin secret (support/origin.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { freePort, REPO_ROOT, waitFor } from "@shop/local-cloud";
import { originHeaders } from "./origin";

export interface WebServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export async function startWebServer(
  what: string,
  env: Record<string, string>,
): Promise<WebServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const cloudEnv = JSON.parse(process.env.E2E_CLOUD_ENV ?? "{}") as Record<string, string>;
  let output = "";
  const server: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "web", "server.ts")],
    {
      cwd: join(REPO_ROOT, "web"),
      env: {
        ...process.env,
        ...cloudEnv,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        APP_URL: url,
        TRUST_PROXY: "1",
        ORIGIN_SECRET: process.env.E2E_ORIGIN_SECRET ?? "",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout?.on("data", (d) => {
    output += d;
  });
  server.stderr?.on("data", (d) => {
    output += d;
  });
  await waitFor(what, 60_000, async () => {
    if (server.exitCode !== null) throw new Error(`the web server exited:\n${output}`);
    const res = await fetch(`${url}/healthz`, { headers: originHeaders() }).catch(() => undefined);
    return res?.ok === true;
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    },
  };
}
