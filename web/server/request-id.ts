// Each request the site answers has an id on every log line written while it is answered
// (web/app/lib/observability.server.ts `inRequest`): on Lambda, the invocation's request id (the
// one Lambda's own START, END and REPORT lines name), else the function URL's requestContext
// requestId; locally (web/server.ts) a generated one. The scope is the build's, reached through
// its entry's export as the server time is (./server-time.ts): the server and the build each
// bundle their own copy of core, and only the build's has the site's telemetry installed.
import type { ServerBuild } from "@remix-run/server-runtime";

/** What the build's entry exports for it (entry.server.tsx). */
interface RequestScopedEntry {
  inRequest?<T>(requestId: string | undefined, work: () => T): T;
}

/** Runs `work` as the request `requestId` (generated when undefined) of the build's telemetry. */
export function inRequest<T>(
  build: Pick<ServerBuild, "entry">,
  requestId: string | undefined,
  work: () => T,
): T {
  const entry = build.entry.module as RequestScopedEntry;
  return entry.inRequest ? entry.inRequest(requestId, work) : work();
}

/** The id of a function URL's invocation: Lambda's request id, else the URL's own. */
export function lambdaRequestId(
  event: { requestContext?: { requestId?: string } },
  context?: { awsRequestId?: string },
): string | undefined {
  return context?.awsRequestId || event.requestContext?.requestId || undefined;
}
