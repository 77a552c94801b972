// readForm: the one reader of every action's form (docs/architecture.md §5: bad input of any shape gets a
// 4xx, never a 500). Crafted requests: wrong types, JSON, broken bodies, oversized bodies with
// and without Content-Length, repeated fields.
import { REPEATED_FIELD } from "@shop/core/common";
import { describe, expect, it } from "vitest";
import {
  FORM_LIMIT_DEFAULTS,
  loadFormLimits,
  type ReadFormOptions,
  readForm,
  readFormOrRefusal,
} from "./form.server.ts";

const URL_ = "http://localhost:3000/newsletter";
const URLENCODED = "application/x-www-form-urlencoded";
const KiB = 1024;

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(URL_, { method: "POST", body, headers });
}

/** A body streamed in chunks without Content-Length (as "Transfer-Encoding: chunked" arrives). */
function streamed(chunk: Uint8Array, count: number, type = URLENCODED) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= count) return controller.close();
      pulled++;
      controller.enqueue(chunk);
    },
  });
  const request = new Request(URL_, {
    method: "POST",
    body,
    headers: { "Content-Type": type },
    duplex: "half",
  } as RequestInit);
  expect(request.headers.get("Content-Length")).toBeNull();
  return { request, pulled: () => pulled };
}

/** The Response readForm threw: its status, body and type. */
async function refusal(reading: Promise<unknown>) {
  try {
    await reading;
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return {
      status: error.status,
      type: error.headers.get("Content-Type") ?? "",
      body: await error.text(),
    };
  }
  throw new Error("the form was not refused");
}

const entries = (form: FormData) =>
  [...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : `file:${v.name}`]);

const MULTIPART_BOUNDARY = "----shopBoundary7MA4YWxk";
const multipartType = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
function multipart(
  parts: Array<{ name: string; value: string; filename?: string }>,
  boundary = MULTIPART_BOUNDARY,
) {
  let body = "";
  for (const part of parts) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) {
      body += `; filename="${part.filename}"\r\nContent-Type: image/png`;
    }
    body += `\r\n\r\n${part.value}\r\n`;
  }
  return `${body}--${boundary}--\r\n`;
}

const UPLOAD: ReadFormOptions = {
  upload: { maxFileBytes: 1000, fileTooLarge: "Each image must be at most 1 kB" },
  lists: ["sizes", "newImages"],
};

describe("readForm", () => {
  it("reads a URL-encoded form: + and percent-escapes, UTF-8, empty values", async () => {
    const form = await readForm(
      post("email=ann%40example.com&name=Ren%C3%A9e+O%27Hara&empty=&flag&intent=subscribe", {
        "Content-Type": `${URLENCODED};charset=UTF-8`,
      }),
    );
    expect(entries(form)).toEqual([
      ["email", "ann@example.com"],
      ["name", "Renée O'Hara"],
      ["empty", ""],
      ["flag", ""],
      ["intent", "subscribe"],
    ]);
    expect(entries(await readForm(post("", { "Content-Type": URLENCODED })))).toEqual([]);
  });

  it("answers 415 for JSON, text, a missing type, or multipart where the route takes no files", async () => {
    const cases: Array<[string | null, string]> = [
      ["application/json", '{"email":"ann@example.com","intent":"subscribe"}'],
      ["text/plain", "email=ann@example.com"],
      ["application/xml", "<email/>"],
      [null, "email=ann%40example.com"],
      [multipartType, multipart([{ name: "email", value: "ann@example.com" }])],
      ["application/x-www-form-urlencodedx", "email=x"],
    ];
    for (const [type, body] of cases) {
      const request = post(body, type ? { "Content-Type": type } : {});
      if (!type) request.headers.delete("Content-Type");
      const answer = await refusal(readForm(request));
      expect(answer, String(type)).toMatchObject({
        status: 415,
        body: "Send the form as application/x-www-form-urlencoded",
      });
      expect(request.bodyUsed, String(type)).toBe(false);
    }
    // The upload route names both.
    expect(
      await refusal(readForm(post("{}", { "Content-Type": "application/json" }), UPLOAD)),
    ).toMatchObject({
      status: 415,
      body: "Send the form as application/x-www-form-urlencoded or multipart/form-data",
    });
  });

  it("answers 400 for a URL-encoded body that is not UTF-8 or has broken escapes", async () => {
    for (const body of [
      "email=%zz",
      "email=%E0%A4%A",
      "email=%FF",
      "%=x",
      new Uint8Array([0x65, 0x3d, 0xff, 0xfe]),
    ]) {
      expect(
        await refusal(readForm(post(body, { "Content-Type": URLENCODED }))),
        String(body),
      ).toMatchObject({
        status: 400,
        body: "The form could not be read: a malformed URL-encoded body",
      });
    }
  });

  it("reads a multipart form with files where the route allows it", async () => {
    const form = await readForm(
      post(
        multipart([
          { name: "name", value: "Wool coat" },
          { name: "sizes", value: "S" },
          { name: "sizes", value: "M" },
          { name: "newImages", value: "PNGDATA", filename: "a.png" },
          { name: "newImages", value: "PNGDATA2", filename: "b.png" },
        ]),
        { "Content-Type": multipartType },
      ),
      UPLOAD,
    );
    expect(entries(form)).toEqual([
      ["name", "Wool coat"],
      ["sizes", "S"],
      ["sizes", "M"],
      ["newImages", "file:a.png"],
      ["newImages", "file:b.png"],
    ]);
    const file = form.get("newImages") as File;
    expect(await file.text()).toBe("PNGDATA");
    // A quoted boundary is the same boundary.
    const quoted = await readForm(
      post(multipart([{ name: "name", value: "Hat" }]), {
        "Content-Type": `multipart/form-data; boundary="${MULTIPART_BOUNDARY}"`,
      }),
      UPLOAD,
    );
    expect(entries(quoted)).toEqual([["name", "Hat"]]);
  });

  it("answers 400 for a broken multipart body", async () => {
    const good = multipart([{ name: "name", value: "Hat" }]);
    const cases: Array<[string, string, string]> = [
      ["no boundary parameter", "multipart/form-data", good],
      ["an empty boundary", "multipart/form-data; boundary=", good],
      ["another boundary", "multipart/form-data; boundary=somethingElse", good],
      ["no body", multipartType, ""],
      ["not multipart at all", multipartType, "name=Hat"],
      ["cut off", multipartType, good.slice(0, 60)],
      ["no closing delimiter", multipartType, good.replace(`--${MULTIPART_BOUNDARY}--\r\n`, "")],
      [
        "a part without Content-Disposition",
        multipartType,
        `--${MULTIPART_BOUNDARY}\r\nX-Nothing: 1\r\n\r\nHat\r\n--${MULTIPART_BOUNDARY}--\r\n`,
      ],
      [
        "a part without a name",
        multipartType,
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nHat\r\n--${MULTIPART_BOUNDARY}--\r\n`,
      ],
    ];
    for (const [what, type, body] of cases) {
      expect(
        await refusal(readForm(post(body, { "Content-Type": type }), UPLOAD)),
        what,
      ).toMatchObject({
        status: 400,
        body: "The form could not be read: a malformed multipart body",
      });
    }
  });

  it("answers 413 from Content-Length alone, reading nothing", async () => {
    const request = post("email=ann%40example.com", {
      "Content-Type": URLENCODED,
      "Content-Length": String(10 * 1024 * 1024),
    });
    expect(await refusal(readForm(request))).toMatchObject({
      status: 413,
      body: "The form is too large: at most 64 KiB",
    });
    expect(request.bodyUsed).toBe(false);
  });

  it("answers 413 for an oversized body, whatever its Content-Length says", async () => {
    const body = `email=ann%40example.com&message=${"x".repeat(FORM_LIMIT_DEFAULTS.form)}`;
    for (const length of [String(body.length), "20", "abc", null]) {
      const headers: Record<string, string> = { "Content-Type": URLENCODED };
      if (length !== null) headers["Content-Length"] = length;
      expect((await refusal(readForm(post(body, headers)))).status, String(length)).toBe(413);
    }
    // At the limit exactly: read.
    const exact = `m=${"x".repeat(FORM_LIMIT_DEFAULTS.form - 2)}`;
    expect(
      String((await readForm(post(exact, { "Content-Type": URLENCODED }))).get("m")),
    ).toHaveLength(FORM_LIMIT_DEFAULTS.form - 2);
  });

  it("counts the bytes of a chunked body without Content-Length and stops at the limit", async () => {
    const chunk = new TextEncoder().encode(`x=${"a".repeat(16 * KiB - 2)}`);
    // Endless: the reader must stop on its own, just past the limit.
    const endless = streamed(chunk, Number.POSITIVE_INFINITY);
    expect(await refusal(readForm(endless.request))).toMatchObject({
      status: 413,
      body: "The form is too large: at most 64 KiB",
    });
    expect(endless.pulled()).toBeLessThanOrEqual(FORM_LIMIT_DEFAULTS.form / (16 * KiB) + 2);
    // Just under the limit, in chunks: read whole.
    const under = streamed(new TextEncoder().encode("%41".repeat(1000)), 20);
    expect([...(await readForm(under.request)).keys()]).toEqual(["A".repeat(20_000)]);
  });

  it("lets a long form (the admin's newsletter) through up to the long limit only", async () => {
    const body = `intent=send&subject=Autumn&body=${"%E2%82%AC".repeat(30_000)}`;
    expect((await refusal(readForm(post(body, { "Content-Type": URLENCODED })))).status).toBe(413);
    const form = await readForm(post(body, { "Content-Type": URLENCODED }), { long: true });
    expect(String(form.get("body"))).toHaveLength(30_000);
  });

  it("answers 413 with the route's message for a file over its size, and counts a multipart body", async () => {
    const big = multipart([{ name: "newImages", value: "x".repeat(1001), filename: "big.png" }]);
    expect(
      await refusal(readForm(post(big, { "Content-Type": multipartType }), UPLOAD)),
    ).toMatchObject({
      status: 413,
      body: "Each image must be at most 1 kB",
    });
    const huge = streamed(
      new Uint8Array(1024 * KiB).fill(0x61),
      Number.POSITIVE_INFINITY,
      multipartType,
    );
    expect(
      (
        await refusal(
          readForm(huge.request, {
            ...UPLOAD,
            limits: { ...FORM_LIMIT_DEFAULTS, upload: 2 * 1024 * KiB },
          }),
        )
      ).status,
    ).toBe(413);
    expect(huge.pulled()).toBeLessThanOrEqual(4);
  });

  it("answers 400 with the field for a field sent twice, unless the route takes a list", async () => {
    for (const body of [
      "intent=subscribe&email=a%40example.com&email=b%40example.com",
      "intent=delete-account&intent=update-password&password=secret1",
    ]) {
      const answer = await refusal(readForm(post(body, { "Content-Type": URLENCODED })));
      expect(answer.status).toBe(400);
      expect(answer.type).toMatch(/^application\/json/);
      const field = body.includes("email=b") ? "email" : "intent";
      expect(JSON.parse(answer.body)).toEqual({ fieldErrors: { [field]: REPEATED_FIELD } });
    }
    const repeatedInMultipart = multipart([
      { name: "name", value: "Hat" },
      { name: "name", value: "Cap" },
    ]);
    expect(
      JSON.parse(
        (
          await refusal(
            readForm(post(repeatedInMultipart, { "Content-Type": multipartType }), UPLOAD),
          )
        ).body,
      ),
    ).toEqual({ fieldErrors: { name: REPEATED_FIELD } });
    const lists = await readForm(post("sizes=S&sizes=M", { "Content-Type": URLENCODED }), UPLOAD);
    expect(lists.getAll("sizes")).toEqual(["S", "M"]);
  });

  it("readFormOrRefusal answers the refusal instead of throwing it", async () => {
    expect(
      await readFormOrRefusal(post("{}", { "Content-Type": "application/json" }), UPLOAD),
    ).toEqual({
      ok: false,
      status: 415,
      message: "Send the form as application/x-www-form-urlencoded or multipart/form-data",
    });
    expect(await readFormOrRefusal(post("a=1&a=2", { "Content-Type": URLENCODED }))).toEqual({
      ok: false,
      status: 400,
      message: REPEATED_FIELD,
      field: "a",
    });
    const read = await readFormOrRefusal(post("a=1", { "Content-Type": URLENCODED }));
    expect(read.ok && read.form.get("a")).toBe("1");
  });

  it("answers 400 when the body cannot be read to its end", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("a=1"));
        controller.error(new Error("connection reset"));
      },
    });
    const request = new Request(URL_, {
      method: "POST",
      body,
      headers: { "Content-Type": URLENCODED },
      duplex: "half",
    } as RequestInit);
    expect((await refusal(readForm(request))).status).toBe(400);
  });
});

describe("loadFormLimits", () => {
  it("has small defaults for forms and a generous one for the image upload", () => {
    expect(loadFormLimits({})).toEqual(FORM_LIMIT_DEFAULTS);
    expect(FORM_LIMIT_DEFAULTS.form).toBe(64 * KiB);
    expect(FORM_LIMIT_DEFAULTS.longForm).toBe(512 * KiB);
    expect(FORM_LIMIT_DEFAULTS.upload).toBe(51 * 1024 * KiB);
  });

  it("reads FORM_MAX_BYTES, LONG_FORM_MAX_BYTES and UPLOAD_MAX_BYTES; ignores unusable values", () => {
    expect(
      loadFormLimits({
        FORM_MAX_BYTES: "1000",
        LONG_FORM_MAX_BYTES: "2000",
        UPLOAD_MAX_BYTES: "3000",
      }),
    ).toEqual({ form: 1000, longForm: 2000, upload: 3000 });
    for (const bad of ["", "0", "-5", "1.5", "64k", "Infinity", "1e400"]) {
      expect(loadFormLimits({ FORM_MAX_BYTES: bad }).form, bad).toBe(FORM_LIMIT_DEFAULTS.form);
    }
  });
});
