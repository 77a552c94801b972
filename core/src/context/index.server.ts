// The server context: configuration plus the AWS SDK clients, built from the environment.
// Local and AWS differ only here: endpoints and credentials come from the configuration.
// The table's client is built with the context (nearly every request reads the table); the S3
// and SES clients on first use, their SDK modules imported then (docs/decisions/022-lean-bundles.md).
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { S3Client } from "@aws-sdk/client-s3";
import type { SESv2Client } from "@aws-sdk/client-sesv2";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { lazy } from "../common/lazy.ts";
import { createS3Client } from "../storage/index.server.ts";
import { type Config, loadConfig } from "./config.ts";
import { awsClientOptions } from "./deadlines.ts";
import { guardCalls } from "./dependency-calls.server.ts";

export {
  BUSY_RETRY,
  busyWaitMs,
  requestDeadline,
  retryWhileBusy,
  tableBusyReason,
  withDeadline,
} from "./busy.server.ts";
export { shopNow, testClockOffsetMs } from "./clock.server.ts";
export type { Config } from "./config.ts";
export { LOCAL_DEFAULTS, loadConfig } from "./config.ts";
export * from "./deadlines.ts";
export { guardCalls } from "./dependency-calls.server.ts";
export * from "./settings.ts";
export {
  BOUND_SECRETS,
  fetchBoundSecrets,
  loadBoundSecrets,
  secretParameterPaths,
  secretsClient,
} from "./sst-secrets.server.ts";
export * from "./telemetry.ts";

export interface Context {
  config: Config;
  /** Document client on the one table (plain JS values in and out). */
  db: DynamoDBDocumentClient;
  tableName: string;
  /**
   * The S3 client, built on the first call (its SDK module imported then) and the same one for
   * every later call: `const s3 = await ctx.s3()`. Objects are read and written through
   * core/src/storage (putObject, getObjectBytes, deleteObject), which loads the commands lazily
   * too; importing `@aws-sdk/client-s3` statically elsewhere would undo it.
   */
  s3(): Promise<S3Client>;
  /**
   * The SES v2 client, built on the first call and kept, like `s3()`: `await ctx.ses()`. Mail
   * goes through core/src/mail (sendMail), which imports SendEmailCommand on first use.
   */
  ses(): Promise<SESv2Client>;
}

// s3rver accepts only its own fixed key pair; DynamoDB Local and the local SES accept any.
const LOCAL_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * The context and its clients, each with its deadlines and retry budget (deadlines.ts) and the
 * shop's handling of a dependency that does not answer (dependency-calls.server.ts).
 */
export function createContext(config: Config = loadConfig()): Context {
  const local = (endpoint: string | undefined) =>
    endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {};
  // A local stand-in gets lenient deadlines, unless the fault tests ask for AWS's.
  const lenient = (endpoint: string | undefined) => Boolean(endpoint) && !config.awsDeadlines;
  const dynamo = guardCalls(
    new DynamoDBClient({
      region: config.region,
      ...local(config.dynamodbEndpoint),
      ...awsClientOptions("dynamodb", lenient(config.dynamodbEndpoint)),
    }),
    "dynamodb",
  );
  const db = DynamoDBDocumentClient.from(dynamo, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  const s3 = lazy(async () => {
    const client = await createS3Client({
      region: config.region,
      ...local(config.s3Endpoint),
      ...awsClientOptions("s3", lenient(config.s3Endpoint)),
      // s3rver needs path-style URLs and no flexible checksums, or bodies are stored corrupted.
      ...(config.s3Endpoint
        ? {
            forcePathStyle: true,
            requestChecksumCalculation: "WHEN_REQUIRED" as const,
            responseChecksumValidation: "WHEN_REQUIRED" as const,
          }
        : {}),
    });
    return guardCalls(client, "s3");
  });
  const ses = lazy(async () => {
    const { SESv2Client } = await import("@aws-sdk/client-sesv2");
    const client = new SESv2Client({
      region: config.region,
      ...local(config.sesEndpoint),
      ...awsClientOptions("ses", lenient(config.sesEndpoint)),
    });
    return guardCalls(client, "ses");
  });
  return { config, db, tableName: config.tableName, s3, ses };
}

let shared: Context | undefined;

/** The process-wide context (one set of clients per Lambda instance or web server). */
export function getContext(): Context {
  shared ??= createContext();
  return shared;
}
