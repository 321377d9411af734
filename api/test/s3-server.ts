import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../config.ts';

// An S3-compatible server on loopback for the tests and the upload benchmark: s3rver (the S3 REST
// protocol over a folder; multipart uploads, ranged GetObject, ListObjectsV2). Its credentials are
// its defaults; it does not take AbortMultipartUpload (405), which the S3 driver tolerates.

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  /** The environment that points the app at the bucket (S3_*). */
  env: Record<string, string>;
  settings: S3Settings;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'datapit-test', port = 0): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  return {
    endpoint,
    bucket,
    directory,
    env,
    settings: { driver: 's3', bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
