// Local stand-in for CloudFront's invalidation API (docs/decisions/018-edge-cache.md): answers the
// SDK's CreateInvalidation (REST-XML, POST /2020-05-31/distribution/<id>/invalidation) so the
// edge purge (functions/src/lambda/cloudfront.ts) runs unchanged against it, pointed here by
// AWS_ENDPOINT_URL_CLOUDFRONT. It records each invalidation (paths, time) and hands its paths to
// `onInvalidation` (the local shared cache's purge). Like CloudFront, a request repeating a caller
// reference with the same paths is the same invalidation (recorded once); with other paths it is
// refused (InvalidationBatchAlreadyExists).
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./util.ts";

export interface RecordedInvalidation {
  id: string;
  distributionId: string;
  callerReference: string;
  paths: string[];
  at: Date;
}

export interface CloudFrontStandIn {
  /** The endpoint for AWS_ENDPOINT_URL_CLOUDFRONT. */
  endpoint: string;
  /** Every invalidation received, oldest first. */
  invalidations: RecordedInvalidation[];
  /** What to do with each new invalidation's paths (replaces the previous callback). */
  onInvalidation(callback: ((paths: string[]) => void | Promise<void>) | undefined): void;
  stop(): Promise<void>;
}

const API = "/2020-05-31/distribution/";
const NS = "http://cloudfront.amazonaws.com/doc/2020-05-31/";

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) =>
    unescapeXml(m[1] ?? ""),
  );

export async function startCloudFrontStandIn(port = 0): Promise<CloudFrontStandIn> {
  const invalidations: RecordedInvalidation[] = [];
  let callback: ((paths: string[]) => void | Promise<void>) | undefined;

  const fail = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { "Content-Type": "text/xml" });
    res.end(
      `<?xml version="1.0"?><ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const match = path.match(/^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/);
    if (req.method !== "POST" || !match?.[1] || !path.startsWith(API)) {
      return fail(res, 400, "InvalidArgument", `not an API this stand-in answers: ${path}`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const paths = all(body, "Path");
    const [callerReference] = all(body, "CallerReference");
    const [quantity] = all(body, "Quantity");
    if (!callerReference || paths.length === 0 || Number(quantity) !== paths.length) {
      return fail(
        res,
        400,
        "InvalidArgument",
        "an invalidation batch needs a caller reference and its paths",
      );
    }
    if (paths.some((p) => !p.startsWith("/"))) {
      return fail(res, 400, "InvalidArgument", "every path begins with /");
    }
    const distributionId = decodeURIComponent(match[1]);
    const same = invalidations.find(
      (i) => i.distributionId === distributionId && i.callerReference === callerReference,
    );
    if (same && same.paths.join("\n") !== paths.join("\n")) {
      return fail(res, 409, "InvalidationBatchAlreadyExists", "the caller reference is taken");
    }
    const invalidation = same ?? {
      id: `I${randomUUID().replace(/-/g, "").slice(0, 13).toUpperCase()}`,
      distributionId,
      callerReference,
      paths,
      at: new Date(),
    };
    if (!same) {
      invalidations.push(invalidation);
      await callback?.(paths);
    }
    res.writeHead(201, {
      "Content-Type": "text/xml",
      Location: `${API}${distributionId}/invalidation/${invalidation.id}`,
    });
    res.end(
      `<?xml version="1.0"?><Invalidation xmlns="${NS}"><Id>${invalidation.id}</Id><Status>Completed</Status><CreateTime>${invalidation.at.toISOString()}</CreateTime><InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${paths.map((p) => `<Path>${escapeXml(p)}</Path>`).join("")}</Items></Paths><CallerReference>${escapeXml(callerReference)}</CallerReference></InvalidationBatch></Invalidation>`,
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => fail(res, 500, "InternalError", String(error)));
  });
  const endpoint = await listenOnLoopback(server, port);
  return {
    endpoint,
    invalidations,
    onInvalidation(next) {
      callback = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
