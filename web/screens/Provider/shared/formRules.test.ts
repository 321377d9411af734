import { describe, expect, it } from 'vitest';
import { serverFieldErrors, toggled, withoutError } from './formRules.ts';

const fieldOf = (path: string) => (['title', 'price'].includes(path.split('.')[0]!) ? (path.split('.')[0] as 'title' | 'price') : null);

describe('serverFieldErrors', () => {
  it('names each error by the form field of its path, keeping the first message of a field', () => {
    expect(
      serverFieldErrors(
        [
          { field: 'price', message: 'Too high' },
          { field: 'title.0', message: 'Required' },
          { field: 'price', message: 'Second message' },
        ],
        fieldOf,
      ),
    ).toEqual({ price: 'Too high', title: 'Required' });
  });
  it('leaves out paths the form has no field for, and an answer without errors', () => {
    expect(serverFieldErrors([{ field: 'somewhere.else', message: 'x' }], fieldOf)).toEqual({});
    expect(serverFieldErrors(null, fieldOf)).toEqual({});
  });
});

describe('withoutError', () => {
  it('drops one field and keeps the others, without changing the messages it was given', () => {
    const errors = { title: 'Required', price: 'Too high' };
    expect(withoutError<'title' | 'price'>(errors, 'title')).toEqual({ price: 'Too high' });
    expect(errors).toEqual({ title: 'Required', price: 'Too high' });
  });
});

describe('toggled', () => {
  it('adds a checked item at the end and removes an unchecked one', () => {
    expect(toggled(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
