// "Deploys" a synthesized stage into the stand-ins, the way CloudFormation would create it: the
// table with the template's keys, indexes and stream, the buckets, the queues with their
// template attributes and redrive policies, the parameter store's secrets, Secrets Manager's
// generated secrets (readable through Parameter Store's reference to them, and resolved where a
// template's dynamic reference names them, as CloudFormation does). Every other resource
// is recorded with placeholder names, so that references to it resolve. What comes out is the
// deployment the rehearsal runs: each function's code (the synthesized asset), handler,
// environment (resolved from the template) and IAM statements; event source mappings, schedules,
// function URLs and the site's CloudFront distribution.
import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
} from "@aws-sdk/client-dynamodb";
import {
  CreateBucketCommand,
  PutBucketCorsCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from "@aws-sdk/client-sqs";
import { ACCOUNT_CONCURRENCY, UNRESERVED_MINIMUM } from "@shop/functions/registry";
import { LOCAL_UPLOAD_ORIGINS } from "@shop/local-cloud";
import AdmZip from "adm-zip";
import type { Statement } from "./iam.ts";
import { type Deployment, exportsOf, type PhysicalResource, resolve } from "./intrinsics.ts";
import {
  ACCOUNT_ID,
  LOCAL_CREDENTIALS,
  REGION,
  SECRET_REFERENCE_PREFIX,
  type StandIns,
  secretArn,
  standInS3,
} from "./stand-ins.ts";
import { DEPLOY_SETTINGS } from "./synth.ts";

export interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
}
export interface Template {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value?: unknown; Export?: { Name?: unknown } }>;
}
/** A stack as the synthesis produced it: its template and where its assets are on disk. */
export interface SynthesizedStack {
  name: string;
  template: Template;
  /** S3 object key of an asset (as the template names it) → its folder or file in cdk.out. */
  assets: Map<string, string>;
}

export interface DeployedFunction {
  stack: string;
  logicalId: string;
  name: string;
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  codeDir: string;
  environment: Record<string, string>;
  statements: Statement[];
  /** Its reserved concurrency (ReservedConcurrentExecutions): at most that many run at once. */
  reservedConcurrency?: number;
}

/** An alarm of the template (AWS::CloudWatch::Alarm) and its actions, resolved. */
export interface Alarm {
  stack: string;
  logicalId: string;
  name: string;
  arn: string;
  /** The ARNs each state notifies: AlarmActions, OKActions, InsufficientDataActions. */
  actions: { ALARM: string[]; OK: string[]; INSUFFICIENT_DATA: string[] };
}

export interface EventSourceMapping {
  logicalId: string;
  functionName: string;
  sourceArn: string;
  batchSize: number;
  properties: Record<string, unknown>;
}

export interface DeployedStage {
  functions: Map<string, DeployedFunction>;
  mappings: EventSourceMapping[];
  /**
   * Scheduled rules: the expression, the target functions' names and, per target, what the rule
   * sends it (its Input, InputPath or InputTransformer, as the template says; none: the event).
   */
  schedules: Array<{
    logicalId: string;
    arn: string;
    expression: string;
    targets: string[];
    inputs: Array<{ Input?: string; InputPath?: string; InputTransformer?: unknown }>;
  }>;
  /** Lambda's resource-based policy statements (AWS::Lambda::Permission), by function name. */
  invokePermissions: Array<{
    functionName: string;
    action: string;
    principal: string;
    sourceArn?: string;
    sourceAccount?: string;
    functionUrlAuthType?: string;
    invokedViaFunctionUrl?: boolean;
  }>;
  /**
   * Resource policies: a bucket's (by bucket name), a queue's or a topic's (by its ARN)
   * statements.
   */
  resourcePolicies: Map<string, Statement[]>;
  /** SNS topics, ARN → name: their policies are read (./alarms.ts), nothing receives messages. */
  topics: Map<string, string>;
  /** CloudWatch alarms: their ARN and what each state change notifies (./alarms.ts). */
  alarms: Alarm[];
  /**
   * S3 notifications to functions (CDK's Custom::S3BucketNotifications): the bucket's name, the
   * events (e.g. "s3:ObjectCreated:*"), the key prefix, the function's name.
   */
  bucketNotifications: Array<{
    bucket: string;
    events: string[];
    prefix: string;
    functionName: string;
  }>;
  /** Function URL domain (<id>.lambda-url.<region>.on.aws) → function name. */
  functionUrls: Map<string, string>;
  /** Function URL domain → its AuthType (NONE or AWS_IAM). */
  functionUrlAuthTypes: Map<string, string>;
  /** Queue ARN → URL (the emulator's), name. */
  queues: Map<string, { url: string; name: string; redrivePolicy?: string }>;
  tables: Map<string, { name: string; streamArn?: string; partitionKey?: string }>;
  buckets: Map<string, string>;
  distributions: Array<{ stack: string; config: Record<string, unknown> }>;
  cloudFrontFunctions: Map<string, string>;
  /** Secrets Manager secrets: ARN → name and the value generated at "deploy". */
  secrets: Map<string, { name: string; value: string }>;
  outputs: Record<string, Record<string, string>>;
  /** Resource types created only as names (not emulated), with their counts. */
  notEmulated: Map<string, number>;
  /**
   * The ARN of every resource that has one (a distribution's, as IAM names it), by stack and
   * logical id: what a statement's resource is pinned to (./coverage.ts).
   */
  arns: Array<{ stack: string; logicalId: string; arn: string }>;
}

export interface DeployOptions {
  standIns: StandIns;
  /** Values of the stage's SST secrets (name → value), put in the parameter store. */
  secrets: Record<string, string>;
  /** Divides queue visibility timeouts, so that retries and redrive take seconds, not minutes. */
  timeScale: number;
  /** Where the queues' URLs point (the recording proxy in front of the SQS stand-in). */
  queueFront: string;
}

const short = (id: string) => id.replace(/[^A-Za-z0-9]/g, "").slice(0, 40);

export async function deployStage(
  stacks: SynthesizedStack[],
  options: DeployOptions,
): Promise<DeployedStage> {
  const { standIns } = options;
  const clients = {
    dynamodb: new DynamoDBClient({
      endpoint: standIns.dynamodb,
      region: REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
    s3: standInS3(standIns.s3),
    sqs: new SQSClient({ endpoint: standIns.sqs, region: REGION, credentials: LOCAL_CREDENTIALS }),
  };
  const physical = new Map<string, PhysicalResource>();
  const exported = new Map<string, string>();
  const deployment: Deployment = {
    resource: (stack, id) => physical.get(`${stack}/${id}`),
    exportValue: (name) => exported.get(name),
    parameters: { BootstrapVersion: "/cdk-bootstrap/hnb659fds/version" },
    pseudo: { region: REGION, accountId: ACCOUNT_ID, partition: "aws", urlSuffix: "amazonaws.com" },
  };
  const stage: DeployedStage = {
    functions: new Map(),
    mappings: [],
    schedules: [],
    invokePermissions: [],
    resourcePolicies: new Map(),
    topics: new Map(),
    alarms: [],
    bucketNotifications: [],
    functionUrls: new Map(),
    functionUrlAuthTypes: new Map(),
    queues: new Map(),
    tables: new Map(),
    buckets: new Map(),
    distributions: [],
    cloudFrontFunctions: new Map(),
    secrets: new Map(),
    outputs: {},
    notEmulated: new Map(),
    arns: [],
  };

  for (const stack of stacks) {
    const res = (value: unknown) => resolve(value, stack.name, deployment);
    const pending = new Map(Object.entries(stack.template.Resources));
    // Create what can be created; a resource whose references are not there yet waits a pass.
    while (pending.size > 0) {
      let progressed = false;
      let lastError: unknown;
      for (const [id, resource] of pending) {
        try {
          const created = await create(stack, id, resource, res);
          physical.set(`${stack.name}/${id}`, created);
          const arn =
            resource.Type === "AWS::CloudFront::Distribution"
              ? `arn:aws:cloudfront::${ACCOUNT_ID}:distribution/${created.ref}`
              : Object.hasOwn(created.attributes, "Arn")
                ? created.attributes.Arn
                : undefined;
          if (arn) stage.arns.push({ stack: stack.name, logicalId: id, arn });
          pending.delete(id);
          progressed = true;
        } catch (error) {
          const waiting = /unknown resource|unknown export/;
          if (!(error instanceof Error) || !waiting.test(error.message)) throw error;
          lastError = error;
        }
      }
      if (!progressed) throw new Error(`${stack.name}: cannot create resources: ${lastError}`);
    }
    for (const [name, value] of Object.entries(exportsOf(stack.template, stack.name, deployment))) {
      exported.set(name, value);
    }
    stage.outputs[stack.name] = Object.fromEntries(
      Object.entries(stack.template.Outputs ?? {}).map(([id, o]) => [id, String(res(o.Value))]),
    );
    // Functions last: their environment and policies may name anything in the stack.
    await collectFunctions(stack, res);
  }
  for (const [name, value] of Object.entries(options.secrets)) {
    // SST's path for a secret of this stage (SST_SSM_PREFIX + Secret/NAME/value).
    const prefixes = new Set(
      [...stage.functions.values()].map((f) => f.environment.SST_SSM_PREFIX).filter(Boolean),
    );
    for (const prefix of prefixes) standIns.parameters.set(`${prefix}Secret/${name}/value`, value);
  }
  clients.dynamodb.destroy();
  clients.s3.destroy();
  clients.sqs.destroy();
  return stage;

  function notRehearsed(what: string) {
    stage.notEmulated.set(what, (stage.notEmulated.get(what) ?? 0) + 1);
  }

  async function create(
    stack: SynthesizedStack,
    id: string,
    resource: Resource,
    res: (value: unknown) => unknown,
  ): Promise<PhysicalResource> {
    const p = resource.Properties ?? {};
    const arn = (service: string, rest: string) =>
      `arn:aws:${service}:${REGION}:${ACCOUNT_ID}:${rest}`;
    switch (resource.Type) {
      case "AWS::DynamoDB::Table": {
        const name = short(id);
        const input = res({
          TableName: name,
          KeySchema: p.KeySchema,
          AttributeDefinitions: p.AttributeDefinitions,
          GlobalSecondaryIndexes: p.GlobalSecondaryIndexes,
          BillingMode: p.BillingMode ?? "PAY_PER_REQUEST",
          StreamSpecification: p.StreamSpecification
            ? { StreamEnabled: true, ...(p.StreamSpecification as object) }
            : undefined,
        }) as CreateTableCommandInput;
        await clients.dynamodb.send(new CreateTableCommand(input));
        const described = await clients.dynamodb.send(
          new DescribeTableCommand({ TableName: name }),
        );
        const tableArn = arn("dynamodb", `table/${name}`);
        // DynamoDB Local's stream ARN, in the account's region (as the SDK will be told).
        const streamLabel = described.Table?.LatestStreamArn?.split("/stream/")[1];
        const streamArn = streamLabel ? `${tableArn}/stream/${streamLabel}` : undefined;
        const partitionKey = (input.KeySchema ?? []).find(
          (k) => k.KeyType === "HASH",
        )?.AttributeName;
        stage.tables.set(tableArn, { name, streamArn, partitionKey });
        return {
          ref: name,
          attributes: { Arn: tableArn, ...(streamArn ? { StreamArn: streamArn } : {}) },
        };
      }
      case "AWS::S3::Bucket": {
        const name = `${short(stack.name)}-${short(id)}`.toLowerCase().slice(0, 63);
        await clients.s3.send(new CreateBucketCommand({ Bucket: name }));
        await applyBucketCors(clients.s3, name, res(p.CorsConfiguration));
        stage.buckets.set(`arn:aws:s3:::${name}`, name);
        const domain = `${name}.s3.${REGION}.amazonaws.com`;
        return {
          ref: name,
          attributes: {
            Arn: `arn:aws:s3:::${name}`,
            RegionalDomainName: domain,
            DomainName: domain,
          },
        };
      }
      case "AWS::SQS::Queue": {
        const name = short(id);
        const attributes: Record<string, string> = {};
        if (p.VisibilityTimeout !== undefined) {
          const seconds = Number(res(p.VisibilityTimeout));
          attributes.VisibilityTimeout = String(
            Math.max(1, Math.round(seconds / options.timeScale)),
          );
        }
        if (p.MessageRetentionPeriod !== undefined) {
          attributes.MessageRetentionPeriod = String(res(p.MessageRetentionPeriod));
        }
        if (p.MaximumMessageSize !== undefined) {
          attributes.MaximumMessageSize = String(res(p.MaximumMessageSize));
        }
        if (p.RedrivePolicy !== undefined)
          attributes.RedrivePolicy = JSON.stringify(res(p.RedrivePolicy));
        const created = await clients.sqs.send(
          new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
        );
        const url = created.QueueUrl as string;
        // What the template's Ref gives the functions: the queue's URL behind the recorder.
        const ref = `${options.queueFront}/${ACCOUNT_ID}/${name}`;
        const got = await clients.sqs.send(
          new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ["QueueArn"] }),
        );
        const queueArn = got.Attributes?.QueueArn ?? arn("sqs", name);
        stage.queues.set(queueArn, { url, name, redrivePolicy: attributes.RedrivePolicy });
        return { ref, attributes: { Arn: queueArn, QueueName: name, QueueUrl: ref } };
      }
      case "AWS::Lambda::Function": {
        const name = `${short(stack.name)}-${short(id)}`.slice(0, 64);
        return { ref: name, attributes: { Arn: arn("lambda", `function:${name}`) } };
      }
      case "AWS::Lambda::Url": {
        const target = String(res(p.TargetFunctionArn)).split(":").at(-1) as string;
        const urlId = short(id).toLowerCase().slice(0, 32);
        const domain = `${urlId}.lambda-url.${REGION}.on.aws`;
        stage.functionUrls.set(domain, target);
        stage.functionUrlAuthTypes.set(domain, String(res(p.AuthType)));
        return { ref: domain, attributes: { FunctionUrl: `https://${domain}/`, FunctionArn: "" } };
      }
      case "AWS::Lambda::EventSourceMapping": {
        stage.mappings.push({
          logicalId: id,
          functionName: String(res(p.FunctionName)),
          sourceArn: String(res(p.EventSourceArn)),
          batchSize: Number(p.BatchSize ?? 10),
          properties: res(p) as Record<string, unknown>,
        });
        return { ref: id, attributes: {} };
      }
      case "AWS::Events::Rule": {
        const ruleArn = arn("events", `rule/${id}`);
        if (typeof p.ScheduleExpression === "string") {
          const resolved = res(p.Targets) as Array<{
            Arn: string;
            Input?: string;
            InputPath?: string;
            InputTransformer?: unknown;
          }>;
          stage.schedules.push({
            logicalId: id,
            arn: ruleArn,
            expression: p.ScheduleExpression,
            targets: resolved.map((t) => t.Arn.split(":").at(-1) as string),
            inputs: resolved.map(({ Input, InputPath, InputTransformer }) => ({
              ...(Input !== undefined ? { Input } : {}),
              ...(InputPath !== undefined ? { InputPath } : {}),
              ...(InputTransformer !== undefined ? { InputTransformer } : {}),
            })),
          });
        }
        return { ref: id, attributes: { Arn: ruleArn } };
      }
      case "AWS::Lambda::Permission": {
        const optional = (value: unknown) => (value === undefined ? undefined : String(res(value)));
        stage.invokePermissions.push({
          functionName: String(res(p.FunctionName)).split(":").at(-1) as string,
          action: String(p.Action),
          principal: String(res(p.Principal)),
          sourceArn: optional(p.SourceArn),
          sourceAccount: optional(p.SourceAccount),
          functionUrlAuthType: optional(p.FunctionUrlAuthType),
          invokedViaFunctionUrl:
            p.InvokedViaFunctionUrl === true || p.InvokedViaFunctionUrl === "true",
        });
        return { ref: id, attributes: {} };
      }
      case "AWS::S3::BucketPolicy": {
        const bucket = String(res(p.Bucket));
        const document = p.PolicyDocument as { Statement: unknown[] };
        stage.resourcePolicies.set(bucket, res(document.Statement) as Statement[]);
        return { ref: id, attributes: {} };
      }
      case "AWS::SQS::QueuePolicy": {
        const document = p.PolicyDocument as { Statement: unknown[] };
        const statements = res(document.Statement) as Statement[];
        for (const queue of res(p.Queues) as string[]) {
          const arnOf = [...stage.queues.entries()].find(([, q]) => queue.endsWith(`/${q.name}`));
          if (arnOf) stage.resourcePolicies.set(arnOf[0], statements);
        }
        return { ref: id, attributes: {} };
      }
      case "AWS::SNS::Topic": {
        // Not emulated (nothing in the shop reads a topic): named as SNS would, for its policy
        // and the alarms that notify it. Ref is the topic's ARN.
        const name = p.TopicName !== undefined ? String(res(p.TopicName)) : short(id);
        const topicArn = arn("sns", name);
        stage.topics.set(topicArn, name);
        return { ref: topicArn, attributes: { TopicArn: topicArn, TopicName: name } };
      }
      case "AWS::SNS::TopicPolicy": {
        const document = p.PolicyDocument as { Statement: unknown[] };
        const statements = res(document.Statement) as Statement[];
        for (const topic of res(p.Topics) as string[]) {
          stage.resourcePolicies.set(String(topic), statements);
        }
        return { ref: id, attributes: {} };
      }
      case "AWS::CloudWatch::Alarm": {
        // Named as CloudFormation names what the template does not (stack, logical id, suffix).
        const name =
          p.AlarmName !== undefined ? String(res(p.AlarmName)) : `${stack.name}-${id}-R3HRSL`;
        const alarmArn = arn("cloudwatch", `alarm:${name}`);
        const actions = (key: string) =>
          p[key] === undefined ? [] : (res(p[key]) as unknown[]).map(String);
        stage.alarms.push({
          stack: stack.name,
          logicalId: id,
          name,
          arn: alarmArn,
          actions: {
            ALARM: actions("AlarmActions"),
            OK: actions("OKActions"),
            INSUFFICIENT_DATA: actions("InsufficientDataActions"),
          },
        });
        return { ref: name, attributes: { Arn: alarmArn } };
      }
      case "AWS::CloudFront::Function": {
        stage.cloudFrontFunctions.set(id, String(p.FunctionCode));
        return { ref: id, attributes: { FunctionARN: `cloudfront-function:${stack.name}/${id}` } };
      }
      case "AWS::SecretsManager::Secret": {
        const name = String(res(p.Name ?? short(id)));
        const value = generatedSecret(p);
        const secret = secretArn(name);
        stage.secrets.set(secret, { name, value });
        standIns.parameters.set(`${SECRET_REFERENCE_PREFIX}${name}`, value);
        return { ref: secret, attributes: { Id: secret } };
      }
      case "AWS::CloudFront::Distribution": {
        // The stage's web firewall is NOT rehearsed: its web ACL is the edge part, deployed
        // apart in us-east-1 (stacks/Firewall.ts), and the distribution names it by a dynamic
        // reference ({{resolve:ssm:…}}) that only CloudFormation resolves. No WAF rule is
        // evaluated here (docs/decisions/005-deploy-rehearsal.md); the WebACLId is set aside.
        // Secrets Manager's references (the guarded origin's header) are resolved, as
        // CloudFormation does at deploy time.
        const { WebACLId, ...rest } = p.DistributionConfig as Record<string, unknown>;
        if (WebACLId) notRehearsed("AWS::WAFv2::WebACL (the distribution's WebACLId)");
        const config = resolveDynamicReferences(res(rest), stage.secrets);
        stage.distributions.push({ stack: stack.name, config: config as never });
        return { ref: id, attributes: { DomainName: `${short(id).toLowerCase()}.cloudfront.net` } };
      }
      case "AWS::SES::ConfigurationSet": {
        // The stand-in SES takes any set's name and publishes no events (its event destinations
        // are not emulated: the journey's "bounce" step puts SES's event on the queue itself).
        return { ref: p.Name !== undefined ? String(res(p.Name)) : short(id), attributes: {} };
      }
      case "AWS::SES::EmailIdentity": {
        // SES itself is the stand-in's: any sender is accepted; Ref is the identity's name.
        return { ref: String(res(p.EmailIdentity)), attributes: {} };
      }
      case "Custom::S3BucketNotifications": {
        const config = res(p.NotificationConfiguration) as {
          LambdaFunctionConfigurations?: Array<{
            Events: string[];
            Filter?: { Key?: { FilterRules?: Array<{ Name: string; Value: string }> } };
            LambdaFunctionArn: string;
          }>;
        };
        for (const c of config.LambdaFunctionConfigurations ?? []) {
          stage.bucketNotifications.push({
            bucket: String(res(p.BucketName)),
            events: c.Events,
            prefix: c.Filter?.Key?.FilterRules?.find((r) => r.Name === "prefix")?.Value ?? "",
            functionName: String(c.LambdaFunctionArn).split(":").at(-1) as string,
          });
        }
        return { ref: id, attributes: {} };
      }
      case "Custom::S3Uploader": {
        await uploadSiteAssets(stack, res(p) as Record<string, unknown>);
        return { ref: id, attributes: {} };
      }
      default: {
        notRehearsed(resource.Type);
        const placeholder = `${resource.Type}:${stack.name}/${id}`;
        return new Proxy(
          { ref: placeholder, attributes: {} as Record<string, string> },
          {
            get(target, key) {
              if (key === "attributes") {
                return new Proxy(target.attributes, {
                  get: (_, attribute) => `${placeholder}.${String(attribute)}`,
                });
              }
              return target[key as keyof typeof target];
            },
          },
        );
      }
    }
  }

  /** SST's uploader: the zipped client assets into the site's bucket, with their Cache-Control. */
  async function uploadSiteAssets(stack: SynthesizedStack, p: Record<string, unknown>) {
    const bucket = String(p.destinationBucketName);
    const cacheControl = (p.fileOptions as Array<{ cacheControl?: string }> | undefined)?.[0]
      ?.cacheControl;
    for (const source of p.sources as Array<{ objectKey: string }>) {
      const file = stack.assets.get(source.objectKey);
      if (!file) throw new Error(`${stack.name}: no asset ${source.objectKey} in the synthesis`);
      for (const entry of new AdmZip(file).getEntries()) {
        if (entry.isDirectory) continue;
        await clients.s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: entry.entryName,
            Body: entry.getData(),
            ContentType: contentType(entry.entryName),
            ...(cacheControl ? { CacheControl: cacheControl } : {}),
          }),
        );
      }
    }
  }

  async function collectFunctions(stack: SynthesizedStack, res: (value: unknown) => unknown) {
    const resources = stack.template.Resources;
    const policies = Object.values(resources).filter((r) => r.Type === "AWS::IAM::Policy");
    for (const [id, resource] of Object.entries(resources)) {
      if (resource.Type !== "AWS::Lambda::Function") continue;
      const p = resource.Properties ?? {};
      const code = p.Code as { S3Key?: unknown; ZipFile?: string };
      if (code.ZipFile !== undefined) continue; // inline code: CDK's own helpers
      const codeDir = stack.assets.get(String(code.S3Key));
      if (!codeDir) throw new Error(`${stack.name}/${id}: its code asset is not in the synthesis`);
      const roleId = (p.Role as { "Fn::GetAtt": [string, string] })["Fn::GetAtt"][0];
      const role = resources[roleId]?.Properties ?? {};
      const statements = [
        ...((role.Policies as Array<{ PolicyDocument: { Statement: unknown[] } }> | undefined) ??
          []),
        ...policies
          .filter((policy) =>
            ((policy.Properties?.Roles as Array<{ Ref?: string }>) ?? []).some(
              (r) => r.Ref === roleId,
            ),
          )
          .map((policy) => policy.Properties as { PolicyDocument: { Statement: unknown[] } }),
      ].flatMap((policy) => policy.PolicyDocument.Statement.map((s) => resolveLoosely(s, res)));
      const variables = (p.Environment as { Variables?: Record<string, unknown> } | undefined)
        ?.Variables;
      const environment = Object.fromEntries(
        Object.entries((res(variables ?? {}) as Record<string, unknown>) ?? {}).map(([k, v]) => [
          k,
          String(v),
        ]),
      );
      const name = (physical.get(`${stack.name}/${id}`) as PhysicalResource).ref;
      stage.functions.set(name, {
        stack: stack.name,
        logicalId: id,
        name,
        handler: String(p.Handler),
        runtime: String(p.Runtime),
        timeoutSeconds: Number(p.Timeout ?? 3),
        memoryMb: Number(p.MemorySize ?? 128),
        codeDir,
        environment,
        statements: statements as Statement[],
        ...(p.ReservedConcurrentExecutions !== undefined
          ? { reservedConcurrency: Number(p.ReservedConcurrentExecutions) }
          : {}),
      });
      reserveConcurrency(stage, `${stack.name}/${id}`);
    }
  }
}

/**
 * What Lambda refuses when a function's reservation is set: the account's reservations together
 * may leave no less than UNRESERVED_MINIMUM of its limit (ACCOUNT_CONCURRENCY) unreserved. The
 * deploy fails there, as CloudFormation's would.
 */
function reserveConcurrency(stage: DeployedStage, resource: string) {
  const reserved = [...stage.functions.values()].reduce(
    (sum, fn) => sum + (fn.reservedConcurrency ?? 0),
    0,
  );
  if (ACCOUNT_CONCURRENCY - reserved < UNRESERVED_MINIMUM) {
    throw new Error(
      `${resource}: Specified ReservedConcurrentExecutions for function decreases account's UnreservedConcurrentExecution below its minimum value of [${UNRESERVED_MINIMUM}].`,
    );
  }
}

/**
 * A secret's value as Secrets Manager generates it for the template's GenerateSecretString: random
 * characters (letters and digits without punctuation), alone or as one key of the template's JSON.
 */
function generatedSecret(p: Record<string, unknown>): string {
  const spec = (p.GenerateSecretString ?? {}) as {
    PasswordLength?: number;
    ExcludePunctuation?: boolean;
    SecretStringTemplate?: string;
    GenerateStringKey?: string;
  };
  if (typeof p.SecretString === "string") return p.SecretString;
  const alphabet = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789${spec.ExcludePunctuation ? "" : "!#$%&()*+,-./:;<=>?@[]^_{|}~"}`;
  const length = spec.PasswordLength ?? 32;
  const generated = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
  if (!spec.SecretStringTemplate || !spec.GenerateStringKey) return generated;
  const template = JSON.parse(spec.SecretStringTemplate) as Record<string, unknown>;
  return JSON.stringify({ ...template, [spec.GenerateStringKey]: generated });
}

const SECRETS_MANAGER_REFERENCE =
  /\{\{resolve:secretsmanager:(.+?):SecretString:([^:}]*)(?::([^:}]*))?(?::([^:}]*))?\}\}/g;

/**
 * CloudFormation's dynamic references to Secrets Manager (`{{resolve:secretsmanager:<arn>:
 * SecretString:<json-key>:<stage>:<version>}}`) replaced by the secret's value, as CloudFormation
 * resolves them at deploy time. The rehearsed secret has one version: a reference pinned to a
 * version the rehearsal cannot tell from it is taken as that one.
 */
export function resolveDynamicReferences(
  value: unknown,
  secrets: Map<string, { name: string; value: string }>,
): unknown {
  if (typeof value === "string") {
    return value.replace(SECRETS_MANAGER_REFERENCE, (_, id: string, key: string) => {
      const secret =
        secrets.get(id) ??
        [...secrets.values()].find((s) => s.name === id || id.endsWith(`:secret:${s.name}`));
      if (!secret) throw new Error(`a dynamic reference names an unknown secret ${id}`);
      if (!key) return secret.value;
      const field = (JSON.parse(secret.value) as Record<string, unknown>)[key];
      if (typeof field !== "string") throw new Error(`secret ${secret.name} has no key "${key}"`);
      return field;
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveDynamicReferences(v, secrets));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveDynamicReferences(v, secrets)]),
    );
  }
  return value;
}

/** A statement with what can be resolved resolved; the rest stays an object (never matches). */
function resolveLoosely(statement: unknown, res: (value: unknown) => unknown): unknown {
  try {
    return res(statement);
  } catch {
    const s = statement as Record<string, unknown>;
    const resources = ([] as unknown[]).concat(s.Resource ?? []).map((r) => {
      try {
        return res(r);
      } catch {
        return r;
      }
    });
    return { ...s, Resource: resources };
  }
}

const TYPES: Record<string, string> = {
  js: "application/javascript",
  css: "text/css",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  json: "application/json",
  html: "text/html",
  txt: "text/plain",
  webp: "image/webp",
  woff2: "font/woff2",
};
const contentType = (key: string) =>
  TYPES[key.split(".").at(-1) ?? ""] ?? "application/octet-stream";

/** The templates and assets of an assembly folder (cdk.out) written by the synthesis. */
export async function readAssembly(dir: string, stackNames: string[]): Promise<SynthesizedStack[]> {
  return Promise.all(
    stackNames.map(async (name) => {
      const template = JSON.parse(
        await readFile(join(dir, `${name}.template.json`), "utf8"),
      ) as Template;
      const manifest = JSON.parse(await readFile(join(dir, `${name}.assets.json`), "utf8")) as {
        files: Record<
          string,
          { source: { path: string }; destinations: Record<string, { objectKey: string }> }
        >;
      };
      const assets = new Map<string, string>();
      for (const file of Object.values(manifest.files)) {
        for (const destination of Object.values(file.destinations)) {
          assets.set(destination.objectKey, join(dir, file.source.path));
        }
      }
      return { name, template, assets };
    }),
  );
}

/**
 * A bucket's CORS rules as the template gives them (the images bucket lets the shop's pages POST
 * photos: docs/decisions/031-direct-photo-uploads.md). The rehearsed site is reached through the
 * edge stand-in on this machine, not on the stage's public URL: a rule for that URL
 * (DEPLOY_SETTINGS.APP_URL) is given to the stand-in's origins instead, so a rule missing from the
 * template fails the rehearsal's upload as it would fail the browser on AWS.
 */
async function applyBucketCors(s3: S3Client, bucket: string, cors: unknown): Promise<void> {
  type Rule = {
    AllowedOrigins?: string[];
    AllowedMethods?: string[];
    AllowedHeaders?: string[];
    MaxAge?: number;
  };
  const rules = (cors as { CorsRules?: Rule[] } | undefined)?.CorsRules ?? [];
  if (rules.length === 0) return;
  const site = new URL(DEPLOY_SETTINGS.APP_URL).origin;
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: rules.map((rule) => ({
          AllowedOrigins: (rule.AllowedOrigins ?? []).flatMap((origin) =>
            origin === site ? [...LOCAL_UPLOAD_ORIGINS] : [origin],
          ),
          AllowedMethods: rule.AllowedMethods ?? [],
          ...(rule.AllowedHeaders ? { AllowedHeaders: rule.AllowedHeaders } : {}),
          ...(rule.MaxAge !== undefined ? { MaxAgeSeconds: rule.MaxAge } : {}),
        })),
      },
    }),
  );
}
