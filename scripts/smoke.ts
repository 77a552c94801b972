// npm run smoke -- --url <url> [--email <e-mail> --password <password>]: the smoke test of a
// running shop (scripts/lib/smoke.ts says what it checks). Exits 1 on a failed check, printing how
// to roll back a deployed stage. The account may also come from SMOKE_EMAIL and SMOKE_PASSWORD;
// against this machine (localhost) it defaults to the seeded customer.
import { parseArgs } from "node:util";
import { isLocal, LOCAL_ACCOUNT, rollBackAdvice, smoke } from "./lib/smoke.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
  },
});
const url = values.url;
if (!url) {
  console.error("usage: npm run smoke -- --url <url> [--email <e-mail> --password <password>]");
  process.exit(2);
}
const local = isLocal(url);
const email = values.email ?? process.env.SMOKE_EMAIL ?? (local ? LOCAL_ACCOUNT.email : undefined);
const password =
  values.password ?? process.env.SMOKE_PASSWORD ?? (local ? LOCAL_ACCOUNT.password : undefined);

console.log(`Smoke test of ${url}`);
let failed = true;
try {
  const checks = await smoke({
    url,
    ...(email ? { email } : {}),
    ...(password ? { password } : {}),
  });
  for (const c of checks) {
    const mark = c.status === "pass" ? "✓" : c.status === "skip" ? "–" : "✗";
    const note = c.status === "skip" ? " (skipped)" : "";
    console.log(`  ${mark} ${c.name}${note}${c.detail ? `: ${c.detail}` : ""}`);
  }
  failed = checks.some((c) => c.status === "fail");
} catch (error) {
  console.error(`  ✗ the shop did not answer: ${(error as Error).message}`);
}
if (failed) {
  console.error(`\nSmoke test FAILED for ${url}.`);
  if (!local) console.error(rollBackAdvice(url));
  process.exit(1);
}
console.log("Smoke test passed.");
