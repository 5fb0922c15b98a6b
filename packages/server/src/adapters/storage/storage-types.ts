/**
 * What every storage implementation answers to (the local folder, the S3-compatible bucket):
 * apart from the factory in storage.ts, so the implementations and the factory that picks one
 * never import each other.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The address browsers load the object from: `/uploads/<key>` or the bucket's public URL. */
  url(key: string): string;
  /** Every valid key stored, in no particular order (backups); anything else is passed over. */
  list(): AsyncIterable<string>;
}
