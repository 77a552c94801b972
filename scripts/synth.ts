// npm run synth: the CloudFormation templates of a stage, offline (no AWS credentials, no
// network), written to .sst/synth/<stage>/<stack>.template.json. STAGE picks the stage (default
// "dev"; "production" shows the retained, deletion-protected storage).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "@shop/local-cloud";
import { Events } from "../stacks/Events.ts";
import { Secrets } from "../stacks/Secrets.ts";
import { Storage } from "../stacks/Storage.ts";
import { synthesize } from "../stacks/synth.ts";
import { Web } from "../stacks/Web.ts";

const stage = process.env.STAGE || "dev";
const out = join(REPO_ROOT, ".sst", "synth", stage);
await mkdir(out, { recursive: true });
const { template } = await synthesize(stage);
for (const [name, stack] of Object.entries({ Secrets, Storage, Events, Web })) {
  const file = join(out, `${name}.template.json`);
  await writeFile(file, JSON.stringify(template(stack).toJSON(), null, 2));
  console.log(`  ${file}`);
}
process.exit(0);
