// The AWS deployment (SST v2): `npx sst deploy --stage NAME` deploys a whole, isolated copy of
// the shop. Stacks by concern: storage (table, buckets, images CDN), events (the functions fed by
// the table's stream, their dead-letter queues and alarms), web (the Remix site behind CloudFront).
import type { SSTConfig } from "sst";
import { Events } from "./stacks/Events.ts";
import { Secrets } from "./stacks/Secrets.ts";
import { Storage } from "./stacks/Storage.ts";
import { Web } from "./stacks/Web.ts";

export default {
  config() {
    return { name: "threadline", region: process.env.AWS_REGION || "eu-west-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({ runtime: "nodejs20.x", architecture: "arm_64" });
    app.stack(Secrets).stack(Storage).stack(Events).stack(Web);
  },
} satisfies SSTConfig;
