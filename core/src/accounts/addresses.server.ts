// Saved addresses (docs/product.md §2 "Addresses"). Each lives in its owner's partition
// (USER#<userId> / ADDRESS#<id>), and every call takes the owner from the session: another
// user's address is simply not found, so it can be neither read, changed nor deleted.
import { randomBytes } from "node:crypto";
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { isConditionFailed } from "../db/conditional.server.ts";
import { addressKey } from "../db/keys.ts";
import type { Address } from "./schemas.ts";

export interface SavedAddress extends Address {
  id: string;
  user: string;
  createdAt: string;
}

/** Enough for anyone; it also keeps account deletion to one transaction. */
export const MAX_ADDRESSES = 20;
export const ADDRESS_NOT_FOUND = "Address not found";
export const TOO_MANY_ADDRESSES = `You can save up to ${MAX_ADDRESSES} addresses`;

const ID = /^[a-z0-9]{1,40}$/;

/** A new id that sorts by creation time, so the list keeps the order addresses were added. */
const newAddressId = (now: Date) =>
  now.getTime().toString(36).padStart(10, "0") + randomBytes(5).toString("hex");

const toAddress = (item: Record<string, unknown>): SavedAddress => ({
  id: String(item.id),
  user: String(item.userId),
  company: (item.company as string | undefined) ?? undefined,
  address: String(item.address),
  apartment: (item.apartment as string | undefined) ?? undefined,
  country: String(item.country),
  city: String(item.city),
  zipCode: String(item.zipCode),
  phone: String(item.phone),
  createdAt: String(item.createdAt),
});

/** The user's addresses, oldest first: one Query on their partition. */
export async function listAddresses(ctx: Context, userId: string): Promise<SavedAddress[]> {
  const { Items = [] } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":prefix": "ADDRESS#" },
      Limit: MAX_ADDRESSES + 5,
    }),
  );
  return Items.map(toAddress);
}

export async function createAddress(
  ctx: Context,
  userId: string,
  input: Address,
  now = new Date(),
): Promise<SavedAddress> {
  const { Count = 0 } = await ctx.db.send(
    new QueryCommand({
      TableName: ctx.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":prefix": "ADDRESS#" },
      Select: "COUNT",
    }),
  );
  if (Count >= MAX_ADDRESSES) throw new DomainError(TOO_MANY_ADDRESSES, "address", 409);
  const id = newAddressId(now);
  const item = {
    ...addressKey(userId, id),
    entity: "address",
    id,
    userId,
    ...fields(input),
    createdAt: now.toISOString(),
  };
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: item,
      ConditionExpression: "attribute_not_exists(pk)",
    }),
  );
  return toAddress(item);
}

export async function updateAddress(
  ctx: Context,
  userId: string,
  addressId: string,
  input: Address,
): Promise<SavedAddress> {
  if (!ID.test(addressId)) throw new DomainError(ADDRESS_NOT_FOUND, "address", 404);
  const values = fields(input);
  const names = Object.keys(values) as (keyof typeof values)[];
  const set = names.filter((name) => values[name] !== undefined);
  const remove = names.filter((name) => values[name] === undefined);
  try {
    const { Attributes } = await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: addressKey(userId, addressId),
        UpdateExpression:
          `SET ${set.map((n) => `#${n} = :${n}`).join(", ")}` +
          (remove.length ? ` REMOVE ${remove.map((n) => `#${n}`).join(", ")}` : ""),
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
        ExpressionAttributeValues: Object.fromEntries(set.map((n) => [`:${n}`, values[n]])),
        ReturnValues: "ALL_NEW",
      }),
    );
    return toAddress(Attributes ?? {});
  } catch (error) {
    if (isConditionFailed(error)) {
      throw new DomainError(ADDRESS_NOT_FOUND, "address", 404);
    }
    throw error;
  }
}

export async function deleteAddress(ctx: Context, userId: string, addressId: string) {
  if (!ID.test(addressId)) throw new DomainError(ADDRESS_NOT_FOUND, "address", 404);
  try {
    await ctx.db.send(
      new DeleteCommand({
        TableName: ctx.tableName,
        Key: addressKey(userId, addressId),
        ConditionExpression: "attribute_exists(pk)",
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) {
      throw new DomainError(ADDRESS_NOT_FOUND, "address", 404);
    }
    throw error;
  }
}

function fields(input: Address) {
  return {
    company: input.company,
    address: input.address,
    apartment: input.apartment,
    country: input.country,
    city: input.city,
    zipCode: input.zipCode,
    phone: input.phone,
  };
}
