// Preloaded (NODE_OPTIONS=--require) into a process to profile: V8's sampling profiler from the
// preload to the process's exit, written as CPU_PROFILE_DIR/<pid>.cpuprofile (Chrome DevTools'
// format). Node 20 refuses --cpu-prof in NODE_OPTIONS; the bench's BENCH_CPU_PROF uses this.
const { Session } = require("node:inspector");
const { mkdirSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 200 });
  session.post("Profiler.start");
  process.on("exit", () => {
    // The in-process session answers synchronously.
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
