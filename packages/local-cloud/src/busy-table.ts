// A stand-in for DynamoDB at its limits, which DynamoDB Local does not have (it has no partitions
// and no throughput): an HTTP proxy in front of the table that answers, on demand, as AWS does
// when a partition is over its rate (ProvisionedThroughputExceededException, ThrottlingException)
// or when another transaction holds an item (TransactionCanceledException, each item's reason,
// TransactionConflict on the items concerned). A refused request is not forwarded: as on AWS,
// nothing of it is written. Everything else goes through to the table unchanged, but for one
// answer of DynamoDB Local's own: a request that timed out waiting for another's lock on an item
// (a 500 that, it says, "will succeed in actual DynamoDB API"; nothing of it was written) is
// answered as AWS answers contention, a TransactionConflict (counted in `lockTimeouts`).
// Tests choose which requests: the next N, a fraction p of them (a seeded draw, so a run is the
// same every time), those of one operation, or those touching a key (docs/decisions/034-busy-not-error.md).
import { Agent, createServer, request as forward } from "node:http";
import { readBody } from "./util.ts";

export type BusyAnswer = "ProvisionedThroughputExceeded" | "Throttling" | "TransactionConflict";

export interface BusyRule {
  answer: BusyAnswer;
  /** Only this many requests (of those the rule picks), then the rule is spent. */
  next?: number;
  /** Each picked request is refused with this probability (1 by default). */
  fraction?: number;
  /** Only requests of this operation ("TransactWriteItems", "GetItem"…). */
  operation?: string;
  /** Only requests whose body contains this text (e.g. a key's `PRODUCT#…`). */
  touching?: string;
}

export interface BusyTable {
  /** The proxy's URL, to use as the table's endpoint. */
  url: string;
  /** Adds a rule; the first rule that picks a request answers it. */
  refuse(rule: BusyRule): void;
  /** Drops every rule: everything goes through again. */
  clear(): void;
  /** Requests refused so far, by answer. */
  readonly refused: Readonly<Record<BusyAnswer, number>>;
  /** DynamoDB Local's lock timeouts answered as conflicts so far. */
  readonly lockTimeouts: number;
  close(): Promise<void>;
}

const PREFIX = "com.amazonaws.dynamodb.v20120810#";

/** A small seeded generator (mulberry32): the same draws on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** AWS's answer (status 400, JSON 1.0) for `answer` to a request of `operation` with `body`. */
function refusal(answer: BusyAnswer, operation: string, body: string, touching?: string) {
  if (answer === "ProvisionedThroughputExceeded") {
    return {
      __type: `${PREFIX}ProvisionedThroughputExceededException`,
      message:
        "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.",
    };
  }
  if (answer === "Throttling" || !operation.startsWith("Transact")) {
    return {
      __type: "com.amazon.coral.availability#ThrottlingException",
      message: "Throughput exceeds the current capacity of your table or index.",
    };
  }
  const items = (JSON.parse(body) as { TransactItems?: unknown[] }).TransactItems ?? [];
  // The items touching the key conflict (all of them when the rule names no key).
  const codes = items.map((item) =>
    touching === undefined || JSON.stringify(item).includes(touching)
      ? "TransactionConflict"
      : "None",
  );
  if (!codes.includes("TransactionConflict") && codes.length > 0) codes[0] = "TransactionConflict";
  return {
    __type: `${PREFIX}TransactionCanceledException`,
    Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(", ")}]`,
    CancellationReasons: codes.map((Code) =>
      Code === "None" ? { Code } : { Code, Message: "Transaction is ongoing for the item" },
    ),
  };
}

/** Starts the proxy in front of the table at `target` (DynamoDB Local's endpoint). */
export async function startBusyTable(
  target: string,
  options: { seed?: number } = {},
): Promise<BusyTable> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const random = seeded(options.seed ?? 49);
  let rules: Array<BusyRule & { left: number }> = [];
  let lockTimeouts = 0;
  const refused: Record<BusyAnswer, number> = {
    ProvisionedThroughputExceeded: 0,
    Throttling: 0,
    TransactionConflict: 0,
  };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const text = body.toString("utf8");
    const operation = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
    /** A refusal, as AWS sends it: status 400, JSON 1.0. */
    const reply = (value: object) => {
      const answer = JSON.stringify(value);
      res.writeHead(400, {
        "content-type": "application/x-amz-json-1.0",
        "x-amzn-requestid": `busy-${Date.now()}`,
        "content-length": Buffer.byteLength(answer),
      });
      res.end(answer);
    };
    const rule = rules.find(
      (r) =>
        r.left > 0 &&
        (r.operation === undefined || r.operation === operation) &&
        (r.touching === undefined || text.includes(r.touching)) &&
        (r.answer !== "TransactionConflict" || operation.startsWith("Transact")),
    );
    if (rule && (rule.fraction === undefined || random() < rule.fraction)) {
      rule.left--;
      refused[rule.answer]++;
      reply(refusal(rule.answer, operation, text, rule.touching));
      return;
    }
    const upstream = forward(
      {
        agent,
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (answer) => {
        if (answer.statusCode !== 500) {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
          return;
        }
        void readBody(answer).then((failed) => {
          if (!failed.toString("utf8").includes("waiting for a lock")) {
            res.writeHead(500, answer.headers);
            res.end(failed);
            return;
          }
          lockTimeouts++;
          const conflict = operation.startsWith("Transact")
            ? refusal("TransactionConflict", operation, text)
            : {
                __type: `${PREFIX}TransactionConflictException`,
                message: "Transaction is ongoing for the item",
              };
          reply(conflict);
        });
      },
    );
    upstream.on("error", () => res.destroy());
    upstream.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `${to.protocol}//127.0.0.1:${port}`,
    refuse(rule) {
      rules.push({ ...rule, left: rule.next ?? Number.POSITIVE_INFINITY });
    },
    clear() {
      rules = [];
    },
    refused,
    get lockTimeouts() {
      return lockTimeouts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
