// Bundled in place of `@aws-sdk/credential-provider-node` in every Lambda bundle, the site's
// included (stacks/stage.ts, BUNDLE's alias; docs/decisions/022-lean-bundles.md). Lambda gives a
// function its role's credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// AWS_SESSION_TOKEN), the first link of the SDK's default chain; the other links (SSO and its
// OIDC client, ini files and STS, processes, web identity, container and instance metadata)
// never answer there, yet they put about 350 kB into every bundle. Nothing imports this module:
// locally (npm start, the tests) the code is not bundled and keeps the SDK's default chain.
import { fromEnv } from "@aws-sdk/credential-provider-env";

type FromEnvInit = Parameters<typeof fromEnv>[0];

/** The SDK's clients call this (their runtime config's credentialDefaultProvider). */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);

/** As the default chain's: credentials with an expiration are refreshed ahead of it. */
export const credentialsWillNeedRefresh = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
