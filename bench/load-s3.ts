// The load bench's S3-compatible store (s3rver, as the tests use) in a process of its own, so its
// work competes with neither the driver nor the app processes' CPU figures.
import { startLocalS3 } from '../tests/support/s3-server';

const s3 = await startLocalS3('uplink-load');
process.send?.({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
});
process.on('disconnect', () => {
  void s3.stop().finally(() => process.exit(0));
});
