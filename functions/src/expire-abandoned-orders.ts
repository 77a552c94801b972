// Lambda, on a schedule (every 5 minutes on AWS; every minute locally, scripts/dev.ts): orders
// whose payment is still awaited 30 minutes after they were placed are given up — the payment
// cancelled at Stripe, the order marked "payment failed", its promotion given back.

import { expireAbandonedOrders } from "@shop/core/server/checkout";
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import { instrumented, logLine } from "./lambda/observability.ts";

export const handler = instrumented("expireAbandonedOrders", async () => {
  await loadBoundSecrets();
  const result = await expireAbandonedOrders(getContext());
  if (result.expired.length > 0 || result.leftForWebhook.length > 0) {
    logLine("info", "abandoned orders expired", {
      expired: result.expired,
      leftForWebhook: result.leftForWebhook,
    });
  }
  return { due: result.due, expired: result.expired.length };
});
