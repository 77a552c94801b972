// The site's CloudFront distribution, rehearsed from its template: a request is matched to a
// cache behaviour by path pattern, runs the behaviour's viewer-request CloudFront Function (the
// code in the template), and goes to the behaviour's origin: the site's function URL with the
// headers the origin request policy lets through (plus CloudFront's own, such as
// CloudFront-Viewer-Address, and the origin's custom headers from the template, such as the
// guarded origin's secret), or the assets bucket. Not rehearsed: caching, TLS, compression.
import { createServer, request as httpRequest, type Server } from "node:http";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { listenOnLoopback } from "@shop/local-cloud";
import {
  cfEventFromRequest,
  cfRequestHeaders,
  cfRequestUrl,
  isCfResponse,
  originRequestHeaders,
  runCloudFrontFunction,
} from "./cloudfront.ts";
import type { DeployedStage } from "./deploy.ts";
import { type StandIns, standInS3 } from "./stand-ins.ts";

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  OriginRequestPolicyId?: string;
  FunctionAssociations?: Array<{ EventType: string; FunctionARN: string }>;
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors?: Behavior[];
  Origins: Array<{
    Id: string;
    DomainName: string;
    OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: string }>;
  }>;
}

export interface Edge {
  url: string;
  stop(): Promise<void>;
}

/** CloudFront path patterns: `*` any characters, `?` one; matched against the path without "/". */
const matches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .replace(/^\//, "")
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  ).test(path.replace(/^\//, ""));

export async function startEdge(
  stage: DeployedStage,
  functionUrls: Map<string, string>,
  standIns: StandIns,
  onError: (message: string) => void,
): Promise<Edge> {
  const distribution = stage.distributions.find((d) =>
    (d.config as unknown as DistributionConfig).Origins.some((o) =>
      stage.functionUrls.has(o.DomainName),
    ),
  );
  if (!distribution) throw new Error("no CloudFront distribution in front of a function URL");
  const config = distribution.config as unknown as DistributionConfig;
  const s3 = standInS3(standIns.s3);

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const path = (req.url ?? "/").split("?")[0] ?? "/";
        const behavior =
          config.CacheBehaviors?.find((b) => b.PathPattern && matches(b.PathPattern, path)) ??
          config.DefaultCacheBehavior;
        const viewerIp = req.socket.remoteAddress ?? "127.0.0.1";
        let event = cfEventFromRequest({
          method: req.method ?? "GET",
          url: req.url ?? "/",
          headers: req.headers,
          ip: viewerIp,
        });
        for (const association of behavior.FunctionAssociations ?? []) {
          if (association.EventType !== "viewer-request") continue;
          const id = association.FunctionARN.split("/").at(-1) as string;
          const code = stage.cloudFrontFunctions.get(id);
          if (!code) throw new Error(`CloudFront function ${id} is not in the template`);
          const result = runCloudFrontFunction(code, event);
          if (isCfResponse(result)) {
            res.writeHead(result.statusCode, flatten(result.headers));
            res.end();
            return;
          }
          event = { ...event, request: result };
        }
        const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId);
        if (!origin) throw new Error(`behaviour targets unknown origin ${behavior.TargetOriginId}`);
        const url = cfRequestUrl(event.request);
        const viewerHeaders = cfRequestHeaders(event.request);
        const functionUrl = functionUrls.get(origin.DomainName);
        if (functionUrl) {
          const policy = behavior.OriginRequestPolicyId;
          if (!policy) throw new Error("the server behaviour has no origin request policy");
          const headers = originRequestHeaders(policy, viewerHeaders, {
            "cloudfront-viewer-address": `${viewerIp}:${req.socket.remotePort}`,
            "cloudfront-forwarded-proto": "https",
            "cloudfront-is-desktop-viewer": "true",
            "cloudfront-is-mobile-viewer": "false",
            "cloudfront-is-tablet-viewer": "false",
            "cloudfront-is-smarttv-viewer": "false",
            "cloudfront-viewer-country": "ES",
          });
          // The origin's custom headers replace any of the same name the viewer sent.
          for (const { HeaderName, HeaderValue } of origin.OriginCustomHeaders ?? []) {
            for (const name of Object.keys(headers)) {
              if (name.toLowerCase() === HeaderName.toLowerCase()) delete headers[name];
            }
            headers[HeaderName.toLowerCase()] = HeaderValue;
          }
          const target = new URL(functionUrl);
          const forward = httpRequest(
            {
              host: target.hostname,
              port: target.port,
              method: req.method,
              path: url,
              headers: { ...headers, host: origin.DomainName },
            },
            (upstream) => {
              res.writeHead(upstream.statusCode ?? 502, upstream.headers);
              upstream.pipe(res);
            },
          );
          forward.on("error", (error) => {
            onError(`edge → site function URL: ${error}`);
            res.writeHead(502);
            res.end();
          });
          forward.end(Buffer.concat(chunks));
          return;
        }
        const bucket = stage.buckets.get(
          [...stage.buckets.keys()].find((arn) =>
            origin.DomainName.startsWith(`${arn.replace("arn:aws:s3:::", "")}.s3.`),
          ) ?? "",
        );
        if (!bucket)
          throw new Error(`origin ${origin.DomainName} is neither a function URL nor a bucket`);
        const key = decodeURIComponent(url.split("?")[0]?.replace(/^\//, "") ?? "");
        try {
          const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          res.writeHead(200, {
            "content-type": object.ContentType ?? "application/octet-stream",
            ...(object.CacheControl ? { "cache-control": object.CacheControl } : {}),
            ...(object.ETag ? { etag: object.ETag } : {}),
          });
          res.end(
            Buffer.from(
              await (
                object.Body as { transformToByteArray(): Promise<Uint8Array> }
              ).transformToByteArray(),
            ),
          );
        } catch {
          res.writeHead(403, { "content-type": "application/xml" });
          res.end("<Error><Code>AccessDenied</Code></Error>");
        }
      } catch (error) {
        onError(`edge: ${error}`);
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`502 ERROR (the rehearsal's edge): ${error}`);
      }
    });
  });
  // The viewer's host is localhost, where a browser keeps Secure cookies as it would over HTTPS.
  const url = (await listenOnLoopback(server)).replace("127.0.0.1", "localhost");
  return {
    url,
    stop: async () => {
      s3.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function flatten(headers: Record<string, { value: string }> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k, v.value]));
}
