// npm run reset: wipes the local data (.data/): table, buckets, stream position. Stop `npm start` first.
import { rm } from "node:fs/promises";
import { DATA_DIR, runningCloudEnv } from "./lib/cloud.ts";

if (await runningCloudEnv()) {
  console.error("The shop is running (npm start): stop it first, then run npm run reset.");
  process.exit(1);
}
await rm(DATA_DIR, { recursive: true, force: true });
console.log(`Removed ${DATA_DIR}. The next npm start seeds a fresh shop.`);
