import type { Config } from '../config.ts';
import { s3Storage } from './s3-storage.ts';
import { localDiskStorage, uploadsRoot, type FileStorage } from './storage.ts';

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function storageFor(config: Pick<Config, 'dataDir' | 'storage'>): FileStorage {
  return config.storage.driver === 's3' ? s3Storage(config.storage) : localDiskStorage(uploadsRoot(config.dataDir));
}
