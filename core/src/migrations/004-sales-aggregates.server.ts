// The admin's sales figures are aggregates kept from the order events
// (docs/decisions/017-aggregates-from-the-stream.md); orders from before them are counted by a
// rebuild from the orders (core/src/insights/rebuild.server.ts), once. It was
// `npm run aggregates:rebuild`, run by hand after upgrading (which stays, as a repair). A later
// change to what the aggregates hold adds a migration of its own that rebuilds them again.
//
// A page is a page of the rebuild: 100 orders (or refunded returns) tallied into a part of the
// run, and last the parts summed into the aggregates. The cursor is the rebuild's, so a deploy
// that stops at its deadline goes on from the next page.
import { rebuildAggregatesPage } from "../insights/rebuild.server.ts";
import { defineMigration } from "./runner.server.ts";

export default defineMigration({
  description: "the sales aggregates rebuilt from the orders",
  async page(ctx, cursor) {
    const { touched, cursor: next } = await rebuildAggregatesPage(ctx, cursor);
    return { touched, ...(next ? { cursor: next } : {}) };
  },
});
