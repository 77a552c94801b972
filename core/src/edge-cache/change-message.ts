// A catalogue change as the dispatcher forwards it to the edge purge's queue
// (docs/decisions/042-two-stream-readers.md): the stream record cut down to what the purge rule
// (./purge.ts) and the search index's `changesSearch` read: the event's name, the item's keys,
// the sequence number (the invalidation's caller reference) and, of each image, only
// PURGE_FIELDS. So a message stays small whatever else a product item holds (its description,
// photos, colourways): a few KB at most, far under SQS's message size.
import * as v from "valibot";
import type { ChangeRecord } from "./purge.ts";

/** The image fields the purge and the search index's change test read (./purge.ts's header). */
export const PURGE_FIELDS = [
  "pk",
  "sk",
  "entity",
  "slug",
  "counts",
  "previousCounts",
  // A spread stock's shard 0 says how many shards the page sums (docs/decisions/043-stock-shards.md).
  "shards",
] as const;

/** A change record as the purge receives it, with its stream sequence number when it had one. */
export interface ForwardedChange extends ChangeRecord {
  dynamodb?: ChangeRecord["dynamodb"] & { SequenceNumber?: string };
}

type Image = NonNullable<NonNullable<ChangeRecord["dynamodb"]>["NewImage"]>;

const project = (image: Image | undefined): Image | undefined => {
  if (!image) return undefined;
  const kept: Image = {};
  for (const field of PURGE_FIELDS) {
    const value = image[field];
    if (value !== undefined) kept[field] = value;
  }
  return kept;
};

/** The queue message's body of a catalogue change: the record, cut down (see the header). */
export function encodeChangeMessage(record: ForwardedChange): string {
  const d = record.dynamodb ?? {};
  const newImage = project(d.NewImage);
  const oldImage = project(d.OldImage);
  return JSON.stringify({
    eventName: record.eventName,
    dynamodb: {
      ...(d.SequenceNumber ? { SequenceNumber: d.SequenceNumber } : {}),
      Keys: d.Keys ?? {},
      ...(newImage ? { NewImage: newImage } : {}),
      ...(oldImage ? { OldImage: oldImage } : {}),
    },
  });
}

// An attribute value: DynamoDB's JSON of one type ({"S": ...}, {"N": ...}, {"M": {...}}, ...).
const attributes = v.record(
  v.string(),
  v.pipe(
    v.record(v.string(), v.unknown()),
    v.check((value) => Object.keys(value).length === 1, "one type per attribute"),
  ),
);
const ChangeMessage = v.object({
  eventName: v.optional(v.picklist(["INSERT", "MODIFY", "REMOVE"])),
  dynamodb: v.object({
    SequenceNumber: v.optional(v.string()),
    Keys: attributes,
    NewImage: v.optional(attributes),
    OldImage: v.optional(attributes),
  }),
});

/** The change in a queue message's body, or null when the body is not one. */
export function decodeChangeMessage(body: string): ForwardedChange | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = v.safeParse(ChangeMessage, value);
  return parsed.success ? (parsed.output as unknown as ForwardedChange) : null;
}
