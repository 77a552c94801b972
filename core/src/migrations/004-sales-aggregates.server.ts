// The admin's sales figures are aggregates kept from the order events
// (docs/decisions/017-aggregates-from-the-stream.md); orders from before them are counted by a
// rebuild from the orders (core/src/insights/rebuild.server.ts), once. It was
// `npm run aggregates:rebuild`, run by hand after upgrading (which stays, as a repair). A later
// change to what the aggregates hold adds a migration of its own that rebuilds them again.
//
// One page: the rebuild reads every order (100 at a time) and holds only the totals per day and
// product, then replaces the aggregates. It is not resumable within itself, only restartable: it
// always converges on what the orders say, so a run cut short is simply run again whole.
import { rebuildAggregates } from "../insights/rebuild.server.ts";
import { defineMigration } from "./runner.server.ts";

export default defineMigration({
  description: "the sales aggregates rebuilt from the orders",
  async page(ctx) {
    const summary = await rebuildAggregates(ctx);
    return { touched: summary.orders };
  },
});
