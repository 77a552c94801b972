// The Remix storefront on Lambda behind CloudFront (SST's RemixSite), with the environment and
// the permissions its loaders and actions use: the table, invoices (download), product images
// (admins upload and delete them under products/; CloudFront serves them, the site never reads
// them) and SES (password-reset e-mails are sent directly).
import { RemixSite, type StackContext, use } from "sst/constructs";
import { alarmOnAny } from "./alarms.ts";
import { Events } from "./Events.ts";
import { readObjects, replaceObjectsUnder, tableReadWrite } from "./permissions.ts";
import { Storage } from "./Storage.ts";
import { BUNDLE_TARGET, RUNTIME } from "./stage.ts";

/** Where product images live in the images bucket (the seed and the admin's uploads). */
export const PRODUCT_IMAGES_PREFIX = "products/";

export function Web({ stack }: StackContext) {
  const { table, invoices, images } = use(Storage);
  const { shopFunction, settings, sendMail, alerts } = use(Events);
  const { domain } = settings;
  const { environment, bind } = shopFunction("site");

  const site = new RemixSite(stack, "Site", {
    path: "web",
    buildCommand: "npm run build",
    runtime: RUNTIME,
    // Minified: a smaller bundle parses faster on a cold start (source maps stay separate).
    nodejs: { minify: true, esbuild: { target: BUNDLE_TARGET } },
    environment: { ...environment, TRUST_PROXY: "1" },
    bind,
    customDomain: domain ? { domainName: domain, domainAlias: `www.${domain}` } : undefined,
  });
  const server = site.cdk?.function;
  if (server) {
    server.addToRolePolicy(tableReadWrite(table));
    server.addToRolePolicy(readObjects(invoices));
    server.addToRolePolicy(replaceObjectsUnder(images, PRODUCT_IMAGES_PREFIX));
    server.addToRolePolicy(sendMail);
    alarmOnAny(stack, "SiteErrorsAlarm", server.metricErrors(), alerts);
  }

  stack.addOutputs({ SiteUrl: site.customDomainUrl || site.url || "" });
  return { site };
}
