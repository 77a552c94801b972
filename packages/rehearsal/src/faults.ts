// The rehearsal's self-check: faults a deploy can really have, applied to the synthesized stage
// before it is rehearsed. Each must make the rehearsal fail with a message that names its cause;
// a fault the rehearsal does not notice fails the self-check (scripts/rehearse.ts).
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Resource, SynthesizedStack } from "./deploy.ts";
import type { Step } from "./rehearsal.ts";

export const FAULTS = {
  "no-publishable-key": {
    what: "the stacks no longer give the site STRIPE_PUBLISHABLE_KEY",
    steps: ["home"],
    expect: /SiteServerFunction\w*.*STRIPE_PUBLISHABLE_KEY: missing/s,
  },
  "missing-permission": {
    what: "the site's role loses dynamodb:Query, which its pages use",
    steps: ["home"],
    expect: /IAM: SiteServerFunction\w* may not dynamodb:Query on arn:aws:dynamodb:[^ ]+:table\//,
  },
  "no-dead-letter-queue": {
    what: "the mail queue loses its dead-letter queue",
    steps: ["poison"],
    expect: /mail queue \w+ has no dead-letter queue/,
  },
  "unguarded-origin": {
    what: "the site's distribution no longer sends the origin secret to the site",
    steps: ["home"],
    expect:
      /GET \/ answered 403: Forbidden: this site answers only through its CloudFront distribution/,
  },
  "broken-handler-wrapping": {
    what: "the site's bundle no longer exports SST's Lambda handler",
    steps: ["home"],
    expect: /SiteServerFunction\w*.*Runtime\.HandlerNotFound/s,
  },
} as const satisfies Record<string, { what: string; steps: readonly Step[]; expect: RegExp }>;
export type Fault = keyof typeof FAULTS;

type Mutable = { template: { Resources: Record<string, Resource> } };

/** A copy of the stage with the fault in it (the synthesis itself is left untouched). */
export async function applyFault(
  stacks: SynthesizedStack[],
  fault: Fault,
  workDir: string,
): Promise<SynthesizedStack[]> {
  const copy = stacks.map((s) => ({
    ...s,
    template: structuredClone(s.template),
    assets: new Map(s.assets),
  }));
  const site = findResource(copy, "AWS::Lambda::Function", "SiteServerFunction");
  const props = (resource: Resource) => resource.Properties ?? {};
  switch (fault) {
    case "no-publishable-key": {
      const variables = (props(site.resource).Environment as { Variables: Record<string, unknown> })
        .Variables;
      delete variables.SST_Secret_value_STRIPE_PUBLISHABLE_KEY;
      break;
    }
    case "missing-permission": {
      const roleId = (props(site.resource).Role as { "Fn::GetAtt": [string] })["Fn::GetAtt"][0];
      for (const policy of Object.values(site.stack.template.Resources)) {
        if (policy.Type !== "AWS::IAM::Policy") continue;
        if (!JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`)) continue;
        const document = policy.Properties?.PolicyDocument as {
          Statement: Array<{ Action: unknown }>;
        };
        for (const statement of document.Statement) {
          const actions = ([] as string[]).concat(statement.Action as string[]);
          statement.Action = actions.filter((a) => a !== "dynamodb:Query");
        }
      }
      break;
    }
    case "no-dead-letter-queue": {
      const queue = findResource(copy, "AWS::SQS::Queue", "MailQueue");
      delete queue.resource.Properties?.RedrivePolicy;
      break;
    }
    case "unguarded-origin": {
      const distribution = findResource(copy, "AWS::CloudFront::Distribution", "SiteDistribution");
      const config = distribution.resource.Properties?.DistributionConfig as {
        Origins: Array<{ OriginCustomHeaders?: unknown }>;
      };
      const guarded = config.Origins.filter((o) => o.OriginCustomHeaders);
      if (guarded.length === 0)
        throw new Error("the site's origin sends no custom header to remove");
      for (const origin of guarded) delete origin.OriginCustomHeaders;
      break;
    }
    case "broken-handler-wrapping": {
      const key = String((props(site.resource).Code as { S3Key: unknown }).S3Key);
      const original = site.stack.assets.get(key);
      if (!original) throw new Error("the site's code asset is missing");
      const broken = join(workDir, "broken-site");
      await cp(original, broken, { recursive: true });
      // The bundle of the handler's file (web/build/guarded-server.handler → …/guarded-server.mjs).
      const handler = String(props(site.resource).Handler).replace(/\.[^.]+$/, "");
      const bundle = join(broken, `${handler}.mjs`);
      const code = await readFile(bundle, "utf8");
      // Drop `handler` from the bundle's export list (`export{x as handler}` when minified).
      const unexported = code.replace(/export\s*\{([^}]*)\}/g, (statement, list: string) => {
        const kept = list.split(",").filter((s) => !/(^|\s)handler\s*$/.test(s.trim()));
        return kept.length === list.split(",").length ? statement : `export{${kept.join(",")}}`;
      });
      if (unexported === code) throw new Error("the site's bundle exports no `handler` to remove");
      await writeFile(bundle, unexported);
      site.stack.assets.set(key, broken);
      break;
    }
  }
  return copy;
}

function findResource(stacks: Array<SynthesizedStack & Mutable>, type: string, prefix: string) {
  for (const stack of stacks) {
    for (const [id, resource] of Object.entries(stack.template.Resources)) {
      if (resource.Type === type && id.startsWith(prefix)) return { stack, id, resource };
    }
  }
  throw new Error(`no ${type} named ${prefix}… in the stage`);
}
