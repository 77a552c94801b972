// The rehearsal's self-check: faults a deploy can really have, applied to the synthesized stage
// before it is rehearsed, and one of the rehearsal's own stand-ins (a function URL that forgets
// Lambda's payload limit, so that nothing here would notice a page that cannot work on AWS). Each
// must make the rehearsal fail with a message that names its cause; a fault the rehearsal does
// not notice fails the self-check (scripts/rehearse.ts).
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
    expect:
      /the poison message never reached a dead-letter queue: the mailer received it \d+ times/,
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
  "no-invoice-read": {
    what: "the site's role loses its read on the invoices bucket (a customer's invoice download)",
    steps: ["download"],
    expect:
      /IAM: SiteServerFunction\w* may not s3:GetObject on arn:aws:s3:::\S*invoicesbucket\S*\/invoices\//,
  },
  "no-products-write": {
    what: "the site's role loses its write under products/ in the images bucket (an admin's photo upload)",
    steps: ["photo"],
    expect:
      /IAM: SiteServerFunction\w* may not s3:PutObject on arn:aws:s3:::\S*imagesbucket\S*\/products\//,
  },
  "unused-statement": {
    what: "the migrations function's role gains a statement no call uses (s3:DeleteObject under products/)",
    steps: ["migrations"],
    coverageOf: ["migrations"],
    expect:
      /IAM: statement \d+ of Migrations\w* \(migrations\), Allow s3:DeleteObject on \S+\/products\/\*, was used by no call/,
  },
  "failing-route": {
    what: "one storefront route (GET /customer-service/shipping) answers 500",
    steps: ["home"],
    expect: /5xx: SiteServerFunction\w* answered 500 to GET \/customer-service\/shipping$/m,
  },
  "unenforced-payload-limit": {
    what: "the rehearsal's function URLs no longer enforce Lambda's 6 MB request payload",
    steps: ["limits"],
    expect:
      /a 7 MB multipart post to the site answered (?!413)\d+ .* ran the site's code 1 time\(s\); on AWS its function URL answers 413/s,
  },
} as const satisfies Record<
  string,
  { what: string; steps: readonly Step[]; expect: RegExp; coverageOf?: readonly string[] }
>;
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
    case "no-invoice-read": {
      // The site's statement that reads any object of the invoices bucket, taken out.
      const removed = removeStatements(
        site,
        (st) =>
          /InvoicesBucket/.test(JSON.stringify(st.Resource)) &&
          actionsOf(st).join() === "s3:GetObject",
      );
      if (removed !== 1)
        throw new Error(`expected one invoices read of the site, found ${removed}`);
      break;
    }
    case "no-products-write": {
      // s3:PutObject out of the site's statement on products/ of the images bucket.
      let changed = 0;
      for (const st of statementsOf(site)) {
        if (!onProducts(st)) continue;
        const actions = actionsOf(st);
        if (!actions.includes("s3:PutObject")) continue;
        st.Action = actions.filter((a) => a !== "s3:PutObject");
        changed++;
      }
      if (changed !== 1)
        throw new Error(`expected one products/ write of the site, found ${changed}`);
      break;
    }
    case "unused-statement": {
      const migrations = findResource(copy, "AWS::Lambda::Function", "Migrations");
      const images = statementsOf(migrations).find(onProducts);
      if (!images) throw new Error("the migrations function has no statement on products/");
      statementsOf(migrations, true).push({
        Effect: "Allow",
        Action: "s3:DeleteObject",
        Resource: structuredClone(images.Resource),
      });
      break;
    }
    case "failing-route": {
      // A handler in front of the site's that answers one storefront page with a 500, as a route whose
      // loader throws does; every other request goes to the site's own handler.
      const key = String((props(site.resource).Code as { S3Key: unknown }).S3Key);
      const original = site.stack.assets.get(key);
      if (!original) throw new Error("the site's code asset is missing");
      const faulty = join(workDir, "faulty-site");
      await cp(original, faulty, { recursive: true });
      const handler = String(props(site.resource).Handler);
      const file = handler.replace(/\.[^.]+$/, "");
      const dir = file.slice(0, file.lastIndexOf("/") + 1);
      const name = file.slice(file.lastIndexOf("/") + 1);
      await writeFile(
        join(faulty, `${dir}failing-route.mjs`),
        `import { handler as site } from "./${name}.mjs";
export const handler = async (event, context) =>
  event.rawPath === "/customer-service/shipping" && event.requestContext?.http?.method === "GET"
    ? { statusCode: 500, headers: { "content-type": "text/html" }, body: "<!DOCTYPE html><title>Error</title><h1>500</h1>" }
    : site(event, context);
`,
      );
      (site.resource.Properties as Record<string, unknown>).Handler = `${dir}failing-route.handler`;
      site.stack.assets.set(key, faulty);
      break;
    }
    case "unenforced-payload-limit":
      // Not in the stage: the rehearsal's function URLs are started without the limit
      // (rehearsal.ts, startTriggers' enforcePayloadLimits).
      break;
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

const roleOf = (resource: Resource): string => {
  const role = resource.Properties?.Role as { "Fn::GetAtt": [string] } | undefined;
  if (!role) throw new Error("a function without a role");
  return role["Fn::GetAtt"][0];
};
type PolicyStatement = { Effect: string; Action: unknown; Resource?: unknown };
const actionsOf = (st: PolicyStatement) => ([] as string[]).concat(st.Action as string[]);
/** A statement on the objects under products/ of the images bucket. */
const onProducts = (st: PolicyStatement) => {
  const resource = JSON.stringify(st.Resource);
  return /ImagesBucket/.test(resource) && resource.includes('"/products/*"');
};

/** The statements of the policies attached to a function's role (the first one's, `first`). */
function statementsOf(
  fn: { stack: SynthesizedStack; resource: Resource },
  first = false,
): PolicyStatement[] {
  const roleId = roleOf(fn.resource);
  const documents = Object.values(fn.stack.template.Resources)
    .filter(
      (p) =>
        p.Type === "AWS::IAM::Policy" &&
        JSON.stringify(p.Properties?.Roles).includes(`"${roleId}"`),
    )
    .map((p) => p.Properties?.PolicyDocument as { Statement: PolicyStatement[] });
  if (first) return documents[0]?.Statement ?? [];
  return documents.flatMap((d) => d.Statement);
}

/** Removes a function's statements that `match`; answers how many. */
function removeStatements(
  fn: { stack: SynthesizedStack; resource: Resource },
  match: (st: PolicyStatement) => boolean,
): number {
  const roleId = roleOf(fn.resource);
  let removed = 0;
  for (const policy of Object.values(fn.stack.template.Resources)) {
    if (policy.Type !== "AWS::IAM::Policy") continue;
    if (!JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`)) continue;
    const document = policy.Properties?.PolicyDocument as { Statement: PolicyStatement[] };
    const kept = document.Statement.filter((st) => !match(st));
    removed += document.Statement.length - kept.length;
    document.Statement = kept;
  }
  return removed;
}

function findResource(stacks: Array<SynthesizedStack & Mutable>, type: string, prefix: string) {
  for (const stack of stacks) {
    for (const [id, resource] of Object.entries(stack.template.Resources)) {
      if (resource.Type === type && id.startsWith(prefix)) return { stack, id, resource };
    }
  }
  throw new Error(`no ${type} named ${prefix}… in the stage`);
}
