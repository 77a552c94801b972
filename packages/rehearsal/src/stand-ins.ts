// The AWS services a rehearsed stage talks to, on this machine: DynamoDB Local (the official jar,
// with Streams), the local cloud's S3 (s3rver, started as `npm start` starts it:
// packages/local-cloud/src/s3-store.ts), aws-ses-v2-local (SES, with its mailbox), fauxqs (SQS,
// with visibility timeouts and redrive to dead-letter queues) and a parameter store of our own for
// the secrets functions read at a cold start (ssm:GetParameters), and the local cloud's CloudFront
// invalidation API. The rehearsal deploys a stage's resources into
// them (deploy.ts); functions reach them only through the recording proxies (recorder.ts).
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import {
  type CloudFrontStandIn,
  freePort,
  LOCAL_CREDENTIALS,
  listenOnLoopback,
  localPostPolicyOptions,
  startCloudFrontStandIn,
  startDynamoDbLocal,
  startLocalS3,
} from "@shop/local-cloud";
import sesLocal from "aws-ses-v2-local";
import { startFauxqs } from "fauxqs";

export const REGION = "eu-west-1";
export const ACCOUNT_ID = "000000000000";
/**
 * A Secrets Manager secret's ARN in the rehearsed stage: its name and a suffix (AWS adds six
 * random characters; the rehearsal's are fixed, so that a request naming the secret maps to it).
 */
export const secretArn = (name: string) =>
  `arn:aws:secretsmanager:${REGION}:${ACCOUNT_ID}:secret:${name}-Rhrsl0`;
/** Parameter Store's name for a Secrets Manager secret (GetParameters reads it as one). */
export const SECRET_REFERENCE_PREFIX = "/aws/reference/secretsmanager/";

/** s3rver accepts only its own key pair; the other stand-ins accept any. */
export { LOCAL_CREDENTIALS };

/** An S3 client for s3rver (path-style URLs, no flexible checksums: s3rver needs both). */
export const standInS3 = (endpoint: string) =>
  new S3Client({
    endpoint,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

export interface StandIns {
  dynamodb: string;
  s3: string;
  ses: string;
  sqs: string;
  ssm: string;
  /** CloudFront's invalidation API (packages/local-cloud's stand-in): the edge purge's target. */
  cloudfront: string;
  cloudFront: CloudFrontStandIn;
  /**
   * The parameter store's contents (name → value): SST's secrets are put here, and each Secrets
   * Manager secret under its reference (SECRET_REFERENCE_PREFIX + name), as Parameter Store
   * answers for it.
   */
  parameters: Map<string, string>;
  stop(): Promise<void>;
}

export async function startStandIns(dir: string, log: (line: string) => void): Promise<StandIns> {
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  try {
    const [dynamoPort, sesPort] = await Promise.all([freePort(), freePort()]);
    const dynamo = await startDynamoDbLocal({ port: dynamoPort, workDir: dir, log });
    stops.push(() => dynamo.stop());

    // The local cloud's S3, as `npm start` and the tests have it (its writes one at a time; a
    // browser's upload, a POST with a presigned policy, checked as S3 checks it).
    const s3 = await startLocalS3({
      directory: join(dir, "s3"),
      postPolicies: localPostPolicyOptions,
    });
    stops.push(() => s3.close());

    const startSes = (sesLocal as unknown as { default?: typeof sesLocal }).default ?? sesLocal;
    const ses: Server = await startSes({ host: "127.0.0.1", port: sesPort });
    stops.push(() => new Promise((resolve) => ses.close(resolve)));

    const sqs = await startFauxqs({ port: 0, logger: false, defaultRegion: REGION });
    stops.push(() => sqs.stop());

    const parameters = new Map<string, string>();
    const ssm = await startParameterStore(parameters);
    stops.push(() => new Promise((resolve) => ssm.server.close(resolve)));

    const cloudFront = await startCloudFrontStandIn();
    stops.push(() => cloudFront.stop());

    return {
      cloudfront: cloudFront.endpoint,
      cloudFront,
      dynamodb: dynamo.endpoint,
      s3: s3.endpoint,
      ses: `http://127.0.0.1:${sesPort}`,
      sqs: `http://127.0.0.1:${sqs.port}`,
      ssm: ssm.url,
      parameters,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * SSM's GetParameters (AWS JSON 1.1, the one call a function makes at its start for its secrets):
 * found names in Parameters, the others in InvalidParameters, as SSM answers.
 */
export async function startParameterStore(parameters: Map<string, string>) {
  const store = { calls: 0 };
  const server = createServer((req, res) => {
    store.calls++;
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const reply = (status: number, value: object) => {
        res.writeHead(status, { "content-type": "application/x-amz-json-1.1" });
        res.end(JSON.stringify(value));
      };
      const target = String(req.headers["x-amz-target"] ?? "");
      if (target !== "AmazonSSM.GetParameters") {
        return reply(400, {
          __type: "UnsupportedOperation",
          message: `The rehearsal's parameter store answers GetParameters only, not ${target}`,
        });
      }
      const names = ((JSON.parse(body || "{}") as { Names?: string[] }).Names ?? []).slice(0, 10);
      reply(200, {
        Parameters: names
          .filter((name) => parameters.has(name))
          .map((name) => ({
            Name: name,
            Type: "SecureString",
            Value: parameters.get(name),
            Version: 1,
            ARN: `arn:aws:ssm:${REGION}:${ACCOUNT_ID}:parameter${name}`,
          })),
        InvalidParameters: names.filter((name) => !parameters.has(name)),
      });
    });
  });
  const url = await listenOnLoopback(server);
  return {
    server,
    url,
    /** GetParameters calls answered so far. */
    get calls() {
      return store.calls;
    },
  };
}
