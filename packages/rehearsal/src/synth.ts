// The stage the rehearsal runs: the stacks synthesized once with production settings (a
// "production" stage, Stripe payments, a public APP_URL), exactly as `sst deploy` would build
// them: templates and the bundled code of every function, read back from the cloud assembly.
import { readAssembly, type SynthesizedStack } from "./deploy.ts";

export const REHEARSAL_STAGE = "production";

/** The settings an operator would deploy the stage with (README "Deploy to AWS"). */
export const DEPLOY_SETTINGS = {
  APP_URL: "https://shop.rehearsal.example",
  MAIL_FROM: "shop@rehearsal.example",
  SUPPORT_EMAIL: "help@rehearsal.example",
  SHOP_TIME_ZONE: "UTC",
  ALERT_EMAIL: "ops@rehearsal.example",
};

export async function synthesizeStage(): Promise<SynthesizedStack[]> {
  for (const name of ["DOMAIN", "PAYMENTS"]) delete process.env[name];
  Object.assign(process.env, DEPLOY_SETTINGS);
  const { synthesize } = await import("../../../stacks/synth.ts");
  const { app } = await synthesize(REHEARSAL_STAGE);
  const assembly = app.synth();
  return readAssembly(
    assembly.directory,
    assembly.stacks.map((s) => s.stackName),
  );
}
