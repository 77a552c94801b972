// The one reader of every action's form (docs/architecture.md §5: bad input of any shape gets a 4xx with
// a message, never a 500, and changes nothing). Call it where an action would call
// `request.formData()`, after its origin and session checks. It refuses, before the route does
// anything:
// - a body that is not a form: 415 (URL-encoded only; multipart too where the route takes
//   files, the admin's product form);
// - a body over the limit: 413, from Content-Length first, else by counting the bytes as they
//   arrive (a chunked body has no Content-Length), so at most the limit is ever held;
// - a body that cannot be parsed (broken escapes, invalid UTF-8, a broken multipart body): 400;
// - a field sent more than once, unless the route takes a list under that name: 400 on that
//   field (never one value picked silently).
// Refusals are thrown Responses, as assertSameOrigin's 403 is: the route's ErrorBoundary shows
// them, a fetcher or an HTTP client gets the status and the message. The limits come from the
// environment (README "Configuration").

import { parse, type Submission } from "@conform-to/react";
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/server-runtime";
import { isDomainError, REPEATED_FIELD } from "@shop/core/common";
import { type FormReply, plainFields } from "./forms";
import { jsonResponse, NO_STORE } from "./http";

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const KiB = 1024;
const MiB = 1024 * KiB;

export interface FormLimits {
  /** FORM_MAX_BYTES: any form. */
  form: number;
  /** LONG_FORM_MAX_BYTES: a form of long texts (the admin's newsletter, 50,000 characters). */
  longForm: number;
  /** UPLOAD_MAX_BYTES: a multipart form with files (the admin's product form and its images). */
  upload: number;
}

/**
 * A form's fields fit in a few kB; 64 KiB leaves room for the checkout's cart. A newsletter of
 * 50,000 characters, percent-encoded, may take up to 9 bytes a character. The product form sends
 * every new image of a save at once: ten images of at most 5 MB, and the fields.
 */
export const FORM_LIMIT_DEFAULTS: FormLimits = {
  form: 64 * KiB,
  longForm: 512 * KiB,
  upload: 51 * MiB,
};

function positiveBytes(value: string | undefined, fallback: number): number {
  const bytes = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(bytes) && bytes > 0
    ? bytes
    : fallback;
}

/** The body limits from the environment; a missing or unusable value keeps the default. */
export function loadFormLimits(env: Record<string, string | undefined> = {}): FormLimits {
  return {
    form: positiveBytes(env.FORM_MAX_BYTES, FORM_LIMIT_DEFAULTS.form),
    longForm: positiveBytes(env.LONG_FORM_MAX_BYTES, FORM_LIMIT_DEFAULTS.longForm),
    upload: positiveBytes(env.UPLOAD_MAX_BYTES, FORM_LIMIT_DEFAULTS.upload),
  };
}

let limits: FormLimits | undefined;
const formLimits = () => (limits ??= loadFormLimits(process.env));

export interface ReadFormOptions {
  /**
   * The route takes files: multipart/form-data is accepted too, up to UPLOAD_MAX_BYTES in all,
   * each part at most `maxFileBytes` (else 413 with `fileTooLarge`). Parts are kept in memory.
   */
  upload?: { maxFileBytes: number; fileTooLarge: string };
  /** Long texts (the admin's newsletter): LONG_FORM_MAX_BYTES instead of FORM_MAX_BYTES. */
  long?: boolean;
  /** Fields the route reads as lists (checkboxes, images): they may come more than once. */
  lists?: readonly string[];
  /** Instead of the environment's limits. */
  limits?: FormLimits;
}

export type FormRead =
  | { ok: true; form: FormData }
  | { ok: false; status: 400 | 413 | 415; message: string; field?: string };

/** The request's form, or a thrown 400, 413 or 415 Response with the reason. */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const read = await readFormOrRefusal(request, options);
  if (read.ok) return read.form;
  const headers = { "Cache-Control": NO_STORE };
  throw read.field === undefined
    ? new Response(read.message, {
        status: read.status,
        headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
      })
    : jsonResponse(
        { fieldErrors: { [read.field]: read.message } },
        { status: read.status, headers },
      );
}

/**
 * The same reading, with the refusal as a value: for a route that shows it in its own page (the
 * admin's product form, in its error banner). Never throws.
 */
export async function readFormOrRefusal(
  request: Request,
  options: ReadFormOptions = {},
): Promise<FormRead> {
  const type = mediaType(request.headers.get("Content-Type"));
  const multipart = type.essence === MULTIPART && options.upload !== undefined;
  if (type.essence !== URLENCODED && !multipart) {
    const accepted = options.upload ? `${URLENCODED} or ${MULTIPART}` : URLENCODED;
    return { ok: false, status: 415, message: `Send the form as ${accepted}` };
  }
  const all = options.limits ?? formLimits();
  const max = multipart ? all.upload : options.long ? all.longForm : all.form;
  const tooLarge = {
    ok: false,
    status: 413,
    message: `The form is too large: at most ${size(max)}`,
  } as const;

  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > max) return tooLarge;
  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readBytes(request, max);
  } catch {
    return { ok: false, status: 400, message: "The form could not be read: the body was cut off" };
  }
  if (bytes === null) return tooLarge;

  const read =
    multipart && options.upload
      ? await parseMultipart(request.url, bytes, type.boundary, options.upload)
      : parseUrlEncoded(bytes);
  if (!read.ok) return read;
  const repeated = firstRepeated(read.form, options.lists ?? []);
  return repeated === undefined
    ? read
    : { ok: false, status: 400, message: REPEATED_FIELD, field: repeated };
}

function size(bytes: number): string {
  if (bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}

/** "multipart/form-data; boundary="x"" → its lower-case essence and its boundary. */
function mediaType(header: string | null): { essence: string; boundary?: string } {
  const [essence = "", ...parameters] = (header ?? "").split(";");
  let boundary: string | undefined;
  for (const parameter of parameters) {
    const at = parameter.indexOf("=");
    if (at < 0 || parameter.slice(0, at).trim().toLowerCase() !== "boundary") continue;
    const value = parameter.slice(at + 1).trim();
    boundary =
      value.length >= 2 && value.startsWith('"') && value.endsWith('"')
        ? value.slice(1, -1)
        : value;
  }
  return { essence: essence.trim().toLowerCase(), boundary };
}

/**
 * The whole body, or null once it passes `max` bytes. On refusal the rest is left unread, not
 * cancelled: cancelling would reset the connection before the 413 reaches the client. The Node
 * server reads and throws away the rest after the answer (web/server/unread-body.ts).
 */
async function readBytes(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const MALFORMED_URLENCODED = {
  ok: false,
  status: 400,
  message: "The form could not be read: a malformed URL-encoded body",
} as const;

/**
 * application/x-www-form-urlencoded, strictly: UTF-8, and every escape a valid one (browsers
 * never send anything else; URLSearchParams would quietly turn the rest into U+FFFD).
 */
function parseUrlEncoded(bytes: Uint8Array): FormRead {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return MALFORMED_URLENCODED;
  }
  const form = new FormData();
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const name = decodeComponent(at < 0 ? pair : pair.slice(0, at));
    const value = decodeComponent(at < 0 ? "" : pair.slice(at + 1));
    if (name === null || value === null) return MALFORMED_URLENCODED;
    form.append(name, value);
  }
  return { ok: true, form };
}

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return null;
  }
}

const MALFORMED_MULTIPART = {
  ok: false,
  status: 400,
  message: "The form could not be read: a malformed multipart body",
} as const;
/** RFC 2046: 1 to 70 of these characters, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * multipart/form-data with Remix's parser (each part at most `maxFileBytes`, in memory). The
 * parser takes a body without any delimiter for an empty form: the body must open with the
 * boundary and hold the closing delimiter.
 */
async function parseMultipart(
  url: string,
  bytes: Uint8Array<ArrayBuffer>,
  boundary: string | undefined,
  upload: NonNullable<ReadFormOptions["upload"]>,
): Promise<FormRead> {
  if (!boundary || !BOUNDARY.test(boundary)) return MALFORMED_MULTIPART;
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!raw.subarray(0, boundary.length + 2).equals(Buffer.from(`--${boundary}`))) {
    return MALFORMED_MULTIPART;
  }
  if (!raw.includes(`--${boundary}--`)) return MALFORMED_MULTIPART;
  try {
    const form = await unstable_parseMultipartFormData(
      new Request(url, {
        method: "POST",
        headers: { "Content-Type": `${MULTIPART}; boundary=${boundary}` },
        body: bytes,
      }),
      unstable_createMemoryUploadHandler({ maxPartSize: upload.maxFileBytes }),
    );
    return { ok: true, form };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return { ok: false, status: 413, message: upload.fileTooLarge };
    }
    return MALFORMED_MULTIPART;
  }
}

function firstRepeated(form: FormData, lists: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name) && !lists.includes(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** Fields never sent back with a reply (they would be written into the page): typed again. */
const SECRET_FIELDS = ["password", "confirmPassword", "currentPassword"];

/** Errors the server found beyond the schema's, as Conform takes them. */
export interface ServerErrors {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}

/**
 * The answer to a refused form: Conform's reply (the schema's errors, `errors`, what was typed but
 * passwords) under `result`, with `status` (docs/architecture.md §5: a field and a message, a 4xx).
 * `extra` travels beside it (e.g. which of a page's forms answered).
 */
export function refuseForm<const Extra extends object = object>(
  submission: Submission<unknown> | FormData,
  status: number,
  errors: ServerErrors = {},
  extra?: Extra,
) {
  const result = formReply(submission, errors);
  return data({ ...(extra as Extra), result }, { status, headers: { "Cache-Control": NO_STORE } });
}

/** Conform's reply: the schema's errors and `errors`, what was typed (passwords left out). */
export function formReply(submission: Submission<unknown> | FormData, errors: ServerErrors = {}) {
  // A form not checked by a schema (e.g. a button's form): only `errors`.
  const checked =
    submission instanceof FormData
      ? parse<object, string[]>(plainFields(submission), { resolve: () => ({ value: {} }) })
      : submission;
  const result: FormReply = checked.reply({ ...errors, hideFields: SECRET_FIELDS });
  return result;
}

/**
 * A DomainError (core's refusal: "e-mail already used", a wrong password, too many attempts) as
 * the form's refusal: its message on the field it names, else on `fallbackField` (null: the form
 * as a whole), with its status. Anything else is rethrown.
 */
export function refuseWithDomainError<const Extra extends object = object>(
  submission: Submission<unknown> | FormData,
  error: unknown,
  fallbackField: string | null,
  extra?: Extra,
) {
  if (!isDomainError(error)) throw error;
  const field = error.field ?? fallbackField;
  const errors: ServerErrors =
    field === null
      ? { formErrors: [error.message] }
      : { fieldErrors: { [field]: [error.message] } };
  return refuseForm(submission, error.status, errors, extra);
}
