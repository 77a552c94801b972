// When a dependency does not answer in time (core/src/context/deadlines.ts), a page gets the 503
// page (entry.server.tsx), but a form must not lose what the visitor typed: an action wrapped in
// keepsInput answers 503 with Retry-After and the message as data instead of throwing, so the
// page stays as it is (no error boundary; Remix does not reload its data after a 5xx action) and
// the form shows the message (useActionAnswer in ./unavailable.ts). Nothing was stored: every
// write the action makes is one transaction or one conditional write, and a write whose answer
// never came is found by its own retry (docs/decisions/010-bounded-under-faults.md).
import { data } from "@remix-run/server-runtime";
import {
  type DependencyUnavailable,
  isBusy,
  isDependencyUnavailable,
  unavailableMessage,
} from "@shop/core/common";
import { RETRY_AFTER_SECONDS } from "@shop/core/server/context";
import { unavailableResponse } from "../../server/unavailable-page";
import { NO_STORE } from "./http";
import { SHOP_NAME } from "./shop";
import type { UnavailableAnswer } from "./unavailable";

/** The answer of an action whose dependency did not answer. */
function unavailableAnswer(message: string) {
  return data<UnavailableAnswer>(
    { unavailable: message },
    {
      status: 503,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": NO_STORE },
    },
  );
}

/** Runs `handler`; a DependencyUnavailable it throws is answered with `answer` instead. */
function whenUnavailable<Args, Result, Answer>(
  handler: (args: Args) => Promise<Result>,
  answer: (error: DependencyUnavailable, args: Args) => Answer,
) {
  return async (args: Args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!isDependencyUnavailable(error)) throw error;
      return answer(error, args);
    }
  };
}

/**
 * Wraps a route's action: a DependencyUnavailable becomes a 503 answer its form shows, with
 * `message` (core's unavailableMessage unless the route has words of its own).
 */
export function keepsInput<Args, Result>(
  handler: (args: Args) => Promise<Result>,
  message: (error: DependencyUnavailable) => string = unavailableMessage,
) {
  return whenUnavailable(handler, (error) => unavailableAnswer(message(error)));
}

/**
 * Wraps a resource route's loader (a file, JSON for the browser's own fetch): a DependencyUnavailable
 * is the 503 page with Retry-After, as a page gets, instead of Remix's bare 500.
 */
export function servesUnavailablePage<Args extends { request: Request }, Result>(
  loader: (args: Args) => Promise<Result>,
) {
  return whenUnavailable(loader, (error, { request }) => {
    const url = new URL(request.url);
    return unavailableResponse(SHOP_NAME, url.pathname + url.search, isBusy(error));
  });
}
