import { describe, expect, it } from 'vitest';
import { truncationProblem } from '../../../src/specs/gateway/checks/probe-upstream.js';
import { canonicalShape, expectedHash8 } from '../../../src/specs/gateway/hash8.js';

describe('expectedHash8', () => {
  // Values from the spec's Python reference (hashlib + json.dumps), run separately.
  it.each([
    ['probe_echo', ['text'], ['text'], '2e1cb844'],
    ['probe_brief', ['limit', 'key'], ['key'], 'a2396911'],
    ['slack_send_message', [], [], '2fae1fd2'],
  ])('hashes %s as the reference does', (name, properties, required, hash) => {
    expect(expectedHash8(name, { properties, required })).toBe(hash);
  });

  it('sorts names by code point in the canonical shape', () => {
    expect(canonicalShape({ properties: ['b', 'B', 'a'], required: ['b'] })).toBe(
      '{"properties":["B","a","b"],"required":["b"]}',
    );
  });
});

describe('truncationProblem', () => {
  const original = 'One sentence here. Another one follows! A third?';
  it.each([original, 'One sentence here.', 'One sentence here. Another one follows!', 'One sen…'])(
    'accepts %j',
    (cut) => {
      expect(truncationProblem(original, cut)).toBeUndefined();
    },
  );

  it.each([
    ['One sentence', /ends neither/],
    ['Two sentence here.', /is not a prefix/],
    ['Other…', /is not a prefix of the description followed by/],
    ['…', /is not a prefix/],
  ])('refuses %j', (cut, message) => {
    expect(truncationProblem(original, cut)).toMatch(message);
  });
});
