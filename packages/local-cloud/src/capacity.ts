// A capacity recorder for the table, which DynamoDB Local does not limit (it has no partitions):
// an HTTP proxy in front of the table, like ./busy-table.ts, that asks DynamoDB Local for the
// capacity each request consumed (ReturnConsumedCapacity INDEXES; taken out of the answer again
// when the caller did not ask for it) and records, per partition key of the table and of each
// global secondary index, the read and write units it cost. It also counts the transactions that
// touched an item while another write to it was still under way, which AWS cancels
// (TransactionConflict). How the units are attributed is docs/decisions/040-capacity-model.md:
// - one item (Get, Put, Update, Delete): the answer's units, on the item's partition key; its
//   index units on the item's index keys (from the request, or read back after the write);
// - a Query on the queried partition (of the table or the index), a Scan on `<scan>`;
// - BatchGet, BatchWrite, TransactGet and TransactWrite: each item's units from its size, as AWS
//   counts them (DynamoDB Local answers one total per table, and counts a transaction's writes
//   at twice AWS's rate): a read 1 unit per 4 KB (half eventually consistent), a write 1 per
//   1 KB, twice in a transaction; an update's or a condition's size is the item's as read back.
// Each door (a port of its own) labels what comes through it, so that a bench can tell the
// site's requests from the functions' when both run at once.
import { Agent, createServer, request as forward, type IncomingMessage } from "node:http";
import { crc32 } from "node:zlib";
import { readBody } from "./util.ts";

/** DynamoDB's JSON shape of an attribute value. */
type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;

/** The units one partition key took. */
export interface KeyUsage {
  /** The door the requests came through ("" for the recorder's own URL). */
  source: string;
  table: string;
  /** The global secondary index, or undefined for the table itself. */
  index?: string;
  /** The partition key's value (`<scan>` for Scans). */
  key: string;
  read: number;
  write: number;
  requests: number;
}

/** Transactions that touched an item while another write to it was under way. */
export interface ItemOverlap {
  source: string;
  table: string;
  /** The item's partition key and sort key. */
  pk: string;
  sk: string;
  transactions: number;
}

export interface CapacityRecorder {
  /** The proxy's URL, to use as the table's endpoint (its requests' source is ""). */
  url: string;
  /** Another URL to the same table, whose requests are recorded under `source`. */
  door(source: string): Promise<string>;
  /** Units per partition key (and source) since the start or the last reset. */
  usage(): KeyUsage[];
  /** Overlapping transactions per item (and source) since the start or the last reset. */
  overlaps(): ItemOverlap[];
  /** Requests that are still being answered. */
  readonly inFlight: number;
  /** When the last request arrived (ms since the epoch): a bench waits for the table to be quiet. */
  readonly lastRequestAt: number;
  reset(): void;
  close(): Promise<void>;
}

const READ_UNIT_BYTES = 4096;
const WRITE_UNIT_BYTES = 1024;

const utf8 = (text: string) => Buffer.byteLength(text, "utf8");

/** A number's size as AWS counts it: about one byte per two significant digits, plus one. */
function numberSize(text: string): number {
  const digits = text.replace(/^[-+]/, "").replace(/e.*$/i, "").replace(".", "");
  const significant = digits.replace(/^0+/, "").replace(/0+$/, "") || "0";
  return Math.min(21, Math.ceil(significant.length / 2) + 1);
}

function valueSize(value: AttributeValue): number {
  const [type, inner] = Object.entries(value)[0] ?? ["NULL", true];
  switch (type) {
    case "S":
      return utf8(String(inner));
    case "N":
      return numberSize(String(inner));
    case "B":
      return Buffer.from(String(inner), "base64").length;
    case "SS":
      return (inner as string[]).reduce((n, s) => n + utf8(s), 0);
    case "NS":
      return (inner as string[]).reduce((n, s) => n + numberSize(s), 0);
    case "BS":
      return (inner as string[]).reduce((n, s) => n + Buffer.from(s, "base64").length, 0);
    case "L":
      return 3 + (inner as AttributeValue[]).reduce((n, v) => n + 1 + valueSize(v), 0);
    case "M":
      return (
        3 +
        Object.entries(inner as Item).reduce((n, [name, v]) => n + 1 + utf8(name) + valueSize(v), 0)
      );
    default:
      return 1; // BOOL, NULL
  }
}

/** An item's size in bytes as DynamoDB counts it: each attribute's name and value. */
export function itemSize(item: Item): number {
  return Object.entries(item).reduce((n, [name, value]) => n + utf8(name) + valueSize(value), 0);
}

/** Read units of one item of `bytes` (at least one unit, rounded up per 4 KB). */
export const readUnits = (bytes: number, consistent: boolean) =>
  Math.max(1, Math.ceil(bytes / READ_UNIT_BYTES)) * (consistent ? 1 : 0.5);
/** Write units of one item of `bytes` (at least one unit, rounded up per 1 KB). */
export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / WRITE_UNIT_BYTES));

interface TableShape {
  partitionKey: string;
  sortKey?: string;
  /** Each global secondary index's partition key attribute. */
  indexes: Record<string, string>;
}

interface ConsumedCapacity {
  TableName?: string;
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

/** Consumed capacity as TOTAL answers it: without the table's and the indexes' parts. */
function totalOnly(consumed: unknown): unknown {
  if (Array.isArray(consumed)) return consumed.map(totalOnly);
  if (typeof consumed !== "object" || consumed === null) return consumed;
  const { Table, GlobalSecondaryIndexes, LocalSecondaryIndexes, ...total } = consumed as Record<
    string,
    unknown
  >;
  return total;
}

/** The operations that take ReturnConsumedCapacity. */
const MEASURED = new Set([
  "GetItem",
  "PutItem",
  "UpdateItem",
  "DeleteItem",
  "Query",
  "Scan",
  "BatchGetItem",
  "BatchWriteItem",
  "TransactGetItems",
  "TransactWriteItems",
]);
const WRITES = new Set(["PutItem", "UpdateItem", "DeleteItem"]);

const text = (value: AttributeValue | undefined) =>
  value === undefined ? undefined : String(Object.values(value)[0]);

/** The partition key value a KeyConditionExpression fixes for the attribute `name`. */
export function queriedPartition(
  expression: string,
  names: Record<string, string> = {},
  values: Item = {},
  name: string,
): string | undefined {
  for (const [, left, right] of expression.matchAll(/([#\w]+)\s*=\s*([:#\w]+)/g)) {
    const attribute = left?.startsWith("#") ? names[left] : left;
    if (attribute === name && right?.startsWith(":")) return text(values[right]);
  }
  return undefined;
}

/** Starts the recorder in front of the table at `target` (DynamoDB Local's endpoint). */
export async function startCapacityRecorder(target: string): Promise<CapacityRecorder> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const usage = new Map<string, KeyUsage>();
  const overlaps = new Map<string, ItemOverlap>();
  /** Writes under way per item: how many are transactions, how many single writes. */
  const writing = new Map<string, { transactions: number; single: number }>();
  const shapes = new Map<string, Promise<TableShape>>();
  const servers: ReturnType<typeof createServer>[] = [];
  let inFlight = 0;
  let lastRequestAt = 0;

  /** One request to the table itself, not recorded (a description, an item read back). */
  const direct = (operation: string, body: object, headers: IncomingMessage["headers"]) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const call = forward(
        {
          agent,
          host: to.hostname,
          port: to.port,
          method: "POST",
          path: "/",
          headers: {
            authorization: headers.authorization ?? "",
            "content-type": "application/x-amz-json-1.0",
            "x-amz-target": `DynamoDB_20120810.${operation}`,
            "content-length": Buffer.byteLength(payload),
          },
        },
        (answer) => {
          void readBody(answer).then((b) => {
            try {
              resolve(JSON.parse(b.toString("utf8") || "{}") as Record<string, unknown>);
            } catch (error) {
              reject(error);
            }
          }, reject);
        },
      );
      call.on("error", reject);
      call.end(payload);
    });

  const shapeOf = (table: string, headers: IncomingMessage["headers"]): Promise<TableShape> => {
    let shape = shapes.get(table);
    if (!shape) {
      shape = direct("DescribeTable", { TableName: table }, headers).then((answer) => {
        const description = answer.Table as {
          KeySchema?: Array<{ AttributeName: string; KeyType: string }>;
          GlobalSecondaryIndexes?: Array<{
            IndexName: string;
            KeySchema: Array<{ AttributeName: string; KeyType: string }>;
          }>;
        };
        const hash = (schema?: Array<{ AttributeName: string; KeyType: string }>) =>
          schema?.find((k) => k.KeyType === "HASH")?.AttributeName ?? "";
        return {
          partitionKey: hash(description?.KeySchema),
          sortKey: description?.KeySchema?.find((k) => k.KeyType === "RANGE")?.AttributeName,
          indexes: Object.fromEntries(
            (description?.GlobalSecondaryIndexes ?? []).map((i) => [
              i.IndexName,
              hash(i.KeySchema),
            ]),
          ),
        };
      });
      shape.catch(() => shapes.delete(table));
      shapes.set(table, shape);
    }
    return shape;
  };

  const add = (
    source: string,
    table: string,
    index: string | undefined,
    key: string,
    units: { read?: number; write?: number },
  ) => {
    const id = JSON.stringify([source, table, index ?? "", key]);
    const entry = usage.get(id) ?? { source, table, index, key, read: 0, write: 0, requests: 0 };
    entry.read += units.read ?? 0;
    entry.write += units.write ?? 0;
    entry.requests++;
    usage.set(id, entry);
  };

  /** Reads items back (not recorded): their sizes and index keys after a write. */
  const readBack = async (
    table: string,
    keys: Item[],
    headers: IncomingMessage["headers"],
  ): Promise<Array<Item | undefined>> => {
    const found: Array<Item | undefined> = [];
    for (const key of keys) {
      const answer = await direct(
        "GetItem",
        { TableName: table, Key: key, ConsistentRead: true },
        headers,
      ).catch((): Record<string, unknown> => ({}));
      found.push(answer.Item as Item | undefined);
    }
    return found;
  };

  /** Write units of `item` on the table's partition and on each index it is in. */
  const writeItem = (
    source: string,
    table: string,
    shape: TableShape,
    item: Item,
    factor: number,
  ) => {
    const key = text(item[shape.partitionKey]) ?? "?";
    const units = writeUnits(itemSize(item)) * factor;
    add(source, table, undefined, key, { write: units });
    for (const [index, attribute] of Object.entries(shape.indexes)) {
      const indexKey = text(item[attribute]);
      if (indexKey !== undefined) add(source, table, index, indexKey, { write: units });
    }
  };

  /** Attributes a request's consumed capacity to partition keys. */
  const attribute = async (
    source: string,
    operation: string,
    request: Record<string, unknown>,
    answer: Record<string, unknown>,
    headers: IncomingMessage["headers"],
  ) => {
    const consumed = answer.ConsumedCapacity as ConsumedCapacity | undefined;
    if (operation === "GetItem" || WRITES.has(operation) || operation === "Query") {
      const table = String(request.TableName);
      const shape = await shapeOf(table, headers);
      const tableUnits = consumed?.Table?.CapacityUnits ?? consumed?.CapacityUnits ?? 0;
      const kind = operation === "GetItem" || operation === "Query" ? "read" : "write";
      if (operation === "Query") {
        const index = request.IndexName as string | undefined;
        const attributeName = index ? shape.indexes[index] : shape.partitionKey;
        const key =
          queriedPartition(
            String(request.KeyConditionExpression ?? ""),
            request.ExpressionAttributeNames as Record<string, string> | undefined,
            request.ExpressionAttributeValues as Item | undefined,
            attributeName ?? "",
          ) ?? "?";
        const units = index
          ? (consumed?.GlobalSecondaryIndexes?.[index]?.CapacityUnits ?? tableUnits)
          : tableUnits;
        add(source, table, index, key, { read: units });
        return;
      }
      const item = (request.Key ?? request.Item) as Item;
      add(source, table, undefined, text(item[shape.partitionKey]) ?? "?", { [kind]: tableUnits });
      const indexUnits = Object.entries(consumed?.GlobalSecondaryIndexes ?? {});
      if (indexUnits.length === 0) return;
      // The index keys: the new item's (a Put names them; an Update's are read back).
      const after =
        operation === "PutItem"
          ? item
          : operation === "UpdateItem"
            ? (await readBack(table, [item], headers))[0]
            : undefined;
      for (const [index, units] of indexUnits) {
        const indexKey = after ? text(after[shape.indexes[index] ?? ""]) : undefined;
        add(source, table, index, indexKey ?? "?", { write: units.CapacityUnits ?? 0 });
      }
      return;
    }
    if (operation === "Scan") {
      const table = String(request.TableName);
      add(source, table, request.IndexName as string | undefined, "<scan>", {
        read: consumed?.CapacityUnits ?? 0,
      });
      return;
    }
    if (operation === "BatchGetItem") {
      const responses = (answer.Responses ?? {}) as Record<string, Item[]>;
      const requested = (request.RequestItems ?? {}) as Record<
        string,
        { ConsistentRead?: boolean }
      >;
      for (const [table, items] of Object.entries(responses)) {
        const shape = await shapeOf(table, headers);
        const consistent = requested[table]?.ConsistentRead === true;
        for (const item of items) {
          add(source, table, undefined, text(item[shape.partitionKey]) ?? "?", {
            read: readUnits(itemSize(item), consistent),
          });
        }
      }
      return;
    }
    if (operation === "TransactGetItems") {
      const gets = (request.TransactItems ?? []) as Array<{
        Get: { TableName: string; Key: Item };
      }>;
      const responses = (answer.Responses ?? []) as Array<{ Item?: Item }>;
      for (const [i, { Get }] of gets.entries()) {
        const shape = await shapeOf(Get.TableName, headers);
        const item = responses[i]?.Item;
        add(source, Get.TableName, undefined, text(Get.Key[shape.partitionKey]) ?? "?", {
          read: 2 * readUnits(item ? itemSize(item) : 0, true),
        });
      }
      return;
    }
    if (operation === "BatchWriteItem") {
      const requested = (request.RequestItems ?? {}) as Record<
        string,
        Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>
      >;
      const unprocessed = JSON.stringify(answer.UnprocessedItems ?? {});
      for (const [table, writes] of Object.entries(requested)) {
        const shape = await shapeOf(table, headers);
        for (const write of writes) {
          if (unprocessed.includes(JSON.stringify(write))) continue;
          if (write.PutRequest) writeItem(source, table, shape, write.PutRequest.Item, 1);
          else if (write.DeleteRequest) {
            // A deleted item's size is gone with it: one unit, its lower bound.
            add(
              source,
              table,
              undefined,
              text(write.DeleteRequest.Key[shape.partitionKey]) ?? "?",
              {
                write: 1,
              },
            );
          }
        }
      }
      return;
    }
    if (operation === "TransactWriteItems") {
      const items = (request.TransactItems ?? []) as Array<
        Record<string, { TableName: string; Item?: Item; Key?: Item }>
      >;
      for (const entry of items) {
        const [kind, part] = Object.entries(entry)[0] ?? [];
        if (!kind || !part) continue;
        const shape = await shapeOf(part.TableName, headers);
        if (kind === "Put" && part.Item) {
          writeItem(source, part.TableName, shape, part.Item, 2);
          continue;
        }
        const key = part.Key ?? {};
        const pk = text(key[shape.partitionKey]) ?? "?";
        const [after] = await readBack(part.TableName, [key], headers);
        if (kind === "ConditionCheck") {
          add(source, part.TableName, undefined, pk, {
            read: 2 * readUnits(after ? itemSize(after) : 0, true),
          });
        } else if (kind === "Update" && after) {
          writeItem(source, part.TableName, shape, after, 2);
        } else {
          add(source, part.TableName, undefined, pk, { write: 2 });
        }
      }
    }
  };

  /** The items a write touches (table, pk, sk), to see transactions overlap. */
  const touched = async (
    operation: string,
    request: Record<string, unknown>,
    headers: IncomingMessage["headers"],
  ): Promise<Array<{ table: string; pk: string; sk: string }>> => {
    const parts =
      operation === "TransactWriteItems"
        ? (
            (request.TransactItems ?? []) as Array<
              Record<string, { TableName: string; Item?: Item; Key?: Item }>
            >
          ).flatMap((entry) => Object.values(entry))
        : WRITES.has(operation)
          ? [request as { TableName: string; Item?: Item; Key?: Item }]
          : [];
    const items: Array<{ table: string; pk: string; sk: string }> = [];
    for (const part of parts) {
      const shape = await shapeOf(part.TableName, headers);
      const key = part.Key ?? part.Item ?? {};
      items.push({
        table: part.TableName,
        pk: text(key[shape.partitionKey]) ?? "?",
        sk: shape.sortKey ? (text(key[shape.sortKey]) ?? "") : "",
      });
    }
    return items;
  };

  const handler =
    (source: string) => async (req: IncomingMessage, res: import("node:http").ServerResponse) => {
      inFlight++;
      lastRequestAt = Date.now();
      const body = await readBody(req);
      const [service, operation = ""] = String(req.headers["x-amz-target"] ?? "").split(".");
      const measured = service === "DynamoDB_20120810" && MEASURED.has(operation);
      let request: Record<string, unknown> = {};
      let sent = body;
      if (measured) {
        try {
          request = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
          sent = Buffer.from(JSON.stringify({ ...request, ReturnConsumedCapacity: "INDEXES" }));
        } catch {
          request = {};
        }
      }
      const asked = request.ReturnConsumedCapacity as string | undefined;
      const items = measured ? await touched(operation, request, req.headers).catch(() => []) : [];
      const transaction = operation === "TransactWriteItems";
      for (const item of items) {
        const id = JSON.stringify([item.table, item.pk, item.sk]);
        const now = writing.get(id) ?? { transactions: 0, single: 0 };
        if (now.transactions > 0 || (transaction && now.single > 0)) {
          const overlapId = JSON.stringify([source, id]);
          const entry = overlaps.get(overlapId) ?? { source, ...item, transactions: 0 };
          entry.transactions++;
          overlaps.set(overlapId, entry);
        }
        if (transaction) now.transactions++;
        else now.single++;
        writing.set(id, now);
      }
      const done = () => {
        for (const item of items) {
          const id = JSON.stringify([item.table, item.pk, item.sk]);
          const now = writing.get(id);
          if (!now) continue;
          if (transaction) now.transactions--;
          else now.single--;
          if (now.transactions <= 0 && now.single <= 0) writing.delete(id);
        }
        inFlight--;
      };
      const headers = { ...req.headers, host: to.host, "content-length": String(sent.length) };
      delete headers["accept-encoding"];
      delete headers["transfer-encoding"];
      const upstream = forward(
        { agent, host: to.hostname, port: to.port, method: req.method, path: req.url, headers },
        (answer) => {
          void readBody(answer).then(async (raw) => {
            let out = raw;
            if (measured && answer.statusCode === 200) {
              try {
                const parsed = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
                await attribute(source, operation, request, parsed, req.headers);
                if (asked === undefined || asked === "NONE") delete parsed.ConsumedCapacity;
                else if (asked === "TOTAL")
                  parsed.ConsumedCapacity = totalOnly(parsed.ConsumedCapacity);
                out = Buffer.from(JSON.stringify(parsed));
              } catch {
                out = raw;
              }
            }
            const outHeaders: Record<string, string | string[] | undefined> = {
              ...answer.headers,
              "content-length": String(out.length),
            };
            // The answer goes out whole, with its length: not in chunks.
            delete outHeaders["transfer-encoding"];
            if (outHeaders["x-amz-crc32"] !== undefined)
              outHeaders["x-amz-crc32"] = String(crc32(out));
            done();
            res.writeHead(answer.statusCode ?? 500, outHeaders);
            res.end(out);
          });
        },
      );
      upstream.on("error", () => {
        done();
        res.destroy();
      });
      upstream.end(sent);
    };

  const listen = async (source: string) => {
    const server = createServer((req, res) => void handler(source)(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
    servers.push(server);
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    return `${to.protocol}//127.0.0.1:${port}`;
  };

  const url = await listen("");
  return {
    url,
    door: listen,
    usage: () => [...usage.values()].map((u) => ({ ...u })),
    overlaps: () => [...overlaps.values()].map((o) => ({ ...o })),
    get inFlight() {
      return inFlight;
    },
    get lastRequestAt() {
      return lastRequestAt;
    },
    reset() {
      usage.clear();
      overlaps.clear();
    },
    close: async () => {
      agent.destroy();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
