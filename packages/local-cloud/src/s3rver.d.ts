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
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
    /** Where an object's file (`object`) or its metadata (`metadata.json`) is kept. */
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(
      bucket: string,
      key: string,
      metadata: Record<string, string>,
      md5: string,
    ): Promise<void>;
    deleteObject(bucket: string, key: string): Promise<void>;
  }
  /** What s3rver's handlers hand the store: a PUT's or a POST's object, its content a stream or bytes. */
  export interface S3rverObject {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }
  export interface S3Notification {
    Records: Array<{
      eventName: string;
      s3: { bucket: { name: string }; object: { key: string; size?: number } };
    }>;
  }
}
