declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Where it keeps the buckets' objects: a file per object, in folders along the key. */
    store: S3rverStore;
    /** S3's notification of an object created or removed (S3-shaped `Records`). */
    on(event: "event", listener: (notification: S3Notification) => void): this;
  }
  export interface S3rverStore {
    putObject(object: unknown): Promise<unknown>;
    deleteObject(bucket: string, key: string): Promise<void>;
  }
  export interface S3Notification {
    Records: Array<{
      eventName: string;
      s3: { bucket: { name: string }; object: { key: string; size?: number } };
    }>;
  }
}
