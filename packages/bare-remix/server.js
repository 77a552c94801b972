// The bare Remix page served warm, for the storefront benchmark's comparison (npm run bench,
// scripts/lib/bench-warm.ts): the same Node adapter as the shop's server (web/server.ts: Express
// and @remix-run/express) in production mode, and nothing else: no compression, no static files,
// no headers of the shop's. PORT (0 = a free one); prints `port <n>` once it listens.
import { createRequestHandler } from "@remix-run/express";
import express from "express";

const build = await import("./build/server/index.js");
const app = express();
app.disable("x-powered-by");
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT) || 0, "127.0.0.1", () => {
  console.log(`port ${server.address().port}`);
});
for (const signal of ["SIGTERM", "SIGINT"])
  process.on(signal, () => server.close(() => process.exit(0)));
