// DynamoDB Local: the official jar, run with the machine's Java 17.
// The jar ships inside the npm package amplify-dynamodb-simulator (folder emulator/). We fetch that
// tarball alone with `npm pack` (no dependency tree), check it against the pinned integrity, and
// keep only emulator/ in a cache under the repository (.cache/, git-ignored).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { extract } from "tar";
import { REPO_ROOT, waitFor } from "./util.ts";

const PACKAGE = "amplify-dynamodb-simulator";
const VERSION = "2.9.30";
const INTEGRITY =
  "sha512-xTeeRLvzEfqyd5lh3bH4c0kHvSHHmmhD5ZDsHFKAQ5g2Zl6JqlFdutaQhCLHzxEp6Ry1o7TB6niIoXuQAnSewQ==";

const run = promisify(execFile);

export const emulatorDir = join(REPO_ROOT, ".cache", `dynamodb-local-${VERSION}`, "emulator");

/** Downloads and unpacks the jar once; later calls return at once. */
export async function ensureDynamoDbLocal(log: (line: string) => void = () => {}): Promise<string> {
  if (existsSync(join(emulatorDir, "DynamoDBLocal.jar"))) return emulatorDir;
  log(`Fetching DynamoDB Local (${PACKAGE}@${VERSION}, about 57 MB, once)…`);
  const work = await mkdtemp(join(tmpdir(), "ddb-local-"));
  try {
    const { stdout } = await run(
      "npm",
      ["pack", `${PACKAGE}@${VERSION}`, "--pack-destination", work, "--json", "--silent"],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
    if (!packed) throw new Error("npm pack returned nothing");
    const file = join(work, packed.filename);
    const digest = `sha512-${createHash("sha512")
      .update(await readFile(file))
      .digest("base64")}`;
    if (digest !== INTEGRITY) {
      throw new Error(`${PACKAGE}@${VERSION} integrity mismatch: got ${digest}`);
    }
    await extract({ file, cwd: work, filter: (path) => path.startsWith("package/emulator/") });
    await mkdir(join(emulatorDir, ".."), { recursive: true });
    await rm(emulatorDir, { recursive: true, force: true });
    await rename(join(work, "package", "emulator"), emulatorDir);
    return emulatorDir;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the JVM directly (so the PID we hold is the JVM's); `dbPath` undefined = in memory. */
export async function startDynamoDbLocal(opts: {
  port: number;
  dbPath?: string;
  /** Working folder of the JVM (it writes a metadata file there even in memory). */
  workDir: string;
  log?: (line: string) => void;
}): Promise<DynamoDbLocal> {
  const dir = await ensureDynamoDbLocal(opts.log);
  if (opts.dbPath) await mkdir(opts.dbPath, { recursive: true });
  const storage = opts.dbPath ? ["-dbPath", opts.dbPath] : ["-inMemory"];
  const child = spawn(
    "java",
    [
      "-Xmx512m",
      `-Djava.library.path=${join(dir, "DynamoDBLocal_lib")}`,
      "-jar",
      join(dir, "DynamoDBLocal.jar"),
      "-port",
      String(opts.port),
      "-sharedDb",
      ...storage,
    ],
    { cwd: opts.workDir, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitFor(`DynamoDB Local on ${endpoint}`, 30_000, async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited:\n${output}`);
      const res = await fetch(endpoint, { method: "POST" }).catch(() => undefined);
      return res !== undefined;
    });
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    endpoint,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
    },
  };
}
