import { describe, expect, it } from 'vitest';
import { checkFile, MAX_UPLOAD_BYTES } from './uploadFile.ts';

// Upload: csv, json, xlsx, xls, sql, parquet, zip; 500 MB.
// A File whose `size` is faked, so no 500 MB are made.
const fileOf = (name: string, size: number) => Object.defineProperty(new File(['x'], name), 'size', { value: size });

describe('checkFile', () => {
  it.each(['a.csv', 'b.JSON', 'c.xlsx', 'd.xls', 'e.sql', 'f.parquet', 'g.zip'])('takes %s', (name) => {
    expect(checkFile(fileOf(name, 10))).toBeNull();
  });
  it.each(['notes.txt', 'data.csv.exe', 'noextension'])('refuses %s', (name) => {
    expect(checkFile(fileOf(name, 10))?.title).toBe('Unsupported file type');
  });
  it('refuses more than 500 MB', () => {
    expect(checkFile(fileOf('big.csv', MAX_UPLOAD_BYTES))).toBeNull();
    expect(checkFile(fileOf('big.csv', MAX_UPLOAD_BYTES + 1))).toEqual({ title: 'File Too Large', description: 'Please select a file smaller than 500MB' });
  });
  it('refuses an empty file', () => {
    expect(checkFile(fileOf('empty.csv', 0))?.title).toBe('Empty File');
  });
});
