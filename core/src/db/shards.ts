// Write sharding (docs/decisions/040-capacity-model.md): an access pattern that would put every
// order's item under one partition key (the payment deadlines, the orders index) spreads them
// over a fixed number of keys instead, chosen from the item's id, and its readers query each.
// On AWS one partition key takes about 1,000 write units/s; N shards take N times that.

/** Which of `count` shards an id belongs to: the same for the same id, even over ids (FNV-1a). */
export function shardOf(id: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % count;
}

/** Every shard number of `count` shards: 0 … count − 1. */
export const allShards = (count: number): number[] => Array.from({ length: count }, (_, i) => i);
