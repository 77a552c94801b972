// Which IAM permissions each AWS request needs. The requests are built two ways: by hand, in the
// shapes the AWS SDK v3 sends (learned from a recording server), and by the installed SDK clients
// themselves (a request handler captures the request instead of sending it), so a change in what
// the SDK sends (protocol, path encoding) shows up here.
import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { DynamoDBClient, QueryCommand, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import { GetParametersCommand, SSMClient } from "@aws-sdk/client-ssm";
import { describe, expect, it } from "vitest";
import {
  type Account,
  type AwsRequest,
  alternativesOf,
  permissionsFor,
  type Service,
  UnclassifiedRequestError,
} from "./aws-requests.ts";

const ACCOUNT: Account = {
  region: "eu-west-1",
  accountId: "123456789012",
  queueNameOf: (url) => (url.endsWith("/000000000000/q-7") ? "shop-orders" : undefined),
};
const ARN = (service: string, rest: string) => `arn:aws:${service}:eu-west-1:123456789012:${rest}`;
const TABLE = ARN("dynamodb", "table/shop");
const ORDERS = ARN("sqs", "shop-orders");

function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = "",
): AwsRequest {
  return { method, path, headers, body: Buffer.from(body) };
}
const json = (target: string, body: unknown, version = "1.0") =>
  request(
    "POST",
    "/",
    { "content-type": `application/x-amz-json-${version}`, "x-amz-target": target },
    JSON.stringify(body),
  );
const form = (params: Record<string, string>, path = "/") =>
  request(
    "POST",
    path,
    { "content-type": "application/x-www-form-urlencoded" },
    new URLSearchParams(params).toString(),
  );
const classify = (service: Service, req: AwsRequest, account = ACCOUNT) =>
  permissionsFor(service, req, account);
const pairs = (service: Service, req: AwsRequest) =>
  classify(service, req).needs.map((n) => [n.action, n.resource]);

describe("DynamoDB", () => {
  const ddb = (op: string, body: unknown) => json(`DynamoDB_20120810.${op}`, body);

  it("maps item and table operations to dynamodb:<Op> on the table", () => {
    for (const op of ["GetItem", "PutItem", "UpdateItem", "DeleteItem"]) {
      expect(classify("dynamodb", ddb(op, { TableName: "shop", Key: {} }))).toEqual({
        operation: op,
        needs: [{ action: `dynamodb:${op}`, resource: TABLE }],
      });
    }
    // A table operation touches no item: dynamodb:LeadingKeys is known to be absent.
    expect(classify("dynamodb", ddb("DescribeTable", { TableName: "shop" }))).toEqual({
      operation: "DescribeTable",
      needs: [
        {
          action: "dynamodb:DescribeTable",
          resource: TABLE,
          context: { "dynamodb:leadingkeys": undefined },
        },
      ],
    });
    expect(pairs("dynamodb", ddb("ListTables", {}))).toEqual([["dynamodb:ListTables", "*"]]);
  });

  it("puts Query and Scan with IndexName on the index, without on the table", () => {
    const q = { TableName: "shop", IndexName: "byEmail", KeyConditionExpression: "x" };
    expect(pairs("dynamodb", ddb("Query", q))).toEqual([
      ["dynamodb:Query", `${TABLE}/index/byEmail`],
    ]);
    expect(pairs("dynamodb", ddb("Scan", { TableName: "shop", IndexName: "gsi1" }))).toEqual([
      ["dynamodb:Scan", `${TABLE}/index/gsi1`],
    ]);
    expect(pairs("dynamodb", ddb("Query", { TableName: "shop" }))).toEqual([
      ["dynamodb:Query", TABLE],
    ]);
  });

  it("gives each item's partition key as dynamodb:LeadingKeys, per transaction item", () => {
    const keyed: Account = { ...ACCOUNT, partitionKeyOf: (t) => (t === "shop" ? "pk" : undefined) };
    const contexts = (op: string, body: unknown) =>
      classify("dynamodb", ddb(op, body), keyed).needs.map((n) => [n.action, n.context]);
    const key = (pk: string) => ({ pk: { S: pk }, sk: { S: "X" } });
    expect(contexts("UpdateItem", { TableName: "shop", Key: key("PRODUCT#1") })).toEqual([
      ["dynamodb:UpdateItem", { "dynamodb:leadingkeys": ["PRODUCT#1"] }],
    ]);
    expect(contexts("PutItem", { TableName: "shop", Item: key("USER#2") })).toEqual([
      ["dynamodb:PutItem", { "dynamodb:leadingkeys": ["USER#2"] }],
    ]);
    const transaction = {
      TransactItems: [
        { Update: { TableName: "shop", Key: key("PRODUCT#1") } },
        { Update: { TableName: "shop", Key: key("CATALOG") } },
      ],
    };
    expect(contexts("TransactWriteItems", transaction)).toEqual([
      ["dynamodb:UpdateItem", { "dynamodb:leadingkeys": ["PRODUCT#1"] }],
      ["dynamodb:UpdateItem", { "dynamodb:leadingkeys": ["CATALOG"] }],
    ]);
    const query = {
      TableName: "shop",
      KeyConditionExpression: "#pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeNames: { "#pk": "pk" },
      ExpressionAttributeValues: { ":pk": { S: "ORDER#9" }, ":sk": { S: "LINE" } },
    };
    expect(contexts("Query", query)).toEqual([
      ["dynamodb:Query", { "dynamodb:leadingkeys": ["ORDER#9"] }],
    ]);
  });

  it("accepts a table ARN as TableName", () => {
    const other = "arn:aws:dynamodb:eu-west-1:999999999999:table/other";
    expect(pairs("dynamodb", ddb("GetItem", { TableName: other }))).toEqual([
      ["dynamodb:GetItem", other],
    ]);
  });

  it("maps batch operations to the batch action on each table", () => {
    const get = ddb("BatchGetItem", { RequestItems: { shop: { Keys: [] }, audit: { Keys: [] } } });
    expect(pairs("dynamodb", get)).toEqual([
      ["dynamodb:BatchGetItem", TABLE],
      ["dynamodb:BatchGetItem", ARN("dynamodb", "table/audit")],
    ]);
    const write = ddb("BatchWriteItem", { RequestItems: { shop: [{ PutRequest: { Item: {} } }] } });
    expect(pairs("dynamodb", write)).toEqual([["dynamodb:BatchWriteItem", TABLE]]);
  });

  it("maps each item of a write transaction to its own action (IAM has no Transact*)", () => {
    const req = ddb("TransactWriteItems", {
      TransactItems: [
        { Put: { TableName: "shop", Item: {} } },
        { Update: { TableName: "shop", Key: {}, UpdateExpression: "SET a = :a" } },
        { Delete: { TableName: "audit", Key: {} } },
        { ConditionCheck: { TableName: "shop", Key: {}, ConditionExpression: "x" } },
        { Put: { TableName: "shop", Item: {} } },
      ],
      ClientRequestToken: "t",
    });
    expect(classify("dynamodb", req)).toEqual({
      operation: "TransactWriteItems",
      needs: [
        { action: "dynamodb:PutItem", resource: TABLE },
        { action: "dynamodb:UpdateItem", resource: TABLE },
        { action: "dynamodb:DeleteItem", resource: ARN("dynamodb", "table/audit") },
        { action: "dynamodb:ConditionCheckItem", resource: TABLE },
      ],
    });
  });

  it("maps a read transaction to GetItem per item", () => {
    const req = ddb("TransactGetItems", {
      TransactItems: [
        { Get: { TableName: "shop", Key: {} } },
        { Get: { TableName: "b", Key: {} } },
      ],
    });
    expect(pairs("dynamodb", req)).toEqual([
      ["dynamodb:GetItem", TABLE],
      ["dynamodb:GetItem", ARN("dynamodb", "table/b")],
    ]);
  });

  it("refuses what it cannot classify", () => {
    const refused = [
      ddb("ExecuteStatement", { Statement: "SELECT * FROM shop" }),
      ddb("GetItem", {}),
      ddb("GetItem", { TableName: 42 }),
      ddb("TransactWriteItems", { TransactItems: [{ Get: { TableName: "shop" } }] }),
      ddb("TransactGetItems", { TransactItems: [{ Put: { TableName: "shop" } }] }),
      ddb("TransactWriteItems", { TransactItems: [{ constructor: { TableName: "shop" } }] }),
      json("DynamoDB_20111205.GetItem", { TableName: "shop" }),
      request("POST", "/", {}, "{}"),
      request("POST", "/", { "x-amz-target": "DynamoDB_20120810.GetItem" }, "{not json"),
    ];
    for (const req of refused) {
      expect(() => classify("dynamodb", req), req.body.toString()).toThrow(
        UnclassifiedRequestError,
      );
    }
    expect(() => classify("dynamodb", ddb("ExecuteStatement", {}))).toThrow(
      'Cannot classify AWS request: unsupported DynamoDB operation "ExecuteStatement"',
    );
  });
});

describe("DynamoDB Streams", () => {
  const LOCAL_STREAM =
    "arn:aws:dynamodb:ddblocal:000000000000:table/shop/stream/2024-01-01T00:00:00.000";
  const STREAM = `${TABLE}/stream/2024-01-01T00:00:00.000`;
  const streams = (op: string, body: unknown) => json(`DynamoDBStreams_20120810.${op}`, body);

  it("puts DescribeStream and GetShardIterator on the stream, re-homed to the account", () => {
    const describeReq = streams("DescribeStream", { StreamArn: LOCAL_STREAM });
    expect(pairs("dynamodb", describeReq)).toEqual([["dynamodb:DescribeStream", STREAM]]);
    const iterator = streams("GetShardIterator", {
      StreamArn: LOCAL_STREAM,
      ShardId: "s",
      ShardIteratorType: "LATEST",
    });
    expect(pairs("dynamodb", iterator)).toEqual([["dynamodb:GetShardIterator", STREAM]]);
    expect(pairs("dynamodb", streams("ListStreams", { TableName: "shop" }))).toEqual([
      ["dynamodb:ListStreams", "*"],
    ]);
  });

  it("finds GetRecords' stream through the account, or refuses", () => {
    const req = streams("GetRecords", { ShardIterator: "it-1" });
    expect(() => classify("dynamodb", req)).toThrow(/set account.streamArn/);
    const mapped = classify("dynamodb", req, {
      ...ACCOUNT,
      streamArnOfIterator: (it) => (it === "it-1" ? LOCAL_STREAM : undefined),
    });
    expect(mapped.needs).toEqual([{ action: "dynamodb:GetRecords", resource: STREAM }]);
    const fallback = classify("dynamodb", req, {
      ...ACCOUNT,
      streamArn: STREAM,
      streamArnOfIterator: () => undefined,
    });
    expect(fallback.needs).toEqual([{ action: "dynamodb:GetRecords", resource: STREAM }]);
    expect(() => classify("dynamodb", streams("DescribeStream", { StreamArn: TABLE }))).toThrow(
      /not a DynamoDB stream ARN/,
    );
  });
});

describe("SQS", () => {
  const URL = "http://127.0.0.1:9324/000000000000/q-7";
  const sqsJson = (op: string, body: unknown) => json(`AmazonSQS.${op}`, body);

  it("reads the JSON protocol, naming the queue through the account", () => {
    expect(classify("sqs", sqsJson("SendMessage", { QueueUrl: URL, MessageBody: "hi" }))).toEqual({
      operation: "SendMessage",
      needs: [{ action: "sqs:SendMessage", resource: ORDERS }],
    });
    const expected: Array<[string, string]> = [
      ["SendMessageBatch", "sqs:SendMessage"],
      ["ReceiveMessage", "sqs:ReceiveMessage"],
      ["DeleteMessage", "sqs:DeleteMessage"],
      ["DeleteMessageBatch", "sqs:DeleteMessage"],
      ["ChangeMessageVisibility", "sqs:ChangeMessageVisibility"],
      ["ChangeMessageVisibilityBatch", "sqs:ChangeMessageVisibility"],
      ["GetQueueAttributes", "sqs:GetQueueAttributes"],
      ["PurgeQueue", "sqs:PurgeQueue"],
    ];
    for (const [op, action] of expected) {
      expect(pairs("sqs", sqsJson(op, { QueueUrl: URL, Entries: [] })), op).toEqual([
        [action, ORDERS],
      ]);
    }
  });

  it("falls back to the URL's last path segment when the account does not know the URL", () => {
    const req = sqsJson("SendMessage", { QueueUrl: "http://localhost:1/000000000000/other.fifo" });
    expect(pairs("sqs", req)).toEqual([["sqs:SendMessage", ARN("sqs", "other.fifo")]]);
  });

  it("names the queue of GetQueueUrl and CreateQueue by QueueName; ListQueues is *", () => {
    expect(pairs("sqs", sqsJson("GetQueueUrl", { QueueName: "orders" }))).toEqual([
      ["sqs:GetQueueUrl", ARN("sqs", "orders")],
    ]);
    const owned = sqsJson("GetQueueUrl", {
      QueueName: "orders",
      QueueOwnerAWSAccountId: "222222222222",
    });
    expect(pairs("sqs", owned)).toEqual([
      ["sqs:GetQueueUrl", "arn:aws:sqs:eu-west-1:222222222222:orders"],
    ]);
    expect(pairs("sqs", sqsJson("ListQueues", {}))).toEqual([["sqs:ListQueues", "*"]]);
  });

  it("reads the query protocol, with the queue in QueueUrl or in the request path", () => {
    const batch = form({
      Action: "SendMessageBatch",
      Version: "2012-11-05",
      QueueUrl: URL,
      "SendMessageBatchRequestEntry.1.Id": "1",
    });
    expect(classify("sqs", batch)).toEqual({
      operation: "SendMessageBatch",
      needs: [{ action: "sqs:SendMessage", resource: ORDERS }],
    });
    const byPath = {
      ...form({ Action: "ReceiveMessage" }, "/000000000000/q-7"),
      headers: { host: "127.0.0.1:9324" },
    };
    expect(pairs("sqs", byPath)).toEqual([["sqs:ReceiveMessage", ORDERS]]);
    expect(pairs("sqs", form({ Action: "GetQueueUrl", QueueName: "orders" }))).toEqual([
      ["sqs:GetQueueUrl", ARN("sqs", "orders")],
    ]);
  });

  it("refuses what it cannot classify", () => {
    for (const req of [
      sqsJson("StartMessageMoveTask", { SourceArn: ORDERS }),
      sqsJson("SendMessage", { MessageBody: "no queue" }),
      json("AmazonSNS.Publish", {}),
      form({ Action: "SendMessage" }),
      form({ QueueUrl: URL }),
    ]) {
      expect(() => classify("sqs", req), req.body.toString()).toThrow(UnclassifiedRequestError);
    }
  });
});

describe("SSM", () => {
  const ssm = (op: string, body: unknown) => json(`AmazonSSM.${op}`, body, "1.1");
  const PARAM = (name: string) => ARN("ssm", `parameter/${name}`);

  it("maps GetParameters to one permission per name, without the leading slash", () => {
    expect(
      classify(
        "ssm",
        ssm("GetParameters", { Names: ["/shop/a", "/shop/b"], WithDecryption: true }),
      ),
    ).toEqual({
      operation: "GetParameters",
      needs: [
        { action: "ssm:GetParameters", resource: PARAM("shop/a") },
        { action: "ssm:GetParameters", resource: PARAM("shop/b") },
      ],
    });
  });

  it("maps GetParameter, GetParametersByPath and version selectors", () => {
    expect(pairs("ssm", ssm("GetParameter", { Name: "/shop/secret" }))).toEqual([
      ["ssm:GetParameter", PARAM("shop/secret")],
    ]);
    expect(pairs("ssm", ssm("GetParameter", { Name: "plain" }))).toEqual([
      ["ssm:GetParameter", PARAM("plain")],
    ]);
    expect(pairs("ssm", ssm("GetParameter", { Name: "/shop/secret:3" }))).toEqual([
      ["ssm:GetParameter", PARAM("shop/secret")],
    ]);
    const shared = "arn:aws:ssm:eu-west-1:999999999999:parameter/shared/x";
    expect(pairs("ssm", ssm("GetParameter", { Name: `${shared}:live` }))).toEqual([
      ["ssm:GetParameter", shared],
    ]);
    expect(pairs("ssm", ssm("GetParametersByPath", { Path: "/shop", Recursive: true }))).toEqual([
      ["ssm:GetParametersByPath", PARAM("shop")],
    ]);
  });

  it("refuses what it cannot classify", () => {
    for (const req of [
      ssm("SendCommand", {}),
      ssm("GetParameters", { Names: "/a" }),
      ssm("GetParameter", {}),
      json("AmazonSQS.GetParameter", { Name: "a" }),
    ]) {
      expect(() => classify("ssm", req)).toThrow(UnclassifiedRequestError);
    }
  });
});

describe("S3 (path-style)", () => {
  const s3 = (method: string, path: string, headers: Record<string, string> = {}, body = "") =>
    pairs("s3", request(method, path, headers, body));
  const op = (method: string, path: string, headers: Record<string, string> = {}, body = "") =>
    classify("s3", request(method, path, headers, body)).operation;

  it("maps object reads, writes and deletes on the decoded key", () => {
    expect(s3("PUT", "/media/dir/a%20b%2Bc.jpg?x-id=PutObject")).toEqual([
      ["s3:PutObject", "arn:aws:s3:::media/dir/a b+c.jpg"],
    ]);
    expect(s3("GET", "/media/dst/%C3%BC.jpg?x-id=GetObject")).toEqual([
      ["s3:GetObject", "arn:aws:s3:::media/dst/ü.jpg"],
    ]);
    expect(s3("HEAD", "/media/a.jpg")).toEqual([["s3:GetObject", "arn:aws:s3:::media/a.jpg"]]);
    expect(op("HEAD", "/media/a.jpg")).toBe("HeadObject");
    expect(s3("DELETE", "/media/a.jpg?x-id=DeleteObject")).toEqual([
      ["s3:DeleteObject", "arn:aws:s3:::media/a.jpg"],
    ]);
    expect(s3("GET", "/media/a.jpg?versionId=v1")).toEqual([
      ["s3:GetObjectVersion", "arn:aws:s3:::media/a.jpg"],
    ]);
    const presigned =
      "/media/a.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc&response-content-type=x";
    expect(s3("GET", presigned)).toEqual([["s3:GetObject", "arn:aws:s3:::media/a.jpg"]]);
  });

  it("maps listings and HEAD bucket to s3:ListBucket on the bucket", () => {
    expect(classify("s3", request("GET", "/media/?list-type=2&prefix=dir%2F", {}))).toEqual({
      operation: "ListObjectsV2",
      needs: [{ action: "s3:ListBucket", resource: "arn:aws:s3:::media" }],
    });
    expect(s3("GET", "/media?prefix=a&delimiter=%2F")).toEqual([
      ["s3:ListBucket", "arn:aws:s3:::media"],
    ]);
    expect(op("GET", "/media")).toBe("ListObjects");
    expect(s3("HEAD", "/media")).toEqual([["s3:ListBucket", "arn:aws:s3:::media"]]);
    expect(s3("GET", "/")).toEqual([["s3:ListAllMyBuckets", "*"]]);
  });

  it("maps DeleteObjects to s3:DeleteObject per key (XML-unescaped)", () => {
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      "<Object><Key>a b/c.jpg</Key></Object><Object><Key>x&amp;y&#x2F;&#65;</Key></Object>" +
      "<Object><Key>old</Key><VersionId>v1</VersionId></Object></Delete>";
    expect(
      classify(
        "s3",
        request("POST", "/media/?delete=", { "content-type": "application/xml" }, body),
      ),
    ).toEqual({
      operation: "DeleteObjects",
      needs: [
        { action: "s3:DeleteObject", resource: "arn:aws:s3:::media/a b/c.jpg" },
        { action: "s3:DeleteObject", resource: "arn:aws:s3:::media/x&y/A" },
        { action: "s3:DeleteObjectVersion", resource: "arn:aws:s3:::media/old" },
      ],
    });
    expect(() => s3("POST", "/media?delete", {}, "<Delete></Delete>")).toThrow(/no <Object>/);
  });

  it("maps a copy to PutObject on the target and GetObject on the source", () => {
    expect(
      classify(
        "s3",
        request("PUT", "/media/dst/%C3%BC.jpg?x-id=CopyObject", {
          "x-amz-copy-source": "src-bucket/some%20key.jpg",
        }),
      ),
    ).toEqual({
      operation: "CopyObject",
      needs: [
        { action: "s3:PutObject", resource: "arn:aws:s3:::media/dst/ü.jpg" },
        { action: "s3:GetObject", resource: "arn:aws:s3:::src-bucket/some key.jpg" },
      ],
    });
    expect(s3("PUT", "/media/b", { "x-amz-copy-source": "/media/a/b?versionId=v2" })).toEqual([
      ["s3:PutObject", "arn:aws:s3:::media/b"],
      ["s3:GetObjectVersion", "arn:aws:s3:::media/a/b"],
    ]);
    expect(() => s3("PUT", "/media/b", { "x-amz-copy-source": "media" })).toThrow(
      /x-amz-copy-source/,
    );
  });

  it("maps multipart uploads to s3:PutObject, abort and list-parts to their own actions", () => {
    const big = "arn:aws:s3:::media/big.bin";
    expect(s3("POST", "/media/big.bin?uploads=")).toEqual([["s3:PutObject", big]]);
    expect(op("POST", "/media/big.bin?uploads=")).toBe("CreateMultipartUpload");
    expect(s3("PUT", "/media/big.bin?partNumber=1&uploadId=u")).toEqual([["s3:PutObject", big]]);
    expect(
      op("PUT", "/media/big.bin?partNumber=1&uploadId=u", { "x-amz-copy-source": "media/a" }),
    ).toBe("UploadPartCopy");
    expect(s3("POST", "/media/big.bin?uploadId=u")).toEqual([["s3:PutObject", big]]);
    expect(s3("DELETE", "/media/big.bin?uploadId=u")).toEqual([["s3:AbortMultipartUpload", big]]);
    expect(s3("GET", "/media/big.bin?uploadId=u&max-parts=5")).toEqual([
      ["s3:ListMultipartUploadParts", big],
    ]);
  });

  it("adds PutObjectTagging and PutObjectAcl when the upload sets tags or an ACL", () => {
    expect(s3("PUT", "/media/a", { "x-amz-tagging": "k=v", "x-amz-acl": "public-read" })).toEqual([
      ["s3:PutObject", "arn:aws:s3:::media/a"],
      ["s3:PutObjectTagging", "arn:aws:s3:::media/a"],
      ["s3:PutObjectAcl", "arn:aws:s3:::media/a"],
    ]);
  });

  it("takes a browser's upload (POST Object with a presigned policy) as the signer's PutObject on the form's key", async () => {
    /** The form as a browser sends it: the fields, then the file (S3 reads nothing after it). */
    const post = async (fields: Record<string, string>, after: Record<string, string> = {}) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append("file", new Blob([Buffer.from('key"\r\n\r\nproducts/other')]));
      for (const [name, value] of Object.entries(after)) body.append(name, value);
      const encoded = new Request("http://s3.local/media", { method: "POST", body });
      return {
        ...request("POST", "/media", { "content-type": encoded.headers.get("content-type") ?? "" }),
        body: Buffer.from(await encoded.arrayBuffer()),
      };
    };
    const fields = { "Content-Type": "image/png", key: "products/p-1/é 1.png", Policy: "e30=" };
    const put = { action: "s3:PutObject", resource: "arn:aws:s3:::media/products/p-1/é 1.png" };
    expect(classify("s3", await post(fields, { tagging: "<Tagging/>" }))).toEqual({
      operation: "PostObject",
      needs: [put],
    });
    expect(pairs("s3", await post({ ...fields, tagging: "<Tagging/>" }))).toEqual([
      [put.action, put.resource],
      ["s3:PutObjectTagging", put.resource],
    ]);
    expect(() => pairs("s3", request("POST", "/media", { "content-type": "text/plain" }))).toThrow(
      UnclassifiedRequestError,
    );
  });

  it("refuses what it cannot classify", () => {
    for (const [method, path] of [
      ["GET", "/media?policy"],
      ["PUT", "/media?cors"],
      ["GET", "/media/a?torrent"],
      ["PATCH", "/media/a"],
      ["POST", "/media/a"],
      ["GET", "/media/a?tagging&acl"],
      ["DELETE", "/"],
      ["GET", "/media/a%E0%A4%A"],
      ["GET", "/media?versionId=1"],
    ] as const) {
      expect(() => s3(method, path), `${method} ${path}`).toThrow(UnclassifiedRequestError);
    }
  });
});

describe("SES", () => {
  const ADDRESS = ARN("ses", "identity/shop@example.com");
  const DOMAIN = ARN("ses", "identity/example.com");
  const sender = [ADDRESS, DOMAIN];
  const v2 = (body: unknown) =>
    request(
      "POST",
      "/v2/email/outbound-emails",
      { "content-type": "application/json" },
      JSON.stringify(body),
    );
  /** The resources that can satisfy the first need (the sending identity). */
  const identities = (req: AwsRequest) =>
    classify("ses", req)
      .needs.slice(0, 1)
      .flatMap(alternativesOf)
      .map((p) => p.resource);
  const raw = (from: string) =>
    Buffer.from(`Subject: x\r\n${from}\r\nTo: a@b.c\r\n\r\nFrom: other@else.where\r\n`).toString(
      "base64",
    );

  it("v2 SendEmail needs ses:SendEmail on the From address or its domain", () => {
    const simple = v2({
      FromEmailAddress: "Shop <shop@example.com>",
      Destination: { ToAddresses: ["a@b.c"] },
      Content: { Simple: { Subject: { Data: "s" }, Body: { Text: { Data: "t" } } } },
    });
    const result = classify("ses", simple);
    expect(result).toEqual({
      operation: "SendEmail",
      needs: [
        {
          action: "ses:SendEmail",
          resource: ADDRESS,
          anyOf: [
            { action: "ses:SendEmail", resource: ADDRESS },
            { action: "ses:SendEmail", resource: DOMAIN },
          ],
        },
      ],
    });
    expect(identities(simple)).toEqual(sender);
    expect(alternativesOf({ action: "a", resource: "r" })).toEqual([
      { action: "a", resource: "r" },
    ]);
  });

  it("v2 raw content takes the sender from the MIME From: header (folded, display name)", () => {
    const req = v2({
      Content: { Raw: { Data: raw('From: "Shop,\r\n Inc." <shop@example.com>') } },
    });
    expect(identities(req)).toEqual(sender);
    const bare = v2({ Content: { Raw: { Data: raw("from: shop@example.com") } } });
    expect(identities(bare)).toEqual(sender);
  });

  it("adds the configuration set and contact list when the request names them", () => {
    const req = v2({
      FromEmailAddress: "shop@example.com",
      ConfigurationSetName: "tracking",
      ListManagementOptions: { ContactListName: "news" },
      Content: { Simple: {} },
    });
    expect(classify("ses", req).needs.slice(1)).toEqual([
      { action: "ses:SendEmail", resource: ARN("ses", "configuration-set/tracking") },
      { action: "ses:SendEmail", resource: ARN("ses", "contact-list/news") },
    ]);
  });

  it("reads the v1 query protocol: SendEmail by Source, SendRawEmail by Source or From:", () => {
    const email = classify("ses", form({ Action: "SendEmail", Source: "Shop <shop@example.com>" }));
    expect(email.operation).toBe("SendEmail");
    expect(email.needs.flatMap(alternativesOf)).toEqual(
      sender.map((resource) => ({ action: "ses:SendEmail", resource })),
    );
    const rawEmail = classify(
      "ses",
      form({ Action: "SendRawEmail", "RawMessage.Data": raw("From: shop@example.com") }),
    );
    expect(rawEmail.operation).toBe("SendRawEmail");
    expect(rawEmail.needs.flatMap(alternativesOf)).toEqual(
      sender.map((resource) => ({ action: "ses:SendRawEmail", resource })),
    );
    const withSource = form({
      Action: "SendRawEmail",
      Source: "x@other.org",
      "RawMessage.Data": raw("From: shop@example.com"),
    });
    expect(classify("ses", withSource).needs[0]?.resource).toBe(ARN("ses", "identity/x@other.org"));
  });

  it("refuses what it cannot classify", () => {
    for (const req of [
      v2({ Content: { Simple: {} } }),
      v2({ FromEmailAddress: "a@b.c, d@e.f", Content: { Simple: {} } }),
      v2({ FromEmailAddress: "<a@b.c> <d@e.f>", Content: { Simple: {} } }),
      v2({ FromEmailAddress: "a@b.c", Content: { Template: { TemplateName: "t" } } }),
      v2({
        FromEmailAddress: "a@b.c",
        FromEmailAddressIdentityArn: DOMAIN,
        Content: { Simple: {} },
      }),
      v2({ Content: { Raw: { Data: raw("Sender: shop@example.com") } } }),
      request("GET", "/v2/email/identities", {}),
      form({ Action: "VerifyEmailIdentity", EmailAddress: "a@b.c" }),
      form({ Action: "SendEmail" }),
    ]) {
      expect(() => classify("ses", req), req.body.toString()).toThrow(UnclassifiedRequestError);
    }
  });
});

// ---- the same, as the installed SDK clients build the requests ----

class Captured extends Error {
  constructor(readonly request: AwsRequest) {
    super("captured");
  }
}
interface SdkRequest {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}
const config = {
  region: "eu-west-1",
  endpoint: "http://127.0.0.1:9",
  credentials: { accessKeyId: "a", secretAccessKey: "b" },
  maxAttempts: 1,
  requestHandler: {
    handle: async (r: SdkRequest): Promise<never> => {
      const query = Object.entries(r.query ?? {}).flatMap(([k, v]) =>
        (Array.isArray(v) ? v : [v]).map((x) =>
          x === null ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(x)}`,
        ),
      );
      const { body: b } = r;
      const body =
        typeof b === "string"
          ? Buffer.from(b)
          : b instanceof Uint8Array
            ? Buffer.from(b.buffer, b.byteOffset, b.byteLength)
            : Buffer.alloc(0);
      const headers = Object.fromEntries(
        Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      throw new Captured({
        method: r.method,
        path: query.length ? `${r.path}?${query.join("&")}` : r.path,
        headers,
        body,
      });
    },
  },
};
async function built(send: () => Promise<unknown>): Promise<AwsRequest> {
  const error = await send().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof Captured) return error.request;
  throw new Error(`the request was not captured: ${String(error)}`);
}

describe("requests built by the installed AWS SDK clients", () => {
  it("CloudFront CreateInvalidation (REST-XML): the distribution's ARN, without a region", async () => {
    const req = await built(() =>
      new CloudFrontClient(config).send(
        new CreateInvalidationCommand({
          DistributionId: "E2SITE",
          InvalidationBatch: {
            CallerReference: "batch-1",
            Paths: { Quantity: 2, Items: ["/product", "/product?*"] },
          },
        }),
      ),
    );
    expect(classify("cloudfront", req)).toEqual({
      operation: "CreateInvalidation",
      needs: [
        {
          action: "cloudfront:CreateInvalidation",
          resource: "arn:aws:cloudfront::123456789012:distribution/E2SITE",
        },
      ],
    });
    expect(() =>
      classify("cloudfront", request("DELETE", "/2020-05-31/distribution/E2SITE", {})),
    ).toThrow(UnclassifiedRequestError);
  });

  it("SQS SendMessageBatch (JSON protocol)", async () => {
    const req = await built(() =>
      new SQSClient(config).send(
        new SendMessageBatchCommand({
          QueueUrl: "http://127.0.0.1:9324/000000000000/q-7",
          Entries: [{ Id: "1", MessageBody: "x" }],
        }),
      ),
    );
    expect(req.headers["x-amz-target"]).toBe("AmazonSQS.SendMessageBatch");
    expect(classify("sqs", req)).toEqual({
      operation: "SendMessageBatch",
      needs: [{ action: "sqs:SendMessage", resource: ORDERS }],
    });
  });

  it("SES v2 SendEmail, simple and raw", async () => {
    const ses = new SESv2Client(config);
    const simple = await built(() =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: "Shop <shop@example.com>",
          Destination: { ToAddresses: ["a@b.c"] },
          Content: { Simple: { Subject: { Data: "s" }, Body: { Text: { Data: "t" } } } },
        }),
      ),
    );
    const rawData = new TextEncoder().encode(
      'From: "Shop" <shop@example.com>\r\nTo: a@b.c\r\n\r\nbody',
    );
    const rawReq = await built(() =>
      ses.send(new SendEmailCommand({ Content: { Raw: { Data: rawData } } })),
    );
    for (const req of [simple, rawReq]) {
      expect(
        classify("ses", req)
          .needs.flatMap(alternativesOf)
          .map((p) => p.resource),
      ).toEqual([ARN("ses", "identity/shop@example.com"), ARN("ses", "identity/example.com")]);
    }
  });

  it("DynamoDB TransactWriteItems and Query on an index", async () => {
    const ddb = new DynamoDBClient(config);
    const transact = await built(() =>
      ddb.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: "shop", Item: { pk: { S: "a" } } } },
            {
              ConditionCheck: {
                TableName: "shop",
                Key: { pk: { S: "b" } },
                ConditionExpression: "attribute_exists(pk)",
              },
            },
          ],
        }),
      ),
    );
    expect(pairs("dynamodb", transact)).toEqual([
      ["dynamodb:PutItem", TABLE],
      ["dynamodb:ConditionCheckItem", TABLE],
    ]);
    const query = await built(() =>
      ddb.send(
        new QueryCommand({
          TableName: "shop",
          IndexName: "byEmail",
          KeyConditionExpression: "e = :e",
        }),
      ),
    );
    expect(pairs("dynamodb", query)).toEqual([["dynamodb:Query", `${TABLE}/index/byEmail`]]);
  });

  it("SSM GetParameters", async () => {
    const req = await built(() =>
      new SSMClient(config).send(
        new GetParametersCommand({ Names: ["/shop/a"], WithDecryption: true }),
      ),
    );
    expect(pairs("ssm", req)).toEqual([["ssm:GetParameters", ARN("ssm", "parameter/shop/a")]]);
  });

  it("S3 PutObject, CopyObject and DeleteObjects (path-style)", async () => {
    const s3 = new S3Client({ ...config, forcePathStyle: true });
    const put = await built(() =>
      s3.send(new PutObjectCommand({ Bucket: "media", Key: "dir/a b+c ü.jpg", Body: "x" })),
    );
    expect(pairs("s3", put)).toEqual([["s3:PutObject", "arn:aws:s3:::media/dir/a b+c ü.jpg"]]);
    const copy = await built(() =>
      s3.send(
        new CopyObjectCommand({ Bucket: "media", Key: "dst", CopySource: "src/some%20key.jpg" }),
      ),
    );
    expect(pairs("s3", copy)).toEqual([
      ["s3:PutObject", "arn:aws:s3:::media/dst"],
      ["s3:GetObject", "arn:aws:s3:::src/some key.jpg"],
    ]);
    const del = await built(() =>
      s3.send(
        new DeleteObjectsCommand({
          Bucket: "media",
          Delete: { Objects: [{ Key: "a&b" }, { Key: "c" }] },
        }),
      ),
    );
    expect(pairs("s3", del)).toEqual([
      ["s3:DeleteObject", "arn:aws:s3:::media/a&b"],
      ["s3:DeleteObject", "arn:aws:s3:::media/c"],
    ]);
  });
});
