// Lambda, on this machine: each function of the deployment runs in Node processes of its own
// (execution environments), started with exactly the environment its template gives it plus
// the region, local credentials and endpoint overrides, loading its synthesized bundle like
// Lambda's Node.js runtime (runtime/lambda-child.mjs). An environment serves one invocation at a
// time, more are started up to a limit, an invocation past the function's timeout is killed.
// Cold starts are measured: from starting the process to the first answer.
import { type ChildProcess, fork } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DeployedFunction } from "./deploy.ts";
import { LOCAL_CREDENTIALS, REGION } from "./stand-ins.ts";

const CHILD = fileURLToPath(new URL("../runtime/lambda-child.mjs", import.meta.url));

/**
 * The flags Lambda's Node.js runtime starts Node with (its bootstrap, /var/runtime/bootstrap):
 * the heap sized from the function's memory, a tenth of it the young generation (two semi-spaces)
 * and the rest the old one. The young generation matters to a cold start: with Node's default
 * (16 MB semi-spaces) the site's start spent about 70 ms more collecting garbage than the bare
 * page's, a cost measured against a Node that Lambda does not run
 * (docs/decisions/022-lean-bundles.md, appendix "Lambda's own flags").
 */
export function lambdaNodeArgs(memoryMb: number): string[] {
  const newSpace = Math.floor(memoryMb / 10);
  return [
    "--expose-gc",
    "--max-http-header-size=81920",
    `--max-semi-space-size=${Math.floor(newSpace / 2)}`,
    `--max-old-space-size=${memoryMb - newSpace}`,
  ];
}

export interface LambdaError {
  errorType: string;
  errorMessage: string;
  stack?: string[];
}
export interface Invocation {
  result?: unknown;
  error?: LambdaError;
  durationMs: number;
  /** Set on the first invocation of an environment: process start to answer. */
  coldStartMs?: number;
  /**
   * Set with coldStartMs: process start to the handler's module loaded (Node's start, the
   * bundle's parse and its top-level work: Lambda's init phase); the rest is the first answer.
   */
  importMs?: number;
  /** Set with coldStartMs: the processor time (every thread) the process used to its answer. */
  coldStartCpuMs?: number;
  /** Set with importMs: the processor time it used to load the handler's module. */
  importCpuMs?: number;
}

interface ChildMessage {
  type?: string;
  id?: string;
  result?: unknown;
  error?: LambdaError;
  /** The child's processor time when it sent the message (runtime/lambda-child.mjs). */
  cpuMs?: number;
}

interface Environment {
  child: ChildProcess;
  busy: boolean;
  startedAt: number;
  /** When the child said its handler was loaded (runtime/lambda-child.mjs "ready"). */
  readyAt?: number;
  readyCpuMs?: number;
  invoked: boolean;
  pending: Map<string, (message: ChildMessage) => void>;
}

let sequence = 0;

export class LambdaFunction {
  private readonly environments: Environment[] = [];
  private readonly waiting: Array<() => void> = [];
  private readonly log: WriteStream;
  readonly invocations: Invocation[] = [];

  constructor(
    readonly fn: DeployedFunction,
    /** Endpoint overrides (and other additions) on top of the template's environment. */
    private readonly additions: Record<string, string>,
    logDir: string,
    private readonly maxEnvironments = 1,
    /** The Node.js binary of each environment: this process's own unless given (the bench's BENCH_NODE). */
    private readonly nodeBinary?: string,
  ) {
    this.log = createWriteStream(join(logDir, `${fn.logicalId}.log`), { flags: "a" });
  }

  get logFile(): string {
    return String(this.log.path);
  }

  /** Invokes the function; `timeoutSeconds` plays a deploy of it with another timeout. */
  async invoke(
    event: unknown,
    { timeoutSeconds = this.fn.timeoutSeconds }: { timeoutSeconds?: number } = {},
  ): Promise<Invocation> {
    const environment = await this.acquire();
    const id = `${this.fn.logicalId}-${++sequence}`;
    const started = Date.now();
    const deadline = started + timeoutSeconds * 1000;
    try {
      const answer = await new Promise<ChildMessage>((resolve) => {
        const timer = setTimeout(() => {
          environment.child.kill("SIGKILL");
          resolve({
            error: {
              errorType: "Sandbox.Timedout",
              errorMessage: `Task timed out after ${timeoutSeconds} seconds`,
            },
          });
        }, deadline - started);
        environment.pending.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        environment.child.send({ type: "invoke", id, event, deadline });
      });
      const { result, error, cpuMs } = answer;
      const invocation: Invocation = {
        ...("result" in answer ? { result } : {}),
        ...(error ? { error } : {}),
        durationMs: Date.now() - started,
      };
      if (!environment.invoked) {
        invocation.coldStartMs = Date.now() - environment.startedAt;
        if (cpuMs !== undefined) invocation.coldStartCpuMs = cpuMs;
        if (environment.readyAt !== undefined) {
          invocation.importMs = environment.readyAt - environment.startedAt;
        }
        if (environment.readyCpuMs !== undefined) invocation.importCpuMs = environment.readyCpuMs;
      }
      environment.invoked = true;
      this.invocations.push(invocation);
      return invocation;
    } finally {
      environment.pending.delete(id);
      this.release(environment);
    }
  }

  async stop(): Promise<void> {
    for (const environment of this.environments.splice(0)) {
      // A profiled child exits by itself after its invocation, writing its profile: let it.
      if (
        this.additions.LAMBDA_CHILD_EXIT_AFTER_INVOKE === "1" &&
        environment.child.exitCode === null
      ) {
        const { child } = environment;
        await Promise.race([
          new Promise((resolve) => child.once("exit", resolve)),
          new Promise((resolve) => setTimeout(resolve, 10_000)),
        ]);
      }
      environment.child.kill("SIGKILL");
    }
    await new Promise<void>((resolve) => this.log.end(resolve));
  }

  private async acquire(): Promise<Environment> {
    for (;;) {
      const idle = this.environments.find((e) => !e.busy && e.child.exitCode === null);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      const alive = this.environments.filter((e) => e.child.exitCode === null && !e.child.killed);
      if (alive.length < this.maxEnvironments) {
        const environment = this.start();
        environment.busy = true;
        return environment;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(environment: Environment) {
    environment.busy = false;
    this.waiting.shift()?.();
  }

  private start(): Environment {
    const { fn } = this;
    const env: Record<string, string> = {
      ...fn.environment,
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_LAMBDA_FUNCTION_NAME: fn.name,
      AWS_LAMBDA_FUNCTION_VERSION: "$LATEST",
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
      AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
      // An environment started for a request, not provisioned concurrency (Powertools' cold_start).
      AWS_LAMBDA_INITIALIZATION_TYPE: "on-demand",
      LAMBDA_TASK_ROOT: fn.codeDir,
      _HANDLER: fn.handler,
      TZ: ":UTC",
      ...this.additions,
    };
    const child = fork(CHILD, [], {
      cwd: fn.codeDir,
      env: env as NodeJS.ProcessEnv,
      execArgv: lambdaNodeArgs(fn.memoryMb),
      ...(this.nodeBinary ? { execPath: this.nodeBinary } : {}),
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    const environment: Environment = {
      child,
      busy: false,
      startedAt: Date.now(),
      invoked: false,
      pending: new Map(),
    };
    child.on("message", (message: ChildMessage) => {
      if (message.type === "ready") {
        environment.readyAt = Date.now();
        environment.readyCpuMs = message.cpuMs;
      }
      if (message.type === "result" && message.id) environment.pending.get(message.id)?.(message);
    });
    child.on("exit", (code, signal) => {
      for (const [, reply] of environment.pending) {
        reply({
          error: {
            errorType: "Runtime.ExitError",
            errorMessage: `the process exited (${signal ?? code}) during the invocation`,
          },
        });
      }
    });
    this.environments.push(environment);
    return environment;
  }
}
