import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { loadBoundSecrets } from "@shop/core/server/context";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

// On AWS the secrets come from SST Config (SSM); the server build finishes loading, and so takes
// requests, only once they are in the environment. Locally this returns at once.
await loadBoundSecrets();

/** How long pending promises (deferred data) may stream before the render is cut off. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Bots and SPA mode get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} />,
      {
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the initial shell reject and are logged by Remix; log only later ones.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );

    // Abort a little after streamTimeout so pending promises reject and their boundaries render.
    setTimeout(abort, streamTimeout + 1000);
  });
}
