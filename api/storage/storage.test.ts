import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './storage.ts';

// A write whose source fails leaves nothing behind: no file, no partial file, however early it fails.
describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const filesUnder = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

  it('removes the partial file of a source that fails before its first byte, once the file has been opened', async () => {
    const storage = localDiskStorage(root);
    for (let i = 0; i < 20; i++) {
      // Failed already: the pipeline rejects while the file's open is still on its way.
      const failing = new Readable({ read() {} });
      failing.on('error', () => {}); // the write awaits its folder before piping: the error comes first
      failing.destroy(new Error('refused at once'));
      await expect(storage.write(`uploads/u/early-${i}.csv`, failing)).rejects.toThrow('refused at once');
    }
    expect(filesUnder(path.join(root, 'uploads/u'))).toEqual([]);
  });

  it('keeps what a source that ends well wrote, under its key only', async () => {
    const storage = localDiskStorage(root);
    expect(await storage.write('uploads/v/ok.csv', Readable.from([Buffer.from('id\n1\n')]))).toEqual({ size: 5 });
    expect(filesUnder(path.join(root, 'uploads/v'))).toEqual(['ok.csv']);
  });
});
