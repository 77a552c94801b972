// A guarded client costs a call no more than the call: the SDK's logger middleware, which copies
// each input and output through the sensitive-data filter for the client's logger, is gone.
import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";
import { describe, expect, it, vi } from "vitest";
import { guardCalls } from "./dependency-calls.server.ts";

/** A table that answers every call with one item, without a network. */
const cannedHandler = {
  handle: async () => ({
    response: {
      statusCode: 200,
      headers: { "content-type": "application/x-amz-json-1.0" },
      body: new Blob([JSON.stringify({ Items: [{ pk: { S: "product#1" } }], Count: 1 })]).stream(),
    },
  }),
};

const client = (logger: { info: () => void }) =>
  new DynamoDBClient({
    region: "eu-west-1",
    endpoint: "http://127.0.0.1:1",
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
    requestHandler: cannedHandler,
    logger: { debug: () => {}, info: logger.info, warn: () => {}, error: () => {} },
  });

describe("a guarded client", () => {
  it("answers its calls without walking them through the SDK's log filter", async () => {
    const unguarded = { info: vi.fn() };
    await client(unguarded).send(new QueryCommand({ TableName: "shop" }));
    // The SDK's own client does: the filtered input and output, for the logger.
    expect(unguarded.info).toHaveBeenCalledTimes(1);

    const guarded = { info: vi.fn() };
    const answer = await guardCalls(client(guarded), "dynamodb").send(
      new QueryCommand({ TableName: "shop" }),
    );
    expect(answer.Items).toEqual([{ pk: { S: "product#1" } }]);
    expect(guarded.info).not.toHaveBeenCalled();
  });
});
