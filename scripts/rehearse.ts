// npm run rehearse: the production stage, rehearsed offline (docs/decisions/005-deploy-rehearsal.md).
// Synthesizes the stacks once with production settings, runs the whole journey against the
// synthesized functions and the site behind its CloudFront distribution, prints the cold-start
// figures, then proves the rehearsal can fail: each fault of packages/rehearsal/src/faults.ts
// must make it fail, naming the cause. `npm run rehearse -- --fault <name>` rehearses one fault
// and prints what the rehearsal says about it; `npm run rehearse -- --journey` skips the faults.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "@shop/local-cloud";
import { FAULTS, type Fault } from "@shop/rehearsal/faults";
import { type RehearsalOptions, type RehearsalReport, rehearse } from "@shop/rehearsal/rehearsal";
import { synthesizeStage } from "@shop/rehearsal/synth";
import { ADMIN_EMAIL, seed } from "./lib/seed.ts";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const WORK = join(REPO_ROOT, ".sst", "rehearsal");
const only = process.argv.includes("--fault") ? (process.argv.at(-1) as Fault) : undefined;
if (only && !(only in FAULTS)) {
  console.error(`Unknown fault "${only}"; one of: ${Object.keys(FAULTS).join(", ")}`);
  process.exit(2);
}
const journeyOnly = process.argv.includes("--journey");
const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(line);
/** The seeded catalogue, and an admin whose password only this run knows. */
const seedStage: RehearsalOptions["seed"] = async (ctx) => {
  const password = `admin-${randomBytes(6).toString("hex")}`;
  await seed(ctx, { adminPassword: password, customerPassword: "customer1234" });
  return { email: ADMIN_EMAIL, password };
};

await rm(WORK, { recursive: true, force: true });
log("Synthesizing the production stage (templates and bundles, as sst deploy builds them)…");
const stacks = await synthesizeStage();
log(`  ${stacks.map((s) => s.name).join(", ")} (${seconds(Date.now() - started)})`);

let failed = false;
if (!only) {
  log("\nRehearsing the journey on the synthesized stage…");
  const journeyStarted = Date.now();
  const report = await rehearse(stacks, { workDir: join(WORK, "journey"), seed: seedStage, log });
  printReport(report);
  log(`  the journey took ${seconds(Date.now() - journeyStarted)}`);
  failed ||= !report.passed;
}

const selfCheckStarted = Date.now();
if (!journeyOnly) log("\nSelf-check: each fault must make the rehearsal fail, naming its cause…");
for (const [name, fault] of Object.entries(FAULTS) as Array<[Fault, (typeof FAULTS)[Fault]]>) {
  if (journeyOnly || (only && name !== only)) continue;
  const report = await rehearse(stacks, {
    workDir: join(WORK, name),
    seed: seedStage,
    fault: name,
    steps: fault.steps,
    ...("coverageOf" in fault ? { coverageOf: fault.coverageOf } : {}),
  });
  const said = report.failures.join("\n");
  const noticed = !report.passed && fault.expect.test(said);
  failed ||= !noticed;
  log(`  ${noticed ? "✓" : "✗"} ${fault.what}`);
  log(
    `      ${said ? said.split("\n").join("\n      ") : "the rehearsal passed: it did not notice"}`,
  );
}

if (!journeyOnly) log(`  the self-check took ${seconds(Date.now() - selfCheckStarted)}`);
log(
  `\n${failed ? "The rehearsal FAILED" : "The rehearsal passed"} in ${seconds(Date.now() - started)}. Logs of every function: ${WORK}/*/<function>.log`,
);
process.exit(failed ? 1 : 0);

function printReport(report: RehearsalReport) {
  log(
    `  the registry's functions on the stage: ${report.registry.map((r) => `${r.name} (${r.trigger}${r.reserved !== undefined ? `, ${r.reserved} reserved` : ""}) → ${r.function ?? "MISSING"}`).join(", ")}`,
  );
  for (const { step, ms } of report.steps) log(`  ✓ ${step} (${seconds(ms)})`);
  log(`  ${report.awsCalls} AWS calls, each checked against its function's IAM policy`);
  if (report.bundles.length > 0) {
    log("\n  Bundles (the handler's file and its static chunks: what a cold start parses):");
    for (const b of report.bundles) {
      log(
        `    ${`${b.function} (${b.role})`.padEnd(44)} ${(b.eagerBytes / 1024 / 1024).toFixed(2)} MB in ${b.files} file${b.files === 1 ? "" : "s"}`,
      );
    }
  }
  if (report.coldStarts.length > 0) {
    log(
      "\n  Cold starts (each function's first: a fresh process to its first answer, through the Lambda handler; import = Node's start, the bundle's parse and its init):",
    );
    for (const c of report.coldStarts) {
      log(
        `    ${`${c.function} (${c.role})`.padEnd(44)} bundle ${(c.bundleBytes / 1024 / 1024).toFixed(2)} MB   import ${c.importMs} ms   first answer ${c.coldStartMs - c.importMs} ms   total ${c.coldStartMs} ms`,
      );
    }
  }
  if (report.restore) {
    // docs/decisions/036-restore.md "Rehearsed": what of `npm run restore` ran here, and what not.
    log(`\n  The restore: ran ${report.restore.ran.join(", ")}; could not run:`);
    for (const { step, why } of report.restore.couldNot) log(`    ${step}: ${why}`);
  }
  printPermissions(report);
  printTriggers(report);
  for (const failure of report.failures) log(`  ✗ ${failure}`);
}

/** Shortens an ARN to what tells it apart: the service and the resource's last part. */
function short(arn: string) {
  return arn === "*"
    ? "*"
    : arn.replace(/^arn:aws:([a-z0-9-]+):[^:]*:[^:]*:/, "$1:").replace(/^s3:::/, "s3:");
}
function clip(text: string, width: number) {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * Per shop function: its cold start, its calls per service, its 5xx, then each statement of its
 * role, used (by which calls, most frequent first) or justified (why).
 */
function printPermissions(report: RehearsalReport) {
  if (report.coverage.length === 0) return;
  log(
    "\n  IAM, both ways: every statement of every shop function's role, used by the run's calls (✓) or declared unreached (≈, functions/src/registry.ts, stacks/site-role.ts); ✗ neither",
  );
  const used = report.coverage.reduce(
    (n, f) => n + f.statements.filter((s) => s.status === "used").length,
    0,
  );
  const justified = report.coverage.reduce(
    (n, f) => n + f.statements.filter((s) => s.status === "justified").length,
    0,
  );
  for (const fn of report.coverage) {
    const cold = report.coldStarts.find((c) => c.function === fn.function);
    const calls = Object.entries(report.callsPerService[fn.function] ?? {})
      .map(([service, n]) => `${service} ${n}`)
      .join(", ");
    const errors = report.serverErrors.filter((e) => e.function === fn.function);
    log(
      `\n    ${fn.function} (${fn.role}): cold start ${cold ? `${cold.coldStartMs} ms` : "none"}; calls: ${calls || "none"}; 5xx: ${errors.length === 0 ? "none" : errors.map((e) => `${e.status} ${e.method} ${e.path} (${e.step}${e.provoked ? ", provoked" : ""})`).join(", ")}`,
    );
    const counts = { used: 0, justified: 0, unused: 0 };
    for (const st of fn.statements) {
      counts[st.status]++;
      const mark = { used: "✓", justified: "≈", unused: "✗" }[st.status];
      const what = `${st.number}. ${st.effect === "Deny" ? "Deny " : ""}${clip(st.actions.join(" "), 60)} on ${clip(st.resources.map(short).join(" "), 70)}`;
      const detail =
        st.status === "used"
          ? st.usedBy.map(([label, n]) => `${label} ×${n}`).join(", ")
          : st.status === "justified"
            ? `justified: ${st.why}`
            : "USED BY NO CALL, NOT JUSTIFIED";
      log(`      ${mark} ${what}\n          ${clip(detail, 160)}`);
    }
    log(
      `      ${counts.used} used, ${counts.justified} justified${counts.unused ? `, ${counts.unused} NEITHER` : ""}`,
    );
  }
  log(
    `\n    ${report.coverage.length} shop functions: ${used} statements used, ${justified} justified`,
  );
}

/** What the triggers did: schedules' inputs, queue batch failures, the poison's path. */
function printTriggers(report: RehearsalReport) {
  for (const s of report.schedules) {
    log(`  schedule ${s.schedule} (${s.expression}) sent: ${clip(JSON.stringify(s.sent), 160)}`);
  }
  const byQueue = new Map<string, number>();
  for (const d of report.batchFailures) byQueue.set(d.queue, (byQueue.get(d.queue) ?? 0) + 1);
  log(
    `  queue batch item failures: ${byQueue.size === 0 ? "none" : [...byQueue].map(([q, n]) => `${q} ${n}`).join(", ")}${report.poisonPath ? ` (the poison message: ${report.poisonPath})` : ""}`,
  );
  log(
    `  queue poller errors: ${report.pollerErrors.length === 0 ? "none" : report.pollerErrors.join("; ")}`,
  );
}
