// One way to write conditionally: a conditional update, put or delete that answers whether its
// condition held instead of throwing, and one way to recognise a failed condition (a single
// write's ConditionalCheckFailedException, or a transaction cancelled by a failed condition).
// Errors are recognised by name, not instanceof: a second copy of the AWS SDK (a bundled
// function, a test's client) makes classes that instanceof does not know.
import {
  DeleteCommand,
  type DeleteCommandInput,
  PutCommand,
  type PutCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { Context } from "../context/index.server.ts";

/** A transaction item's cancellation reason when its condition failed. */
export const CONDITION_FAILED = "ConditionalCheckFailed";

/**
 * What a conditional write answers: written (with the item's attributes when ReturnValues asks
 * for them), or not, its condition failing (with the item as it was when the write asks for it
 * with ReturnValuesOnConditionCheckFailure: "ALL_OLD").
 */
export type ConditionalWrite =
  | { ok: true; item?: Record<string, unknown> }
  | { ok: false; old?: Record<string, unknown> };

/**
 * Did this error come from a failed condition? A single write's
 * ConditionalCheckFailedException, the SDK's TransactionCanceledException or ./transact.server.ts's
 * TransactionCancelled with a failed condition among its reasons.
 */
export function isConditionFailed(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name } = error as { name?: unknown };
  if (name === "ConditionalCheckFailedException") return true;
  if (name === "TransactionCancelled") {
    const { reasons } = error as { reasons?: unknown };
    return Array.isArray(reasons) && reasons.includes(CONDITION_FAILED);
  }
  if (name === "TransactionCanceledException") {
    const { CancellationReasons } = error as { CancellationReasons?: Array<{ Code?: string }> };
    return (CancellationReasons ?? []).some((r) => r.Code === CONDITION_FAILED);
  }
  return false;
}

async function conditional(
  write: () => Promise<{ Attributes?: Record<string, unknown> }>,
): Promise<ConditionalWrite> {
  try {
    const { Attributes } = await write();
    return Attributes ? { ok: true, item: Attributes } : { ok: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // The item as it was, in DynamoDB's JSON (the document client does not convert it).
    const old = (error as { Item?: Parameters<typeof unmarshall>[0] }).Item;
    return old ? { ok: false, old: unmarshall(old) } : { ok: false };
  }
}

/** An UpdateCommand with its ConditionExpression: written, or its condition failed. */
export function conditionalUpdate(
  ctx: Pick<Context, "db">,
  input: UpdateCommandInput,
): Promise<ConditionalWrite> {
  return conditional(() => ctx.db.send(new UpdateCommand(input)));
}

/** A PutCommand with its ConditionExpression: written, or its condition failed. */
export function conditionalPut(
  ctx: Pick<Context, "db">,
  input: PutCommandInput,
): Promise<ConditionalWrite> {
  return conditional(() => ctx.db.send(new PutCommand(input)));
}

/** A DeleteCommand with its ConditionExpression: deleted, or its condition failed. */
export function conditionalDelete(
  ctx: Pick<Context, "db">,
  input: DeleteCommandInput,
): Promise<ConditionalWrite> {
  return conditional(() => ctx.db.send(new DeleteCommand(input)));
}
