// npm run seed: seeds the local table and buckets (idempotent). Uses the local cloud that
// `npm start` runs, or starts one for the duration.
import { createContext } from "@shop/core/server/context";
import { applyLocalDefaults, runningCloudEnv, startDevCloud } from "./lib/cloud.ts";
import { seed } from "./lib/seed.ts";

const running = await runningCloudEnv();
const cloud = running ? null : await startDevCloud(console.log);
applyLocalDefaults(running ?? cloud?.env ?? {});
try {
  console.log("Seeding…");
  await seed(createContext(), {
    adminPassword: process.env.SEED_ADMIN_PASSWORD ?? "",
    customerPassword: process.env.SEED_CUSTOMER_PASSWORD ?? "",
    log: console.log,
  });
} finally {
  await cloud?.stop();
}
