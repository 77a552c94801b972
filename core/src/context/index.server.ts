// The server context: configuration plus the AWS SDK clients, built from the environment.
// Local and AWS differ only here: endpoints and credentials come from the configuration.
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { S3Client } from "@aws-sdk/client-s3";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { type Config, loadConfig } from "./config.ts";
import { awsClientOptions } from "./deadlines.ts";
import { guardCalls } from "./dependency-calls.server.ts";

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

export interface Context {
  config: Config;
  /** Document client on the one table (plain JS values in and out). */
  db: DynamoDBDocumentClient;
  tableName: string;
  s3: S3Client;
  ses: SESv2Client;
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
  const s3 = new S3Client({
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
  const ses = new SESv2Client({
    region: config.region,
    ...local(config.sesEndpoint),
    ...awsClientOptions("ses", lenient(config.sesEndpoint)),
  });
  return {
    config,
    db,
    tableName: config.tableName,
    s3: guardCalls(s3, "s3"),
    ses: guardCalls(ses, "ses"),
  };
}

let shared: Context | undefined;

/** The process-wide context (one set of clients per Lambda instance or web server). */
export function getContext(): Context {
  shared ??= createContext();
  return shared;
}
