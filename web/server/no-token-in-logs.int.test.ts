// The site's own log holds no token of a mailed link (docs/decisions/032-no-secrets-in-logs.md):
// the production build, answered by its Lambda handler with the site's Logger installed as on
// Lambda (Powertools, every level), is asked for the password-reset, e-mail-confirmation and
// unsubscribe links and the one-click unsubscribe while its table does not answer, so that each
// request writes the lines an operator would read about it (the dependency that failed); no line
// carries the token or the query string. Needs the web build (`npm run build`).
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/server-runtime";
import { REPO_ROOT } from "@shop/local-cloud";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLambdaHandler, type FunctionUrlEvent } from "./lambda-handler.ts";

const BUILD = join(REPO_ROOT, "web/build/server/index.js");
const TOKEN = "Tk9uZVNoYWxsUGFzcw0123456789abcdefXYZ";
const EMAIL = "ana.garcia@example.com";

/** A port nobody listens on: the table's endpoint that does not answer. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

const written: string[] = [];
const restore: Array<() => void> = [];
let handle: (event: FunctionUrlEvent) => Promise<{ statusCode: number }>;

beforeAll(async () => {
  if (!existsSync(BUILD)) throw new Error(`${BUILD} is missing: run npm run build first`);
  Object.assign(process.env, {
    ...inject("cloud").env,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
    TABLE_NAME: "no-token-in-logs",
    // The site's telemetry as on Lambda (web/app/lib/observability.server.ts), every level.
    AWS_LAMBDA_FUNCTION_NAME: "site",
    POWERTOOLS_LOG_LEVEL: "DEBUG",
  });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => {
      stream.write = write;
    });
  }
  const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
  handle = createLambdaHandler(build, "production");
}, 60_000);

afterAll(() => {
  for (const undo of restore) undo();
});

const request = (method: string, path: string, query: string, body?: string): FunctionUrlEvent => ({
  rawPath: path,
  rawQueryString: query,
  headers: {
    host: "shop.example",
    "x-forwarded-host": "shop.example",
    ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
  },
  ...(body ? { body } : {}),
  isBase64Encoded: false,
  requestContext: { http: { method } },
});

describe("the site's log", () => {
  it("holds no token of a mailed link, whatever the request's fate", async () => {
    const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const links = [
      request("GET", "/auth/reset-password", query({ token: TOKEN })),
      request("GET", "/auth/confirm-email", query({ token: TOKEN })),
      request("GET", "/user/unsubscribe-newsletter", query({ email: EMAIL, token: TOKEN })),
      request(
        "POST",
        "/newsletter/one-click-unsubscribe",
        query({ email: EMAIL, token: TOKEN }),
        "List-Unsubscribe=One-Click",
      ),
    ];
    const before = written.length;
    for (const link of links) {
      const { statusCode } = await handle(link);
      // The table does not answer: no page could be made, and the site said why in its log.
      expect(statusCode, link.rawPath).toBeGreaterThanOrEqual(400);
    }
    const lines = written.slice(before).join("").split("\n").filter(Boolean);
    // Not vacuous: each request wrote its lines (the dependency that failed).
    expect(lines.filter((line) => line.includes("dependency.unavailable")).length).toBeGreaterThan(
      0,
    );
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain("token=");
      expect(line).not.toContain(encodeURIComponent(EMAIL));
    }
  });
});
