// The Remix storefront on Lambda behind CloudFront (SST's RemixSite), with the environment and
// the permissions its loaders and actions use: the table, invoices (download), product images
// (admin uploads) and SES (password-reset e-mails are sent directly).
import { RemixSite, type StackContext, use } from "sst/constructs";
import { alarmOnAny } from "./alarms.ts";
import { Events, mailSettings } from "./Events.ts";
import { readObjects, tableReadWrite, writeObjects } from "./permissions.ts";
import { Secrets } from "./Secrets.ts";
import { Storage } from "./Storage.ts";

export function Web({ stack }: StackContext) {
  const { table, invoices, images } = use(Storage);
  const { environment, sendMail, alerts } = use(Events);
  const secrets = use(Secrets);
  const { domain } = mailSettings();

  const site = new RemixSite(stack, "Site", {
    path: "web",
    buildCommand: "npm run build",
    runtime: "nodejs20.x",
    environment: { ...environment, TRUST_PROXY: "1" },
    bind: [secrets.sessionSecret, secrets.stripeSecretKey, secrets.stripeWebhookSecret],
    customDomain: domain ? { domainName: domain, domainAlias: `www.${domain}` } : undefined,
  });
  const server = site.cdk?.function;
  if (server) {
    server.addToRolePolicy(tableReadWrite(table));
    server.addToRolePolicy(readObjects(invoices));
    server.addToRolePolicy(readObjects(images));
    server.addToRolePolicy(writeObjects(images));
    server.addToRolePolicy(sendMail);
    alarmOnAny(stack, "SiteErrorsAlarm", server.metricErrors(), alerts);
  }

  stack.addOutputs({ SiteUrl: site.customDomainUrl || site.url || "" });
  return { site };
}
