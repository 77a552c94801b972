// npm run deploy -- --stage <name>: a whole stage in one command. A stage is two deploys of the
// same app (docs/decisions/019-web-firewall.md): its edge part first (DEPLOY_PART=edge: the web
// firewall, in us-east-1), then the shop, whose distributions name the web ACL the edge part
// handed over. `-- --remove` removes a stage in the reverse order: the shop, then its edge part.
// Every other argument goes to both `sst` commands; the deploy settings come from the
// environment as usual (README "Deploy to AWS"). The stage is one of the closed list
// (stacks/stage-names.ts), refused here before anything is built.
import { spawnSync } from "node:child_process";
import { stageNameProblem } from "../stacks/stage-names.ts";

export interface Step {
  what: string;
  args: string[];
  env: Record<string, string | undefined>;
}

/** The two `sst` commands of a stage's deploy (or removal), in order. */
export function deploySteps(argv: readonly string[]): Step[] {
  const remove = argv.includes("--remove");
  const rest = argv.filter((arg) => arg !== "--remove");
  const at = rest.indexOf("--stage");
  if (at < 0) throw new Error("Name the stage: npm run deploy -- --stage <name>");
  const problem = stageNameProblem(rest[at + 1]);
  if (problem) throw new Error(problem);
  const command = remove ? "remove" : "deploy";
  const edge = {
    what: `${command} the edge part (the web firewall, us-east-1)`,
    args: ["sst", command, ...rest],
    env: { DEPLOY_PART: "edge" },
  };
  const shop = {
    what: `${command} the shop`,
    args: ["sst", command, ...rest],
    env: { DEPLOY_PART: undefined },
  };
  return remove ? [shop, edge] : [edge, shop];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let steps: Step[];
  try {
    steps = deploySteps(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  for (const step of steps) {
    console.log(`\n→ ${step.what}: npx ${step.args.join(" ")}`);
    const env = { ...process.env, ...step.env };
    if (step.env.DEPLOY_PART === undefined) delete env.DEPLOY_PART;
    const { status } = spawnSync("npx", step.args, { stdio: "inherit", env });
    if (status !== 0) {
      console.error(`\n${step.what} failed (exit ${status}); nothing after it ran.`);
      process.exit(status ?? 1);
    }
  }
}
