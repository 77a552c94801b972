// IAM replay, part 1: which IAM permissions does one AWS API request need?
// The rehearsal's recording proxies stand between each Lambda function and the local stand-ins of
// DynamoDB, S3, SES, SQS, SSM and CloudFront (invalidations). For every request they call `permissionsFor`, which names the
// IAM action(s) on the resource ARN(s) it needs (Service Authorization Reference semantics); iam.ts
// then checks them against the function role's statements. A request that cannot be classified
// throws `UnclassifiedRequestError`: nothing is guessed.
// Limits: S3 path-style only; no DynamoDB PartiQL; no SES templates or sending authorization; only
// permissions on the request's own resources (no kms:Decrypt for SecureString or SSE-KMS, no
// s3:GetObjectTagging for a copy that keeps the source's tags); needs are deduplicated (two Puts on
// one table in a transaction give one need); DynamoDB stream ARNs are re-homed to `account` (the
// stand-in's region and account differ).

export type Service = "dynamodb" | "s3" | "ses" | "sqs" | "ssm" | "cloudfront";
export interface Permission {
  action: string;
  resource: string;
}
/** One need. With `anyOf`, it is met when ANY of those permissions (the first is this one) is. */
export interface NeededPermission extends Permission {
  anyOf?: Permission[];
  /**
   * The condition keys this need carries (lower-case names; `undefined`: known to be absent), e.g.
   * dynamodb:LeadingKeys, the partition keys of the items a DynamoDB call touches.
   */
  context?: Record<string, string[] | undefined>;
}
export interface AwsRequest {
  method: string;
  /** Path + query string as received, e.g. "/bucket/key?x=1". */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body: Buffer;
}
export interface Account {
  region: string;
  accountId: string;
  /** SQS queue URL -> queue name (the emulator's URLs are not AWS-shaped). */
  queueNameOf(url: string): string | undefined;
  /** DynamoDB Streams GetRecords only carries an opaque ShardIterator: its stream ARN, if known. */
  streamArnOfIterator?(iterator: string): string | undefined;
  /** Stream ARN for GetRecords when `streamArnOfIterator` is absent or cannot map the iterator. */
  streamArn?: string;
  /** A Secrets Manager secret's ARN by its name (read through Parameter Store's reference). */
  secretArnOf?(name: string): string | undefined;
  /** A table's partition key attribute (by table name), for dynamodb:LeadingKeys. */
  partitionKeyOf?(table: string): string | undefined;
}
export interface Classified {
  operation: string;
  needs: NeededPermission[];
}

export class UnclassifiedRequestError extends Error {
  override name = "UnclassifiedRequestError";
}

/** The alternatives that satisfy one need (for `evaluateAny` in iam.ts). */
export function alternativesOf(need: NeededPermission): Permission[] {
  return need.anyOf ?? [{ action: need.action, resource: need.resource }];
}

export function permissionsFor(
  service: Service,
  request: AwsRequest,
  account: Account,
): Classified {
  const classify =
    own({ dynamodb, s3, ses, sqs, ssm, cloudfront }, service) ??
    fail(`unknown service "${service}"`);
  const { operation, needs } = classify(request, account);
  const seen = new Set<string>();
  const unique = needs.filter((n) => {
    const key = JSON.stringify([alternativesOf(n), n.context ?? {}]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { operation, needs: unique };
}

// ---- DynamoDB and DynamoDB Streams (JSON 1.0) ----

const DDB_TABLE_OPS = words(`GetItem PutItem UpdateItem DeleteItem Query Scan DescribeTable
  CreateTable UpdateTable DeleteTable DescribeTimeToLive UpdateTimeToLive
  DescribeContinuousBackups`);
const DDB_GLOBAL_OPS = words("ListTables DescribeLimits DescribeEndpoints");
const DDB_ARN_OPS = words("TagResource UntagResource ListTagsOfResource");
const TRANSACT_WRITE: Record<string, string> = {
  Put: "PutItem",
  Update: "UpdateItem",
  Delete: "DeleteItem",
  ConditionCheck: "ConditionCheckItem",
};

function dynamodb(req: AwsRequest, account: Account): Classified {
  const [prefix, op] = target(req);
  const body = json(req);
  const table = (name: unknown, index?: unknown) => {
    const t = str(name, "TableName");
    const arn = t.startsWith("arn:") ? t : `${arnBase("dynamodb", account)}:table/${t}`;
    return index === undefined ? arn : `${arn}/index/${str(index, "IndexName")}`;
  };
  /** dynamodb:LeadingKeys of items of a table: their partition keys' values. */
  const leading = (name: unknown, items: unknown[]): NeededPermission["context"] => {
    const t = String(name).replace(/^arn:.*:table\//, "");
    const attribute = account.partitionKeyOf?.(t);
    if (!attribute) return undefined; // unknown: a Condition on it is undecidable
    const values = items.map((item) => scalar(obj(item, "item")[attribute], attribute));
    return { "dynamodb:leadingkeys": [...new Set(values)] };
  };
  const need = (action: string, resource: string, context?: NeededPermission["context"]) => ({
    action: `dynamodb:${action}`,
    resource,
    ...(context ? { context } : {}),
  });
  if (prefix === "DynamoDBStreams_20120810") return streams(op, body, account);
  if (prefix !== "DynamoDB_20120810") fail(`unexpected DynamoDB target prefix "${prefix}"`);
  const one = (resource: string, context?: NeededPermission["context"]) => ({
    operation: op,
    needs: [need(op, resource, context)],
  });
  if (DDB_TABLE_OPS.has(op)) {
    const scansIndex = op === "Query" || op === "Scan";
    const resource = table(body.TableName, scansIndex ? body.IndexName : undefined);
    if (op === "GetItem" || op === "UpdateItem" || op === "DeleteItem") {
      return one(resource, leading(body.TableName, [body.Key]));
    }
    if (op === "PutItem") return one(resource, leading(body.TableName, [body.Item]));
    if (op === "Query" && body.IndexName === undefined) {
      return one(resource, queryLeadingKeys(body, account));
    }
    if (op === "Query") return one(resource); // an index's keys: not the table's leading keys
    return one(resource, { "dynamodb:leadingkeys": undefined });
  }
  if (DDB_GLOBAL_OPS.has(op)) return one("*", { "dynamodb:leadingkeys": undefined });
  if (DDB_ARN_OPS.has(op)) return one(str(body.ResourceArn, "ResourceArn"));
  if (op === "BatchGetItem" || op === "BatchWriteItem") {
    const requests = obj(body.RequestItems, "RequestItems");
    return {
      operation: op,
      needs: Object.entries(requests).map(([t, spec]) => {
        const keys =
          op === "BatchGetItem"
            ? arr(obj(spec, t).Keys, "Keys")
            : arr(spec, t).map((w) => {
                const write = obj(w, "write");
                return write.PutRequest
                  ? obj(write.PutRequest, "PutRequest").Item
                  : obj(write.DeleteRequest, "DeleteRequest").Key;
              });
        return need(op, table(t), leading(t, keys));
      }),
    };
  }
  if (op === "TransactGetItems" || op === "TransactWriteItems") {
    const needs = arr(body.TransactItems, "TransactItems").map((item) => {
      const [kind, spec] = Object.entries(obj(item, "TransactItems[]"))[0] ?? [];
      const action =
        op === "TransactGetItems" ? kind === "Get" && "GetItem" : own(TRANSACT_WRITE, kind ?? "");
      if (!action) fail(`${op}: unknown item kind "${kind}"`);
      const s = obj(spec, kind ?? "");
      return need(action, table(s.TableName), leading(s.TableName, [s.Key ?? s.Item]));
    });
    return { operation: op, needs };
  }
  return fail(`unsupported DynamoDB operation "${op}"`);
}

/** A Query's partition key value (`pk = :v` or `#n = :v` in its KeyConditionExpression). */
function queryLeadingKeys(
  body: Record<string, unknown>,
  account: Account,
): NeededPermission["context"] {
  const t = String(body.TableName).replace(/^arn:.*:table\//, "");
  const attribute = account.partitionKeyOf?.(t);
  const expression = body.KeyConditionExpression;
  if (!attribute || typeof expression !== "string") return undefined;
  const names = (body.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (body.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  for (const [, left, right] of expression.matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const name = left?.startsWith("#") ? names[left] : left;
    if (name === attribute && right && values[right] !== undefined) {
      return { "dynamodb:leadingkeys": [scalar({ v: values[right] }.v, right)] };
    }
  }
  return undefined;
}

/** A key attribute's value in DynamoDB's JSON ({"S": "x"}, {"N": "1"}, {"B": "…"}). */
function scalar(value: unknown, what: string): string {
  const typed = obj(value, what);
  const [type, raw] = Object.entries(typed)[0] ?? [];
  if ((type === "S" || type === "N" || type === "B") && typeof raw === "string") return raw;
  return fail(`${what} is not a key attribute value`);
}

function streams(op: string, body: Record<string, unknown>, account: Account): Classified {
  const one = (resource: string) => ({
    operation: op,
    needs: [{ action: `dynamodb:${op}`, resource }],
  });
  const rehome = (arn: string) => {
    const m = /^arn:aws:dynamodb:[^:]*:[^:]*:(table\/[^/]+\/stream\/.+)$/.exec(arn);
    if (!m) fail(`not a DynamoDB stream ARN: "${arn}"`);
    return `${arnBase("dynamodb", account)}:${m[1]}`;
  };
  if (op === "ListStreams") return one("*");
  if (op === "DescribeStream" || op === "GetShardIterator") {
    return one(rehome(str(body.StreamArn, "StreamArn")));
  }
  if (op === "GetRecords") {
    const iterator = str(body.ShardIterator, "ShardIterator");
    const arn = account.streamArnOfIterator?.(iterator) ?? account.streamArn;
    if (!arn) fail("GetRecords: the shard iterator's stream is unknown (set account.streamArn)");
    return one(rehome(arn));
  }
  return fail(`unsupported DynamoDB Streams operation "${op}"`);
}

// ---- SQS (JSON 1.0 for current SDKs, query protocol for older ones) ----

const SQS_BATCH: Record<string, string> = {
  SendMessageBatch: "SendMessage",
  DeleteMessageBatch: "DeleteMessage",
  ChangeMessageVisibilityBatch: "ChangeMessageVisibility",
};
const SQS_QUEUE_OPS = words(`SendMessage SendMessageBatch ReceiveMessage DeleteMessage
  DeleteMessageBatch ChangeMessageVisibility ChangeMessageVisibilityBatch GetQueueAttributes
  SetQueueAttributes PurgeQueue DeleteQueue ListQueueTags TagQueue UntagQueue
  ListDeadLetterSourceQueues AddPermission RemovePermission`);

function sqs(req: AwsRequest, account: Account): Classified {
  let op: string;
  let param: (name: string) => unknown;
  if (req.headers["x-amz-target"]) {
    const [prefix, name] = target(req);
    if (prefix !== "AmazonSQS") fail(`unexpected SQS target prefix "${prefix}"`);
    const body = json(req);
    [op, param] = [name, (n) => body[n]];
  } else {
    const form = new URLSearchParams(req.body.toString("utf8"));
    [op, param] = [str(form.get("Action") ?? undefined, "Action"), (n) => form.get(n) ?? undefined];
  }
  const owner = param("QueueOwnerAWSAccountId") ?? account.accountId;
  const queue = (name: string) => `arn:aws:sqs:${account.region}:${str(owner, "owner")}:${name}`;
  const one = (resource: string) => ({
    operation: op,
    needs: [{ action: `sqs:${own(SQS_BATCH, op) ?? op}`, resource }],
  });
  if (op === "ListQueues") return one("*");
  if (op === "GetQueueUrl" || op === "CreateQueue")
    return one(queue(str(param("QueueName"), "QueueName")));
  if (!SQS_QUEUE_OPS.has(op)) fail(`unsupported SQS operation "${op}"`);
  // The query protocol may also address the queue by the request path (the queue URL's path).
  const pathname = splitPath(req.path).pathname;
  const fromPath =
    pathname !== "/" ? `http://${req.headers.host ?? "localhost"}${pathname}` : undefined;
  const url = str(param("QueueUrl") ?? fromPath, "QueueUrl");
  const name = account.queueNameOf(url) ?? splitPath(url).pathname.split("/").filter(Boolean).pop();
  if (!name) fail(`no queue name in QueueUrl "${url}"`);
  return one(queue(name));
}

// ---- SSM (JSON 1.1) ----

const SECRET_REFERENCE = "/aws/reference/secretsmanager/";

function ssm(req: AwsRequest, account: Account): Classified {
  const [prefix, op] = target(req);
  if (prefix !== "AmazonSSM") fail(`unexpected SSM target prefix "${prefix}"`);
  const body = json(req);
  const parameter = (value: unknown) => {
    const name = str(value, "parameter name");
    if (name.startsWith("arn:")) return name.replace(/(:parameter\/[^:]*):.*$/, "$1");
    // Names hold no ":"; what follows one is a version or label selector ("/a/b:3").
    return `${arnBase("ssm", account)}:parameter/${name.replace(/^\//, "").replace(/:.*$/, "")}`;
  };
  // A Secrets Manager secret read through Parameter Store's reference needs both services' reads.
  const referenced = (value: unknown): NeededPermission[] => {
    const name = String(value);
    if (!name.startsWith(SECRET_REFERENCE)) return [];
    const secret = name.slice(SECRET_REFERENCE.length).replace(/:.*$/, "");
    const arn = account.secretArnOf?.(secret) ?? fail(`no secret named "${secret}"`);
    return [{ action: "secretsmanager:GetSecretValue", resource: arn }];
  };
  const needs = (values: unknown[]) => ({
    operation: op,
    needs: values.flatMap((v) => [
      { action: `ssm:${op}`, resource: parameter(v) },
      ...(op === "GetParameter" || op === "GetParameters" ? referenced(v) : []),
    ]),
  });
  switch (op) {
    case "GetParameter":
    case "GetParameterHistory":
    case "PutParameter":
    case "DeleteParameter":
    case "LabelParameterVersion":
      return needs([body.Name]);
    case "GetParameters":
    case "DeleteParameters":
      return needs(arr(body.Names, "Names"));
    case "GetParametersByPath":
      return needs([body.Path]);
    case "DescribeParameters":
      return { operation: op, needs: [{ action: "ssm:DescribeParameters", resource: "*" }] };
  }
  return fail(`unsupported SSM operation "${op}"`);
}

// ---- S3 (REST, path-style only: /<bucket>/<key...>) ----

// [operation, action, action when ?versionId= is given]; keyed by "<METHOD> <sub-resource>".
type S3Rule = [string, string, string?];
const S3_OBJECT: Record<string, S3Rule> = {
  "GET ": ["GetObject", "GetObject", "GetObjectVersion"],
  "GET tagging": ["GetObjectTagging", "GetObjectTagging", "GetObjectVersionTagging"],
  "GET acl": ["GetObjectAcl", "GetObjectAcl", "GetObjectVersionAcl"],
  "GET attributes": ["GetObjectAttributes", "GetObjectAttributes", "GetObjectVersionAttributes"],
  "GET uploadId": ["ListParts", "ListMultipartUploadParts"],
  "HEAD ": ["HeadObject", "GetObject", "GetObjectVersion"],
  "PUT ": ["PutObject", "PutObject"],
  "PUT tagging": ["PutObjectTagging", "PutObjectTagging", "PutObjectVersionTagging"],
  "PUT acl": ["PutObjectAcl", "PutObjectAcl", "PutObjectVersionAcl"],
  "PUT uploadId": ["UploadPart", "PutObject"],
  "DELETE ": ["DeleteObject", "DeleteObject", "DeleteObjectVersion"],
  "DELETE tagging": ["DeleteObjectTagging", "DeleteObjectTagging", "DeleteObjectVersionTagging"],
  "DELETE uploadId": ["AbortMultipartUpload", "AbortMultipartUpload"],
  "POST uploads": ["CreateMultipartUpload", "PutObject"],
  "POST uploadId": ["CompleteMultipartUpload", "PutObject"],
};
const S3_BUCKET: Record<string, S3Rule> = {
  "GET ": ["ListObjects", "ListBucket"],
  "GET versions": ["ListObjectVersions", "ListBucketVersions"],
  "GET uploads": ["ListMultipartUploads", "ListBucketMultipartUploads"],
  "GET location": ["GetBucketLocation", "GetBucketLocation"],
  "HEAD ": ["HeadBucket", "ListBucket"],
  "PUT ": ["CreateBucket", "CreateBucket"],
  "DELETE ": ["DeleteBucket", "DeleteBucket"],
};
/** Query parameters that do not change the permission: paging, response overrides, presigning. */
const S3_NEUTRAL = words(`x-id versionId partNumber list-type prefix delimiter marker max-keys
  continuation-token start-after encoding-type fetch-owner key-marker version-id-marker
  upload-id-marker max-uploads max-parts part-number-marker`);
const isNeutral = (param: string) => S3_NEUTRAL.has(param) || /^(response-|x-amz-)/i.test(param);

function s3(req: AwsRequest): Classified {
  const { pathname, query } = splitPath(req.path);
  const [bucket = "", ...rest] = pathname.slice(1).split("/");
  const key = decode(rest.join("/"));
  const method = req.method.toUpperCase();
  const subs = [...query.keys()].filter((k) => !isNeutral(k));
  const what = `S3 ${method} ${req.path}`;
  if (subs.length > 1) fail(`${what}: several sub-resources`);
  const rule = `${method} ${subs[0] ?? ""}`;
  const need = (action: string, resource: string) => ({ action: `s3:${action}`, resource });
  const versioned = query.has("versionId");
  if (bucket === "") {
    if (rule !== "GET ") fail(`${what}: no bucket in the path`);
    return { operation: "ListBuckets", needs: [need("ListAllMyBuckets", "*")] };
  }
  const bucketArn = `arn:aws:s3:::${decode(bucket)}`;
  if (key === "" && rule === "POST delete") {
    const needs = [...req.body.toString("utf8").matchAll(/<Object>([\s\S]*?)<\/Object>/g)].map(
      ([, object = ""]) => {
        const keyOf = /<Key>([\s\S]*?)<\/Key>/.exec(object)?.[1];
        if (keyOf === undefined) fail(`${what}: an <Object> without <Key>`);
        const action = /<VersionId>/.test(object) ? "DeleteObjectVersion" : "DeleteObject";
        return need(action, `${bucketArn}/${unescapeXml(keyOf)}`);
      },
    );
    if (needs.length === 0) fail(`${what}: no <Object> to delete in the body`);
    return { operation: "DeleteObjects", needs };
  }
  if (key === "" && rule === "POST ") return postObject(req, bucketArn, what);
  const [operation, action, versionAction] =
    own(key === "" ? S3_BUCKET : S3_OBJECT, rule) ??
    fail(`${what}: unsupported ${key ? "object" : "bucket"} request`);
  if (versioned && !versionAction) fail(`${what}: unexpected versionId`);
  const resource = key === "" ? bucketArn : `${bucketArn}/${key}`;
  const needs = [need(versioned && versionAction ? versionAction : action, resource)];
  if (key === "") {
    const v2 = operation === "ListObjects" && query.get("list-type") === "2";
    return { operation: v2 ? "ListObjectsV2" : operation, needs };
  }
  const source = req.headers["x-amz-copy-source"];
  const copied = { PutObject: "CopyObject", UploadPart: "UploadPartCopy" }[operation];
  if (source !== undefined && !copied) fail(`${what}: unexpected x-amz-copy-source`);
  if (source !== undefined) needs.push(copySource(source));
  if (operation === "PutObject" || operation === "CreateMultipartUpload") {
    if (req.headers["x-amz-tagging"] !== undefined) needs.push(need("PutObjectTagging", resource));
    const acl = Object.keys(req.headers).some((h) => /^x-amz-(acl|grant-.+)$/.test(h));
    if (acl) needs.push(need("PutObjectAcl", resource));
  }
  return { operation: source !== undefined && copied ? copied : operation, needs };
}

/**
 * S3's browser upload (POST Object: a form to the bucket, signed by a presigned policy, as the
 * admin's photos are sent, docs/decisions/031-direct-photo-uploads.md). AWS authorizes it as the
 * policy's signer doing s3:PutObject on the form's key (with s3:PutObjectAcl or
 * s3:PutObjectTagging when the form sets an ACL or tags).
 */
function postObject(req: AwsRequest, bucketArn: string, what: string): Classified {
  const type = req.headers["content-type"] ?? "";
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!/^multipart\/form-data/i.test(type) || !boundary) {
    fail(`${what}: a POST to a bucket that is not a multipart form`);
  }
  const fields = new Map<string, string>();
  // The fields before the file (S3 reads nothing after it); the file's bytes are not decoded.
  const text = req.body.toString("latin1");
  for (const part of text.split(`--${boundary?.[1] ?? boundary?.[2]}`).slice(1)) {
    const name = /^\r\nContent-Disposition: *form-data; *name="([^"]*)"/i.exec(part)?.[1];
    if (name === undefined) continue;
    if (name.toLowerCase() === "file") break;
    const start = part.indexOf("\r\n\r\n");
    const value = part.slice(start + 4, part.lastIndexOf("\r\n"));
    fields.set(name.toLowerCase(), Buffer.from(value, "latin1").toString("utf8"));
  }
  const key = fields.get("key");
  // (A key ending in S3's "${filename}" would name the browser's file: the shop never signs one.)
  const fileNamed = "$" + "{filename}";
  if (!key || key.includes(fileNamed)) fail(`${what}: no key (or a ${fileNamed} key) in the form`);
  const resource = `${bucketArn}/${key}`;
  const needs: NeededPermission[] = [{ action: "s3:PutObject", resource }];
  if (fields.has("tagging")) needs.push({ action: "s3:PutObjectTagging", resource });
  if (fields.has("acl")) needs.push({ action: "s3:PutObjectAcl", resource });
  return { operation: "PostObject", needs };
}

/** "bucket/key", "/bucket/key" or "bucket/key?versionId=v", URL-encoded. */
function copySource(header: string): Permission {
  const [path = "", query = ""] = header.split("?", 2);
  const decoded = decode(path.replace(/^\//, ""));
  const slash = decoded.indexOf("/");
  if (decoded.startsWith("arn:") || slash <= 0 || slash === decoded.length - 1) {
    fail(`unsupported x-amz-copy-source "${header}"`);
  }
  const versioned = new URLSearchParams(query).has("versionId");
  return {
    action: versioned ? "s3:GetObjectVersion" : "s3:GetObject",
    resource: `arn:aws:s3:::${decoded.slice(0, slash)}/${decoded.slice(slash + 1)}`,
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return fail(`malformed URL encoding in "${text}"`);
  }
}

function unescapeXml(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return own(named, name) ?? fail(`unknown XML entity ${entity}`);
    const hex = name[1] === "x" || name[1] === "X";
    return String.fromCodePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
  });
}

// ---- SES: v2 REST JSON (SendEmail) and v1 query protocol (SendEmail, SendRawEmail) ----

function ses(req: AwsRequest, account: Account): Classified {
  const { pathname } = splitPath(req.path);
  const base = arnBase("ses", account);
  let operation: string;
  let from: string;
  const extra: Array<[string, unknown]> = []; // [resource type, name] of optional resources
  if (req.method.toUpperCase() === "POST" && pathname === "/v2/email/outbound-emails") {
    const body = json(req);
    const content = obj(body.Content, "Content");
    if (content.Template !== undefined) fail("SES v2 templated e-mail is not supported");
    if (body.FromEmailAddressIdentityArn !== undefined) fail("SES sending authorization");
    operation = "SendEmail";
    from =
      typeof body.FromEmailAddress === "string"
        ? body.FromEmailAddress
        : rawFrom(str(obj(content.Raw, "Content.Raw").Data, "Content.Raw.Data"));
    const listOptions = body.ListManagementOptions;
    extra.push(["configuration-set", body.ConfigurationSetName]);
    if (listOptions !== undefined)
      extra.push(["contact-list", obj(listOptions, "ListManagementOptions").ContactListName]);
  } else if (req.method.toUpperCase() === "POST" && pathname === "/") {
    const form = new URLSearchParams(req.body.toString("utf8"));
    operation = str(form.get("Action") ?? undefined, "Action");
    const source = form.get("Source");
    if (form.has("SourceArn") || form.has("FromArn")) fail("SES sending authorization");
    if (operation === "SendEmail") from = str(source ?? undefined, "Source");
    else if (operation === "SendRawEmail") {
      from = source ?? rawFrom(str(form.get("RawMessage.Data") ?? undefined, "RawMessage.Data"));
    } else return fail(`unsupported SES v1 operation "${operation}"`);
    extra.push(["configuration-set", form.get("ConfigurationSetName") ?? undefined]);
  } else return fail(`unsupported SES request ${req.method} ${pathname}`);
  const action = `ses:${operation}`;
  const address = senderAddress(from);
  const identities = [address, address.slice(address.lastIndexOf("@") + 1)].map((identity) => ({
    action,
    resource: `${base}:identity/${identity}`,
  }));
  const needs: NeededPermission[] = [{ ...(identities[0] as Permission), anyOf: identities }];
  for (const [type, name] of extra) {
    if (name !== undefined) needs.push({ action, resource: `${base}:${type}/${str(name, type)}` });
  }
  return { operation, needs };
}

/** The From: header of a base64-encoded MIME message. */
function rawFrom(base64: string): string {
  const head =
    Buffer.from(base64, "base64")
      .toString("utf8")
      .split(/\r?\n\r?\n/, 1)[0] ?? "";
  const line = head
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .find((l) => /^from:/i.test(l));
  return line?.slice(5).trim() || fail("the raw message has no From: header");
}

/** "Shop <shop@example.com>" or "shop@example.com" -> "shop@example.com". */
function senderAddress(value: string): string {
  const bracketed = [...value.matchAll(/<([^<>\s]+@[^<>\s]+)>/g)];
  const bare = value.trim();
  if (bracketed.length === 1 && bracketed[0]?.[1]) return bracketed[0][1];
  if (bracketed.length === 0 && /^[^\s@<>,"]+@[^\s@<>,"]+$/.test(bare)) return bare;
  return fail(`cannot read one sender address from "${value}"`);
}

// ---- shared helpers ----

// ---- CloudFront (REST-XML, a global service: its ARNs have no region) ----

/** CreateInvalidation, the one CloudFront call the shop makes (the edge purge). */
function cloudfront(req: AwsRequest, account: Account): Classified {
  const { pathname } = splitPath(req.path);
  const match = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(pathname);
  if (req.method !== "POST" || !match?.[1]) {
    fail(`unsupported CloudFront request ${req.method} ${pathname}`);
  }
  const distribution = decodeURIComponent(match[1]);
  return {
    operation: "CreateInvalidation",
    needs: [
      {
        action: "cloudfront:CreateInvalidation",
        resource: `arn:aws:cloudfront::${account.accountId}:distribution/${distribution}`,
      },
    ],
  };
}

function fail(message: string): never {
  throw new UnclassifiedRequestError(`Cannot classify AWS request: ${message}`);
}

/** record[key], but only for the record's own keys (never "constructor" and the like). */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function words(text: string): Set<string> {
  return new Set(text.split(/\s+/).filter(Boolean));
}

function arnBase(service: string, account: Account): string {
  return `arn:aws:${service}:${account.region}:${account.accountId}`;
}

/** Splits "AmazonSQS.SendMessage" into ["AmazonSQS", "SendMessage"]. */
function target(req: AwsRequest): [string, string] {
  const value = req.headers["x-amz-target"] ?? fail("no x-amz-target header");
  const dot = value.lastIndexOf(".");
  if (dot <= 0) fail(`malformed x-amz-target "${value}"`);
  return [value.slice(0, dot), value.slice(dot + 1)];
}

function json(req: AwsRequest): Record<string, unknown> {
  const text = req.body.toString("utf8").trim();
  try {
    return obj(JSON.parse(text === "" ? "{}" : text), "request body");
  } catch (error) {
    if (error instanceof UnclassifiedRequestError) throw error;
    return fail(`request body is not JSON: ${(error as Error).message}`);
  }
}

function splitPath(path: string): { pathname: string; query: URLSearchParams } {
  const at = path.indexOf("?");
  if (at < 0) return { pathname: path, query: new URLSearchParams() };
  return { pathname: path.slice(0, at), query: new URLSearchParams(path.slice(at + 1)) };
}

function str(value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") fail(`missing or non-string ${what}`);
  return value;
}

function obj(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail(`${what} is not an object`);
  }
  return value as Record<string, unknown>;
}

function arr(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) fail(`${what} is not a list`);
  return value;
}
