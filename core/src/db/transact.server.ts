// TransactWriteItems with the cancellation reasons kept, so callers can tell which condition
// failed (e.g. "the e-mail is taken") and answer precisely. Nothing is written when it throws.
import { TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { CONDITION_FAILED } from "./conditional.server.ts";

export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

export class TransactionCancelled extends Error {
  constructor(
    /** One code per item, in order: "None", CONDITION_FAILED, "TransactionConflict"… */
    readonly reasons: string[],
  ) {
    super(`Transaction cancelled: ${reasons.join(", ")}`);
    this.name = "TransactionCancelled";
  }
  /** Did the condition of item `index` fail? */
  failedAt(index: number): boolean {
    return this.reasons[index] === CONDITION_FAILED;
  }
}

export async function transact(ctx: Pick<Context, "db">, items: TransactItem[]): Promise<void> {
  try {
    await ctx.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw new TransactionCancelled(
        (error.CancellationReasons ?? []).map((r) => r.Code ?? "None"),
      );
    }
    throw error;
  }
}
