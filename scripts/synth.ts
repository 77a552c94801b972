// npm run synth: the CloudFormation templates of a stage, offline (no AWS credentials, no
// network), written to .sst/synth/<stage>/<stack>.template.json. STAGE picks the stage (default
// "dev"; "production" shows the retained, deletion-protected storage and the access logs), then
// what AWS's rule packs (cdk-nag AwsSolutions and Serverless) find and what is justified.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "@shop/local-cloud";
import { Events } from "../stacks/Events.ts";
import { Firewall } from "../stacks/Firewall.ts";
import { formatFindings } from "../stacks/rule-packs.ts";
import { Secrets } from "../stacks/Secrets.ts";
import { Storage } from "../stacks/Storage.ts";
import { synthesize } from "../stacks/synth.ts";
import { Web } from "../stacks/Web.ts";

const stage = process.env.STAGE || "dev";
if (!process.env.DOMAIN && !process.env.APP_URL) {
  // A deploy needs the shop's public URL (links in e-mails); an offline look can use a placeholder.
  process.env.APP_URL = "https://shop.example.com";
  console.log("  (APP_URL and DOMAIN unset: using https://shop.example.com for this synthesis)");
}
if (!process.env.ALERT_EMAIL) {
  // A deploy of a production-like stage needs the address its alarms notify; a look does not.
  process.env.ALERT_EMAIL = "ops@example.com";
  console.log("  (ALERT_EMAIL unset: using ops@example.com for this synthesis)");
}
// A staging or production deploy must name these (STABLE_STAGE_SETTINGS); a look shows the defaults.
for (const [name, value] of [
  ["SHOP_TIME_ZONE", "UTC"],
  ["SUPPORT_EMAIL", "support@example.com"],
] as const) {
  if (!process.env[name]) {
    process.env[name] = value;
    console.log(`  (${name} unset: using ${value} for this synthesis)`);
  }
}
const out = join(REPO_ROOT, ".sst", "synth", stage);
await mkdir(out, { recursive: true });
// The stage's edge part (DEPLOY_PART=edge: the web firewall, in us-east-1), then the shop; each
// part's templates are written before the next is synthesized (SST finds stacks in the last app).
async function synthesizePart(part: "edge" | "shop", stacks: Record<string, never>) {
  const { template, rulePacks } = await synthesize(stage, undefined, { rulePacks: true, part });
  for (const [name, stack] of Object.entries(stacks)) {
    const file = join(out, `${name}.template.json`);
    await writeFile(file, JSON.stringify(template(stack).toJSON(), null, 2));
    console.log(`  ${file}`);
  }
  return rulePacks;
}
const edge = await synthesizePart("edge", { Firewall } as never);
const shop = await synthesizePart("shop", { Secrets, Storage, Events, Web } as never);
const found = [edge, shop].map((p) => p as NonNullable<typeof p>);
const packs = {
  findings: found.flatMap((p) => p.findings),
  suppressed: found.flatMap((p) => p.suppressed),
  errors: found.flatMap((p) => p.errors),
};
console.log(
  `\nAWS's rule packs: ${packs.findings.length} finding(s), ${packs.suppressed.length} justified on their resource (stacks/rule-packs.ts)`,
);
if (packs.findings.length > 0) console.log(formatFindings(packs.findings));
for (const error of packs.errors) console.log(`  rule error: ${error}`);
process.exit(packs.findings.length + packs.errors.length > 0 ? 1 : 0);
