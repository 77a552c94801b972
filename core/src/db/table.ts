// The one DynamoDB table: its key schema, indexes, stream and TTL. This is the single source of
// truth: the local cloud creates the table from it, and stacks/ deploys it from it.
// The access patterns (who reads which key or index) are written down in ./README.md.
import type { CreateTableCommandInput } from "@aws-sdk/client-dynamodb";

export const TABLE = {
  partitionKey: "pk",
  sortKey: "sk",
  indexes: {
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk" },
  },
  /** Epoch seconds; DynamoDB deletes expired sessions, reset tokens, events and counters. */
  ttlAttribute: "expiresAt",
  /** Domain events are delivered from the stream (see core/src/events). */
  streamViewType: "NEW_IMAGE",
} as const;

export type IndexName = keyof typeof TABLE.indexes;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const keys = [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...Object.values(TABLE.indexes).flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: keys.map((AttributeName) => ({ AttributeName, AttributeType: "S" })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: "HASH" },
      { AttributeName: TABLE.sortKey, KeyType: "RANGE" },
    ],
    GlobalSecondaryIndexes: Object.entries(TABLE.indexes).map(([IndexName, i]) => ({
      IndexName,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: "HASH" },
        { AttributeName: i.sortKey, KeyType: "RANGE" },
      ],
      Projection: { ProjectionType: "ALL" },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.streamViewType },
  };
}
