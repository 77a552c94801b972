// Every admin screen and action, found from the route files themselves (so a new admin route
// cannot be forgotten here), refuses a signed-out visitor and a customer at the HTTP level:
// documents, single-fetch data requests and form posts (urlencoded and multipart) are sent to
// the sign-in screen, or have no action at all (405). The sections' own specs check that nothing
// changed in the table after such requests.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { REPO_ROOT } from "@shop/local-cloud";
import { expect, test } from "../support/fixtures";

/** A dynamic segment's value: an id that exists nowhere (the guard must answer before any read). */
const PARAM = "00000000-0000-4000-8000-000000000000";

/** URL paths of Remix flat-route files under admin (e.g. admin.orders.$id.tsx → /admin/orders/…). */
export function adminPaths(files: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const file of files) {
    const name = file.replace(/\.(tsx|ts)$/, "");
    const segments = name.split(".");
    if (segments[0]?.replace(/_$/, "") !== "admin") continue;
    const parts = segments
      .filter((s) => s !== "_index" && !s.startsWith("_"))
      .map((s) => s.replace(/_$/, ""))
      .map((s) => (s.startsWith("$") ? PARAM : s));
    paths.add(`/${parts.join("/")}`);
  }
  return [...paths].sort();
}

const ROUTE_FILES = readdirSync(join(REPO_ROOT, "web", "app", "routes"));
const PATHS = adminPaths(ROUTE_FILES);

test("the route list is read from the files", () => {
  expect(PATHS).toContain("/admin");
  expect(PATHS).toContain("/admin/list-products");
  expect(adminPaths(["admin.orders.$id.tsx", "admin._index.tsx", "product.$slug.tsx"])).toEqual([
    "/admin",
    `/admin/orders/${PARAM}`,
  ]);
});

/** Refused: sent to the sign-in screen (document: 3xx; single fetch: 202 with a Location), or no action. */
function expectRefused(res: APIResponse, what: string) {
  const status = res.status();
  const location = res.headers().location ?? "";
  if (status === 405) return;
  expect([302, 303, 202], `${what}: status ${status}`).toContain(status);
  expect(location, what).toMatch(/^\/auth\/sign-in\?/);
}

async function sweep(request: APIRequestContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  for (const path of PATHS) {
    expectRefused(await request.get(path, { maxRedirects: 0 }), `GET ${path}`);
    expectRefused(await request.get(`${path}.data`, { maxRedirects: 0 }), `GET ${path}.data`);
    for (const intent of ["create", "update", "delete", "send", "change-state", "upload"]) {
      const form = { intent, id: PARAM, code: "GUARD", state: "CANCELED", subject: "x", body: "x" };
      const headers = { Origin: origin };
      expectRefused(
        await request.post(path, { form, headers, maxRedirects: 0 }),
        `POST ${path} ${intent}`,
      );
      expectRefused(
        await request.post(`${path}.data`, { form, headers, maxRedirects: 0 }),
        `POST ${path}.data ${intent}`,
      );
    }
    const multipart = {
      intent: "create",
      name: "Guard",
      images: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("not really") },
    };
    expectRefused(
      await request.post(path, { multipart, headers: { Origin: origin }, maxRedirects: 0 }),
      `POST ${path} multipart`,
    );
  }
}

test("a signed-out visitor is refused by every admin route", async ({ request, baseURL }) => {
  await sweep(request, baseURL ?? "");
});

test("a customer is refused by every admin route", async ({
  customerRequest: request,
  baseURL,
}) => {
  await sweep(request, baseURL ?? "");
});
