import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { DomainError } from "../common/errors.ts";
import {
  BAD_CREDENTIALS,
  createUser,
  EMAIL_TAKEN,
  findUserByEmail,
  verifyCredentials,
} from "./users.server.ts";

const ana = { firstName: "Ana", lastName: "García", email: "ana@example.com", password: "secret1" };

describe("accounts on DynamoDB Local", () => {
  it("creates a customer, never an admin, and finds them by e-mail in any case", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, { ...ana, isAdmin: true } as typeof ana);
    expect(user.isAdmin).toBe(false);
    expect(await findUserByEmail(ctx, "ANA@Example.com")).toEqual(user);
  });

  it("refuses a second account for the same e-mail by a condition, on the e-mail field", async () => {
    const { ctx } = await createTestContext();
    const first = await createUser(ctx, ana);
    const error = await createUser(ctx, {
      ...ana,
      email: " Ana@EXAMPLE.com ",
      firstName: "Other",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ message: EMAIL_TAKEN, field: "email", status: 409 });
    // The first account is untouched and no second user item exists.
    expect(await findUserByEmail(ctx, ana.email)).toEqual(first);
    const users = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": `USER#${first.id}` },
      }),
    );
    expect(users.Count).toBe(1);
  });

  it("five concurrent sign-ups with one e-mail: exactly one wins", async () => {
    const { ctx } = await createTestContext();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => createUser(ctx, { ...ana, firstName: `Ana${i}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("verifies credentials, answering wrong ones on the e-mail field", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, ana);
    expect(await verifyCredentials(ctx, "ana@example.com", "secret1")).toEqual(user);
    for (const [email, password] of [
      ["ana@example.com", "wrong-password"],
      ["nobody@example.com", "secret1"],
    ] as const) {
      await expect(verifyCredentials(ctx, email, password)).rejects.toMatchObject({
        message: BAD_CREDENTIALS,
        field: "email",
      });
    }
  });
});
