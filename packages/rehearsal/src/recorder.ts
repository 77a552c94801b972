// The IAM replay: every AWS call a function makes goes through a small proxy of its own in front
// of the stand-in, which records the call (service, action, resource) and checks it against that
// function's policy statements from the template. SQS is the exception: its SDK sends each call
// to the host of the queue's URL, so one proxy fronts the queues' URLs and tells the functions
// apart by their credentials (each function signs with an access key of its own, as each Lambda
// role's session does). A call the policy would deny is answered as
// AWS answers it (AccessDenied) and recorded as a violation naming the function, the action and
// the resource, so least privilege is something the rehearsal can fail on. Where a call depends on
// its resource's own policy (a bucket's, a queue's), that policy is evaluated with the role's, as
// AWS does within an account; conditions are evaluated against the call's context (iam.ts). Each
// Allow statement that grants a call is recorded as used by it: the rehearsal's coverage
// (coverage.ts) fails on a statement no call used. Permission boundaries are not evaluated.
import { createHash } from "node:crypto";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { listenOnLoopback } from "@shop/local-cloud";
import {
  type AwsRequest,
  alternativesOf,
  type NeededPermission,
  permissionsFor,
  type Service,
} from "./aws-requests.ts";
import type { DeployedFunction, DeployedStage } from "./deploy.ts";
import {
  type Decision,
  evaluateWithResourcePolicy,
  type RequestContext,
  type Statement,
} from "./iam.ts";
import { ACCOUNT_ID, REGION, type StandIns } from "./stand-ins.ts";

/** The ObjectCreated event S3 notifies for an object a call created. */
type ObjectCreatedEvent = "Put" | "Post" | "Copy" | "CompleteMultipartUpload";
export interface AwsCall {
  function: string;
  service: Service;
  operation: string;
  permissions: string[];
}
/** Function logical id → statement index → what used it (e.g. "s3 PutObject") → how often. */
export type StatementUsage = Map<string, Map<number, Map<string, number>>>;
/** The role ARN a function's calls are made with (a resource policy's principal). */
export const roleArnOf = (fn: DeployedFunction) =>
  `arn:aws:iam::${ACCOUNT_ID}:role/${fn.stack}-${fn.logicalId}Role`;
/**
 * Every call is made over HTTPS on AWS (the SDK's default): the rehearsal's plain HTTP between a
 * function and its proxy is the stand-in's, so aws:SecureTransport is true.
 */
const CALL_CONTEXT: RequestContext = { "aws:securetransport": ["true"] };
export interface Violation {
  function: string;
  action: string;
  resource: string;
  reason: string;
}

/** The variables that point a function's SDK clients at its proxies (core reads the first three). */
const ENDPOINT_VARIABLES: Record<Service, string> = {
  dynamodb: "DYNAMODB_ENDPOINT",
  s3: "S3_ENDPOINT",
  ses: "SES_ENDPOINT",
  sqs: "AWS_ENDPOINT_URL_SQS",
  ssm: "AWS_ENDPOINT_URL_SSM",
  cloudfront: "AWS_ENDPOINT_URL_CLOUDFRONT",
};

export class Recorder {
  readonly calls: AwsCall[] = [];
  readonly violations: Violation[] = [];
  readonly usage: StatementUsage = new Map();
  /** S3's notification of an object a function created (set by the triggers). */
  onObjectCreated?: (bucket: string, key: string, event: ObjectCreatedEvent) => void;
  private readonly servers: Server[] = [];
  /** Access key id → the function that signs with it (SQS). */
  private readonly callers = new Map<string, DeployedFunction>();

  constructor(
    private readonly standIns: StandIns,
    private readonly stage: DeployedStage,
  ) {}

  /** Starts the function's proxies; answers the environment variables that point at them. */
  async endpointsFor(fn: DeployedFunction, queueFront: string): Promise<Record<string, string>> {
    const accessKeyId = `AKIA${createHash("sha256").update(fn.logicalId).digest("hex").slice(0, 16).toUpperCase()}`;
    this.callers.set(accessKeyId, fn);
    const env: Record<string, string> = {
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: `rehearsal-${fn.logicalId}`,
      AWS_ENDPOINT_URL_SQS: queueFront,
    };
    for (const service of Object.keys(ENDPOINT_VARIABLES) as Service[]) {
      if (service === "sqs") continue;
      env[ENDPOINT_VARIABLES[service]] = await this.proxy(service, () => fn);
    }
    return env;
  }

  /**
   * The proxy in front of the queues' URLs (every function's SQS calls), on `port`; the URLs in
   * the calls are turned into the stand-in's own (`standInUrl` of a queue name).
   */
  async startQueueFront(port: number, standInUrl: (name: string) => string): Promise<void> {
    const front = `http://127.0.0.1:${port}/${ACCOUNT_ID}/`;
    const toStandIn = (body: Buffer) =>
      Buffer.from(
        body
          .toString("utf8")
          .replace(new RegExp(`${front.replace(/[.:/]/g, "\\$&")}([\\w-]+)`, "g"), (_, name) =>
            standInUrl(name),
          ),
      );
    await this.proxy(
      "sqs",
      (req) => {
        const key = /Credential=([^/]+)\//.exec(String(req.headers.authorization ?? ""))?.[1];
        return (key && this.callers.get(key)) || undefined;
      },
      port,
      toStandIn,
    );
  }

  /** A recording proxy of `service` for the caller `whoIs` names; answers its URL. */
  private async proxy(
    service: Service,
    whoIs: (req: IncomingMessage) => DeployedFunction | undefined,
    port = 0,
    rewrite: (body: Buffer) => Buffer = (body) => body,
  ): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const fn = whoIs(req);
        if (!fn) {
          res.writeHead(403, { "content-type": "application/x-amz-json-1.0" });
          res.end(JSON.stringify({ __type: "InvalidClientTokenId", message: "unknown caller" }));
          return;
        }
        const created: { object?: [string, string, ObjectCreatedEvent] } = {};
        const denied = this.check(
          fn,
          service,
          {
            method: req.method ?? "GET",
            path: req.url ?? "/",
            headers: req.headers as Record<string, string | undefined>,
            body,
          },
          created,
        );
        if (denied) {
          const { status, headers, body: answer } = accessDenied(service, denied);
          res.writeHead(status, headers);
          res.end(answer);
          return;
        }
        const target = new URL(this.standIns[service]);
        const sent = rewrite(body);
        const forward = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: target.host, "content-length": String(sent.length) },
          },
          (upstream) => {
            const status = upstream.statusCode ?? 502;
            res.writeHead(status, upstream.headers);
            upstream.pipe(res);
            if (created.object && status < 300) {
              const [bucket, key, event] = created.object;
              upstream.on("end", () => this.onObjectCreated?.(bucket, key, event));
            }
          },
        );
        forward.on("error", (error) => {
          res.writeHead(502);
          res.end(String(error));
        });
        forward.end(sent);
      });
    });
    this.servers.push(server);
    return listenOnLoopback(server, port);
  }

  /**
   * Checks what Lambda's service does with a function's role (reading its stream or queue,
   * sending to its failure destination); records a violation when the role does not allow it.
   */
  allows(fn: DeployedFunction, action: string, resource: string, by = "Lambda's service"): boolean {
    const decision = this.decide(fn, { action, resource });
    if (!decision.allowed) {
      this.violations.push({ function: fn.logicalId, action, resource, reason: decision.reason });
    } else this.used(fn, decision, `${by}: ${action}`);
    return decision.allowed;
  }

  /** The decision on one permission: the role's statements, and the resource's policy if any. */
  decide(fn: DeployedFunction, need: NeededPermission): Decision {
    const context = { ...CALL_CONTEXT, ...need.context };
    const decisions = alternativesOf(need).map((alternative) => {
      const policy = this.resourcePolicyOf(alternative.resource);
      return {
        ...alternative,
        ...evaluateWithResourcePolicy(
          fn.statements,
          alternative.action,
          alternative.resource,
          context,
          policy && {
            ...policy,
            principal: { type: "AWS", id: roleArnOf(fn) },
          },
        ),
      };
    });
    const allowed = decisions.find((d) => d.allowed);
    if (allowed) return allowed;
    if (decisions.length === 1 && decisions[0]) return decisions[0];
    return {
      allowed: false,
      undecidable: decisions.some((d) => d.undecidable),
      reason: `none of the alternatives is allowed: ${decisions.map((d) => `${d.action} on ${d.resource}: ${d.reason}`).join(" | ")}`,
    };
  }

  /** A bucket's policy (for its objects too) or a queue's, as the template gives them. */
  private resourcePolicyOf(
    resource: string,
  ): { statements: Statement[]; name: string } | undefined {
    const bucket = /^arn:aws:s3:::([^/]+)/.exec(resource)?.[1];
    if (bucket) {
      const statements = this.stage.resourcePolicies.get(bucket);
      return statements && { statements, name: `the bucket policy of ${bucket}` };
    }
    if (resource.startsWith("arn:aws:sqs:")) {
      const statements = this.stage.resourcePolicies.get(resource);
      return (
        statements && { statements, name: `the queue policy of ${resource.split(":").at(-1)}` }
      );
    }
    return undefined;
  }

  private used(fn: DeployedFunction, decision: Decision, label: string) {
    const byStatement = this.usage.get(fn.logicalId) ?? new Map<number, Map<string, number>>();
    this.usage.set(fn.logicalId, byStatement);
    for (const index of decision.by ?? []) {
      const labels = byStatement.get(index) ?? new Map<string, number>();
      byStatement.set(index, labels);
      labels.set(label, (labels.get(label) ?? 0) + 1);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))),
    );
  }

  /** Records the call; answers the violation that denies it, if any. */
  private check(
    fn: DeployedFunction,
    service: Service,
    request: AwsRequest,
    created: { object?: [string, string, ObjectCreatedEvent] } = {},
  ): Violation | null {
    let classified: ReturnType<typeof permissionsFor>;
    try {
      classified = permissionsFor(service, request, {
        region: REGION,
        accountId: ACCOUNT_ID,
        queueNameOf: (url) =>
          [...this.stage.queues.values()].find((q) => q.url === url || url.endsWith(`/${q.name}`))
            ?.name,
        secretArnOf: (name) =>
          [...this.stage.secrets.entries()].find(([, s]) => s.name === name)?.[0],
        partitionKeyOf: (table) =>
          [...this.stage.tables.values()].find((t) => t.name === table)?.partitionKey,
      });
    } catch (error) {
      const violation = {
        function: fn.logicalId,
        action: `${service}:?`,
        resource: request.path,
        reason: `a call the rehearsal cannot classify: ${error}`,
      };
      this.violations.push(violation);
      return violation;
    }
    this.calls.push({
      function: fn.logicalId,
      service,
      operation: classified.operation,
      permissions: classified.needs.map((n) => `${n.action} ${n.resource}`),
    });
    const decisions: Decision[] = [];
    for (const need of classified.needs) {
      const decision = this.decide(fn, need);
      decisions.push(decision);
      if (!decision.allowed) {
        const violation = {
          function: fn.logicalId,
          action: need.action,
          resource: need.resource,
          reason: decision.reason,
        };
        this.violations.push(violation);
        return violation;
      }
    }
    for (const decision of decisions) this.used(fn, decision, `${service} ${classified.operation}`);
    const { operation } = classified;
    if (
      service === "s3" &&
      ["PutObject", "PostObject", "CopyObject", "CompleteMultipartUpload"].includes(operation)
    ) {
      const object = /^arn:aws:s3:::([^/]+)\/(.+)$/.exec(classified.needs[0]?.resource ?? "");
      const event: ObjectCreatedEvent =
        operation === "PutObject"
          ? "Put"
          : operation === "PostObject"
            ? "Post"
            : operation === "CopyObject"
              ? "Copy"
              : "CompleteMultipartUpload";
      if (object?.[1] && object[2]) created.object = [object[1], object[2], event];
    }
    return null;
  }
}

/** AWS's answer to a denied call, in the service's protocol. */
function accessDenied(service: Service, v: Violation) {
  const message =
    `User: arn:aws:sts::${ACCOUNT_ID}:assumed-role/${v.function}/${v.function} is not authorized ` +
    `to perform: ${v.action} on resource: ${v.resource} because no identity-based policy allows ` +
    `the ${v.action} action`;
  if (service === "s3" || service === "cloudfront") {
    return {
      status: 403,
      headers: { "content-type": "application/xml" },
      body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${message}</Message></Error>`,
    };
  }
  if (service === "ses") {
    return {
      status: 403,
      headers: { "content-type": "application/json", "x-amzn-errortype": "AccessDeniedException" },
      body: JSON.stringify({ message }),
    };
  }
  return {
    status: 400,
    headers: {
      "content-type": "application/x-amz-json-1.0",
      "x-amzn-query-error": "AccessDenied;Sender",
    },
    body: JSON.stringify({ __type: "com.amazon.coral.service#AccessDeniedException", message }),
  };
}
