// The local S3: s3rver, as `npm start`, the tests (./index.ts) and the deploy rehearsal
// (packages/rehearsal/src/stand-ins.ts) all start it, through startLocalS3 alone, so that a fix
// to the stand-in reaches every one of them.
//
// s3rver keeps each object as files in folders along its key, and a delete removes the folders
// it left empty. A put into the same folder at that moment (an image's new variants written while
// the replaced photo's are deleted, as an admin's photo replacement does) finds its folder gone:
// the write fails with ENOENT, on a stream s3rver gives no error handler, and the whole process
// (`npm start`, the deploy rehearsal) crashes. S3 has no folders. So the stand-in's puts and
// deletes run one at a time; reads are left alone.
//
// And s3rver answers a put (and notifies it) once the bytes are handed to the file's stream, not
// once they are on disk: a function notified of a large upload (the admin's 12 MB photo) read it
// truncated and recorded it as undecodable. S3 notifies only stored objects. So a put here takes
// the whole body first, then writes it, and answers only when the file and its metadata are
// written.
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import S3rver, { type S3rverObject } from "s3rver";
import { enforcePostPolicies, type PostPolicyOptions } from "./s3-post-policy.ts";

export interface LocalS3Options {
  /** Where the buckets' objects are kept. */
  directory: string;
  /** 0 or absent picks a free one. */
  port?: number;
  /**
   * Buckets created at the start (others may be created with CreateBucket), each by its name or
   * with its configurations (a CORS rule's XML).
   */
  buckets?: ReadonlyArray<string | { name: string; configs?: string[] }>;
  /** A browser's upload (POST with a presigned policy) checked as S3 checks it. */
  postPolicies?: PostPolicyOptions;
}

export interface LocalS3 {
  /** http://127.0.0.1:PORT (path-style URLs). */
  endpoint: string;
  port: number;
  /** The server itself, for S3's notifications (`server.on("event", …)`). */
  server: S3rver;
  close(): Promise<void>;
}

/** Starts the local S3 on 127.0.0.1, its writes one at a time. */
export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
    configureBuckets: (options.buckets ?? []).map((b) => (typeof b === "string" ? { name: b } : b)),
  });
  oneWriteAtATime(server);
  if (options.postPolicies) enforcePostPolicies(server, options.postPolicies);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () => server.close(),
  };
}

export function oneWriteAtATime(s3: S3rver): void {
  const { store } = s3;
  let last: Promise<unknown> = Promise.resolve();
  const inTurn =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const turn = last.then(() => run(...args));
      last = turn.catch(() => undefined);
      return turn;
    };
  const write = inTurn(async (object: S3rverObject, content: Buffer) => {
    const path = store.getResourcePath(object.bucket, object.key, "object");
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    const md5 = createHash("md5").update(content).digest("hex");
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: content.length, md5 };
  });
  store.putObject = async (object) => write(object, await bytesOf(object.content));
  store.deleteObject = inTurn(store.deleteObject.bind(store));
}

async function bytesOf(content: S3rverObject["content"]): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
