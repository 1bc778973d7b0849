import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type StorageAdapter } from './storage-key';

export type S3StorageOptions = {
  /** Omit for AWS itself; set for MinIO, Ceph, R2, s3rver and the like. */
  endpoint?: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
};

/** An S3-compatible bucket through the AWS SDK. */
export function createS3Storage(options: S3StorageOptions): StorageAdapter & { client: S3Client } {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
          return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          // An object without a time is treated as new: nothing deletes what it cannot date.
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
