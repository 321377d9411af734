import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { addToTotalCount } from './connectionCount.ts';

function environment(records: Record<string, Record<string, unknown>>) {
  return new Environment({
    network: Network.create(() => Promise.reject(new Error('no network in this test'))),
    store: new Store(new RecordSource(records as never)),
  });
}

const count = (env: Environment, id: string) => env.getStore().getSource().get(id)?.['totalCount'];

describe('addToTotalCount', () => {
  it('moves the count by the delta', () => {
    const env = environment({ list: { __id: 'list', __typename: 'QueryConnection', totalCount: 3 } });
    env.commitUpdate((store) => addToTotalCount(store, 'list', -1));
    expect(count(env, 'list')).toBe(2);
    env.commitUpdate((store) => addToTotalCount(store, 'list', 2));
    expect(count(env, 'list')).toBe(4);
  });

  it('never goes below zero', () => {
    const env = environment({ list: { __id: 'list', __typename: 'QueryConnection', totalCount: 0 } });
    env.commitUpdate((store) => addToTotalCount(store, 'list', -1));
    expect(count(env, 'list')).toBe(0);
  });

  it('leaves a connection without a count, or one not in the store, alone', () => {
    const env = environment({ list: { __id: 'list', __typename: 'QueryConnection' } });
    env.commitUpdate((store) => {
      addToTotalCount(store, 'list', -1);
      addToTotalCount(store, 'missing', -1);
    });
    expect(count(env, 'list')).toBeUndefined();
    expect(env.getStore().getSource().get('missing')).toBeUndefined();
  });
});
