// Accounts made before the admin's customers list lack its index key (gsi1 CUSTOMERS, written at
// sign-up since): each gets it, under a condition (core/src/customers/backfill.server.ts). It was
// `npm run customers:backfill`, run by hand after upgrading.
import { backfillCustomerIndexPage } from "../customers/backfill.server.ts";
import { defineMigration } from "./runner.server.ts";

export default defineMigration({
  description: "accounts from before the customers list get its key",
  async page(ctx, cursor) {
    const { updated, next } = await backfillCustomerIndexPage(ctx, cursor);
    return { touched: updated, ...(next ? { cursor: next } : {}) };
  },
});
