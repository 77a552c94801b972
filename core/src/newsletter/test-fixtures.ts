// What the newsletter's integration tests share: many subscribers at once, for the tests of the
// fan-out (not of subscribing).
import type { Context } from "../context/index.server.ts";
import { putItems, recordWrites } from "../db/test-fixtures.ts";
import { setSubscription } from "./subscriptions.server.ts";

/**
 * Subscribes `emails`: the items setSubscription writes (recordWrites), 25 to a BatchWriteItem.
 * The subscriber count (the admin's figure) is not kept: the fan-out pages the index.
 */
export async function writeSubscribers(ctx: Context, emails: string[]): Promise<void> {
  const { puts } = await recordWrites(ctx, (recording) =>
    Promise.all(emails.map((email) => setSubscription(recording, email, true))),
  );
  await putItems(ctx, puts);
}
