import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { profileCsv, profileJson } from './profile.ts';
import { profileEvents, profileInWorker } from './profile.runner.ts';

describe('profiling in a worker thread', () => {
  it('gives the same profile as in-process, for CSV and JSON', async () => {
    const csv = 'id,note\n1,"a\nb"\n2,x\n3,\n';
    const json = JSON.stringify([{ a: 1, b: 'x' }, { a: 2.5 }]);
    expect(await profileInWorker('csv', Readable.from([csv]))).toEqual(await profileCsv(Readable.from([csv])));
    expect(await profileInWorker('json', Readable.from([Buffer.from(json)]))).toEqual(await profileJson(Readable.from([json])));
  });

  it('hands a bound to the worker and reports start and end', async () => {
    const events: string[] = [];
    const onStart = () => events.push('start');
    const onEnd = () => events.push('end');
    profileEvents.on('start', onStart).on('end', onEnd);
    try {
      const profile = await profileInWorker('csv', Readable.from([`a,b\n1,${'x'.repeat(500)}\n2,3\n`]), { limits: { maxRecordBytes: 100 } });
      expect(profile).toMatchObject({ recordCount: null, truncated: { limits: ['record_too_long'], recordsRead: 0 } });
      expect(events).toEqual(['start', 'end']);
    } finally {
      profileEvents.off('start', onStart).off('end', onEnd);
    }
  });

  it('a source that fails gives no profile and tells why, without throwing', async () => {
    const errors: unknown[] = [];
    const source = new Readable({
      read() {
        this.push('a,b\n1,2\n');
        this.destroy(new Error('disk gone'));
      },
    });
    expect(await profileInWorker('csv', source, { onError: (e) => errors.push(e) })).toBeNull();
    expect(String(errors[0])).toContain('disk gone');
  });

  it('one worker profiles file after file; chunks of a file cut short at a bound never reach the next', async () => {
    for (let round = 0; round < 3; round++) {
      // Cut short after its first chunk, while more of it is on the way...
      const long = Readable.from(
        (function* () {
          yield 'a,b\n';
          for (let i = 0; i < 50; i++) yield 'q'.repeat(64 * 1024);
        })(),
      );
      const cut = await profileInWorker('csv', long, { limits: { maxRecordBytes: 1000 } });
      expect(cut?.truncated?.limits).toEqual(['record_too_long']);
      // ...and the next file is read as itself.
      const next = await profileInWorker('json', Readable.from(['{"x":1}\n{"x":2}\n']));
      expect(next).toMatchObject({ recordCount: 2, fields: [{ name: 'x', type: 'integer', nullShare: 0 }] });
    }
  });
});
