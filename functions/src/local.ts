// Local stand-in for the event source mappings of stacks/Events.ts: each batch of the table's
// stream goes to every stream function's own handler, which keeps the event types it is
// subscribed to — the same files Lambda runs, with the same routing.
import type { StreamRecord } from "@shop/core/server/events";
import { STREAM_CONSUMERS } from "./subscriptions.ts";

type StreamHandler = (event: { Records: StreamRecord[] }) => Promise<void>;

export async function localStreamHandlers(): Promise<StreamHandler> {
  const handlers = await Promise.all(
    Object.values(STREAM_CONSUMERS).map(async (consumer) => {
      const file = consumer.handler.replace(/^functions\/src\//, "").replace(/\.handler$/, "");
      const module = (await import(`./${file}.ts`)) as { handler: StreamHandler };
      return module.handler;
    }),
  );
  return async (event) => {
    for (const handler of handlers) await handler(event);
  };
}
