import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import { readTokensFile } from '../../src/serve/index.js';
import { createBearerCheck } from '../../src/serve/tokens.js';

describe('readTokensFile', () => {
  let directory = '';
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'x-core-tokens-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function write(name: string, text: string): Promise<string> {
    const path = join(directory, name);
    await writeFile(path, text);
    return path;
  }

  async function failure(path: string): Promise<CoreError> {
    const error = await readTokensFile(path).catch((caught: unknown) => caught);
    if (!CoreError.isInstance(error)) throw new Error(`expected a CoreError, got ${String(error)}`);
    return error;
  }

  it('reads a JSON object of token to role', async () => {
    const path = await write(
      'tokens.json',
      '{"abcdefghijklmnop": "admin", "QRSTUVWXYZ012345+/==": "reader"}',
    );
    expect(await readTokensFile(path)).toEqual({
      abcdefghijklmnop: 'admin',
      'QRSTUVWXYZ012345+/==': 'reader',
    });
  });

  it('names the file when it is missing', async () => {
    const path = join(directory, 'missing.json');
    const error = await failure(path);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain(path);
    expect(error.message).toContain('ENOENT');
  });

  it('names the file when it is not JSON, without quoting it', async () => {
    const path = await write('broken.json', '{"secret-token-value-1": ');
    const error = await failure(path);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain(path);
    expect(error.message).not.toContain('secret-token-value-1');
  });

  it('names the file and the entry, never the token, when an entry breaks the rules', async () => {
    const cases: Array<[string, string]> = [
      ['{"short": "admin"}', 'entry 1: tokens must be at least 16 characters long'],
      [
        '{"abcdefghijklmnop": "admin", "has spaces in it!!!": "x"}',
        'entry 2: tokens may only contain',
      ],
      ['{"abcdefghijklmnop": ""}', 'entry 1: roles must not be empty'],
      ['{"abcdefghijklmnop": 7}', 'entry 1:'],
      ['{}', 'at least one token is required'],
      ['["abcdefghijklmnop"]', 'the object:'],
    ];
    for (const [text, expected] of cases) {
      const path = await write('tokens.json', text);
      const error = await failure(path);
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.message).toContain(path);
      expect(error.message).toContain(expected);
      expect(error.message).not.toMatch(/short|has spaces|abcdefghijklmnop/);
    }
  });
});

describe('createBearerCheck', () => {
  const check = createBearerCheck({
    'first-token-0123456789': 'admin',
    'second-token-012345678': 'admin',
  });

  it('tells missing, invalid and accepted tokens apart and says which token matched', () => {
    expect(check({})).toEqual({ outcome: 'missing' });
    expect(check({ authorization: 'Basic Zm9vOmJhcg==' })).toEqual({ outcome: 'missing' });
    expect(check({ authorization: 'Bearer first-token-01234567890' })).toEqual({
      outcome: 'invalid',
    });
    expect(check({ authorization: 'Bearer first' })).toEqual({ outcome: 'invalid' });
    expect(check({ authorization: 'bearer first-token-0123456789' })).toMatchObject({
      outcome: 'accepted',
      tokenIndex: 0,
      role: 'admin',
    });
    expect(check({ authorization: 'Bearer second-token-012345678' })).toMatchObject({
      outcome: 'accepted',
      tokenIndex: 1,
      role: 'admin',
    });
  });

  it('fingerprints each token the same way in every configuration, without revealing it', () => {
    const fingerprint = (tokens: Record<string, string>, token: string) => {
      const result = createBearerCheck(tokens)({ authorization: `Bearer ${token}` });
      return result.outcome === 'accepted' ? result.fingerprint : undefined;
    };
    const first = fingerprint({ 'first-token-0123456789': 'admin' }, 'first-token-0123456789');
    const reordered = fingerprint(
      { 'second-token-012345678': 'admin', 'first-token-0123456789': 'viewer' },
      'first-token-0123456789',
    );
    const second = fingerprint({ 'second-token-012345678': 'admin' }, 'second-token-012345678');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(reordered).toBe(first);
    expect(second).not.toBe(first);
    expect(first).not.toContain('first-token');
  });
});
