// One Lambda execution environment of the rehearsal: a fresh Node process with exactly the
// function's environment, that loads the function's bundle the way Lambda's Node.js runtime does
// (handler "dir/file.export" → dir/file.mjs, .js or .cjs under the code folder), then runs one
// invocation at a time on messages from the parent (IPC). An error while loading is reported as
// Lambda reports an init error, and every invocation then fails with it.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const { LAMBDA_TASK_ROOT: root, _HANDLER: handlerName } = process.env;
const started = performance.now();
/** The process's processor time so far, every thread (ms): what a busy machine changes least. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function load() {
  const dot = handlerName.lastIndexOf(".");
  const file = handlerName.slice(0, dot);
  const exported = handlerName.slice(dot + 1);
  const path = [".mjs", ".js", ".cjs"].map((ext) => join(root, file + ext)).find(existsSync);
  if (!path) {
    throw Object.assign(new Error(`Cannot find module '${file}'`), {
      errorType: "Runtime.ImportModuleError",
    });
  }
  const module = await import(pathToFileURL(path).href);
  const handler = module[exported];
  if (typeof handler !== "function") {
    throw Object.assign(new Error(`${handlerName} is undefined or not exported`), {
      errorType: "Runtime.HandlerNotFound",
    });
  }
  return handler;
}

const errorOf = (error) => ({
  errorType: error?.errorType ?? error?.name ?? "Error",
  errorMessage: error?.message ?? String(error),
  stack: String(error?.stack ?? "")
    .split("\n")
    .slice(0, 8),
});

let initError = null;
const loading = load().then(
  (handler) => {
    process.send({ type: "ready", initMs: performance.now() - started, cpuMs: cpuMs() });
    return handler;
  },
  (error) => {
    console.error(`INIT_ERROR ${error?.stack ?? error}`);
    initError = errorOf(error);
    process.send({ type: "init-error", error: initError });
    return null;
  },
);

process.on("message", async (message) => {
  if (message.type !== "invoke") return;
  const handler = await loading;
  if (!handler) {
    process.send({ type: "result", id: message.id, error: initError });
    return;
  }
  // Lambda's trace header for the invocation (active tracing): X-Ray's SDK, under Powertools'
  // Tracer, makes the invocation's segment from it (its segments go to a daemon nobody runs here).
  process.env._X_AMZN_TRACE_ID = `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString("hex")};Parent=${randomBytes(8).toString("hex")};Sampled=1`;
  const context = {
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    awsRequestId: message.id,
    getRemainingTimeInMillis: () => message.deadline - Date.now(),
    callbackWaitsForEmptyEventLoop: true,
  };
  try {
    const result = await handler(message.event, context);
    process.send({ type: "result", id: message.id, result: result ?? null, cpuMs: cpuMs() });
    // A profiled cold start (the bench's BENCH_CPU_PROF): exit, so that Node writes the profile.
    if (process.env.LAMBDA_CHILD_EXIT_AFTER_INVOKE === "1") setImmediate(() => process.exit(0));
  } catch (error) {
    console.error(`ERROR ${error?.stack ?? error}`);
    process.send({ type: "result", id: message.id, error: errorOf(error) });
  }
});
