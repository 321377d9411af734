import { describe, expect, it } from 'vitest';
import { passwordRules as serverRules, passwordStrength as serverStrength } from './accounts.rules.ts';
import { passwordRules as browserRules, passwordStrength as browserStrength } from '../../../web/components/passwordStrength.ts';

// The browser shows the strength meter before sending; the server decides. They must agree.
describe('password rules in the browser and on the server', () => {
  const samples = ['', 'a', 'A', '1', '!', ' ', 'abc def', 'abcdefgh', 'ABCDEFGH1', 'Abcdefg1', 'Abcdefg1 ', 'Abcdefg1!', 'Ünïcödé1!', 'pass word1A', 'Sup3r#Secret'];
  it.each(samples)('%j', (password) => {
    expect(browserRules(password).map((r) => [r.id, r.met])).toEqual(serverRules(password).map((r) => [r.id, r.met]));
    expect(browserStrength(password)).toEqual(serverStrength(password));
  });
});
