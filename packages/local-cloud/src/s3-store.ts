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
import S3rver from "s3rver";
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
  store.putObject = inTurn(store.putObject.bind(store));
  store.deleteObject = inTurn(store.deleteObject.bind(store));
}
