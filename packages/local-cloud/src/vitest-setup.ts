// Run before each integration test file (vitest.config.ts, both integration projects): the
// accounts these tests create are hashed at a lower cost than the shop's (hashing at
// SCRYPT_PARAMS was about a minute of `npm test`'s processor time on two cores). What a cost is
// and that the shop's hashes use SCRYPT_PARAMS are core/src/accounts/passwords.test.ts's to check,
// and the rehash at sign-in is checked at that cost (core/src/accounts/accounts.int.test.ts).
import { setPasswordCostForTests, TEST_PASSWORD_COST } from "@shop/core/testing/accounts";

setPasswordCostForTests(TEST_PASSWORD_COST);
