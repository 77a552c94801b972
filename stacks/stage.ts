// Stage rules shared by the stacks.
import type { App } from "sst/constructs";

/** Stages that hold real customers' data: retained on removal, protected from deletion. */
export const isProduction = (app: App) => ["prod", "production"].includes(app.stage);
