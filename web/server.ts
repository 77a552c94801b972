// The shop's Node server for `npm start` (and anyone self-hosting): the Remix build behind
// Express, as remix-serve does it, plus what remix-serve cannot do:
// - a cross-site write is answered 403 before Remix sees it (Remix answers it with a 500);
// - loaders and actions get the socket's address (`context.clientAddress`) for abuse limits;
// - every response carries the security headers (server/security-headers.ts): pages and data
//   get theirs from the Remix build, static files and the server's own answers these;
// - a request body left unread by a refusal is drained after the answer (server/unread-body.ts);
// - each request Remix answers is timed by kind of page (server/server-time.ts), and its log
//   lines carry a generated request id (server/request-id.ts);
// - behind a CDN (TRUST_PROXY=1), every request must carry the CDN's secret origin header
//   (server/origin-guard.ts, ORIGIN_SECRET), checked first: without it, a 403 and nothing else.
// With NODE_ENV=development (npm run dev) it serves the app from Vite's dev server instead of the
// build: every request loads the current sources, and the browser hot-reloads what changed.
// On AWS the SST RemixSite runs the same build on Lambda instead (stacks/Web.ts).
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { CROSS_ORIGIN_REFUSED, isCrossOriginWrite } from "./server/cross-origin.ts";
import {
  acceptedOriginSecrets,
  isFromEdge,
  ORIGIN_HEADER,
  ORIGIN_REFUSED,
} from "./server/origin-guard.ts";
import { inRequest } from "./server/request-id.ts";
import { BASELINE_CSP, SECURITY_HEADERS } from "./server/security-headers.ts";
import { recordServerTime } from "./server/server-time.ts";
import { discardUnreadBody } from "./server/unread-body.ts";

process.env.NODE_ENV ??= "production";
const dev = process.env.NODE_ENV === "development";
const vite = dev
  ? await import("vite").then(({ createServer }) =>
      createServer({
        root: fileURLToPath(new URL(".", import.meta.url)),
        server: { middlewareMode: true },
      }),
    )
  : undefined;
const BUILD = fileURLToPath(new URL("./build/server/index.js", import.meta.url));
const build: ServerBuild | (() => Promise<ServerBuild>) = vite
  ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(pathToFileURL(BUILD).href)) as ServerBuild);

const FILE_NAME = /\.[A-Za-z0-9]+$/;

// Behind a CDN the client's address is the one the CDN vouches for (CloudFront-Viewer-Address),
// which only a request that carries the CDN's secret may use: without the secret there is no
// telling the CDN from anyone else, so the server refuses to start.
const behindEdge = process.env.TRUST_PROXY === "1";
const originSecrets = acceptedOriginSecrets(process.env.ORIGIN_SECRET);
if (behindEdge && originSecrets.length === 0) {
  console.error(
    'TRUST_PROXY=1 needs ORIGIN_SECRET (16 characters or more): the value the CDN in front sends in X-Origin-Verify (README "Configuration")',
  );
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// A body a guard or the form reader left unread is read and thrown away after the answer, so
// the client gets the answer rather than a reset.
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") discardUnreadBody(req, res);
  next();
});
// Filled in as the headers go out, so what the Remix build set (a page's own policy) stays, and
// a 304 gets no policy that would replace the one its cached copy came with.
app.use((_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!res.hasHeader(name)) res.setHeader(name, value);
    }
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    if (status !== 304 && !res.hasHeader("Content-Security-Policy")) {
      res.setHeader("Content-Security-Policy", BASELINE_CSP);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
});
if (behindEdge) {
  // Before any file or page: a request that did not come through the CDN gets a small 403 (its
  // body is not parsed; the drain above throws it away after the answer).
  app.use((req, res, next) => {
    if (isFromEdge(req.get(ORIGIN_HEADER), originSecrets)) {
      delete req.headers[ORIGIN_HEADER.toLowerCase()];
      next();
      return;
    }
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send(ORIGIN_REFUSED);
  });
}
app.use(compression());
if (vite) {
  // The sources, the public files and the hot-reload client, from Vite.
  app.use(vite.middlewares);
} else {
  // Hashed assets never change; everything else in build/client (favicon…) may.
  app.use(
    "/assets",
    express.static(fileURLToPath(new URL("./build/client/assets", import.meta.url)), {
      immutable: true,
      maxAge: "1y",
    }),
  );
  // Public files all have an extension: pages (most requests) skip the file system lookup.
  const publicFiles = express.static(fileURLToPath(new URL("./build/client", import.meta.url)), {
    maxAge: "1h",
  });
  app.use((req, res, next) => (FILE_NAME.test(req.path) ? publicFiles(req, res, next) : next()));
}
app.use((req, res, next) => {
  const headers = { get: (name: string) => req.get(name) ?? null };
  if (isCrossOriginWrite(req.method, headers)) {
    res.status(403).type("text/plain").send(CROSS_ORIGIN_REFUSED);
    return;
  }
  next();
});
// The site's server time by kind of page, as on Lambda: from here (the requests Remix answers)
// to the answer's last byte.
app.use((req, res, next) => {
  const started = performance.now();
  res.once("finish", () => {
    const milliseconds = performance.now() - started;
    void (typeof build === "function" ? build() : Promise.resolve(build))
      .then((b) => recordServerTime(b, req.path, milliseconds))
      .catch(() => {});
  });
  next();
});
const remix = createRequestHandler({
  build,
  mode: process.env.NODE_ENV,
  getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
});
// Each request Remix answers is one request of the build's telemetry: its log lines carry a
// generated id (server/request-id.ts; on Lambda, Lambda's request id).
app.all("*", (req, res, next) => {
  void (typeof build === "function" ? build() : Promise.resolve(build))
    .then((current) => inRequest(current, undefined, () => remix(req, res, next)))
    .catch(next);
});

const port = Number(process.env.PORT) || 3000;
const server = app.listen(port, process.env.HOST ?? "0.0.0.0", () => {
  console.log(`[web] http://localhost:${port}`);
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void vite?.close();
    server.close(() => process.exit(0));
  });
}
