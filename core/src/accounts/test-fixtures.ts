// What the accounts' tests share: a customer's address with every line filled in, the optional
// company and apartment included (what an anonymised order must drop or replace), and the lower
// password cost of the integration tests.
export { setPasswordCostForTests } from "./passwords.server.ts";

/**
 * The integration tests' password cost (packages/local-cloud/src/vitest-setup.ts): scrypt's
 * N=2^10, r=8, p=1, about 1/80 of SCRYPT_PARAMS's work.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

export const FULL_ADDRESS = {
  company: "García Textiles SL",
  address: "Calle Mayor 1",
  apartment: "3º B",
  country: "Spain",
  city: "Madrid",
  zipCode: "28013",
  phone: "+34 600 000 000",
};
