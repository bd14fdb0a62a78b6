import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_MAX_LENGTH, redactMessage } from '../../src/error-payload/redact.js';
import { anyText } from '../arbitraries.js';

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

describe('redactMessage', () => {
  it.each([
    ['ENOENT: open /home/alice/project/secrets.json', 'ENOENT: open [path]'],
    ['cannot read /Users/bob/Library/x.plist now', 'cannot read [path] now'],
    ['spawn failed in /tmp/mcp-1234/server.js', 'spawn failed in [path]'],
    ['at Object.<anonymous> (/opt/app/dist/index.js:10:5)', 'at Object.<anonymous> ([path])'],
    ['see ~/work/notes.md', 'see [path]'],
    ['C:\\Users\\carol\\AppData\\x.json missing', '[path] missing'],
    ['share \\\\fileserver\\team\\doc.txt gone', 'share [path] gone'],
    ['loaded file:///var/lib/data.db', 'loaded [path]'],
  ])('hides the host path in %j', (input, expected) => {
    expect(redactMessage(input)).toBe(expected);
  });

  it.each([
    ['Authorization: Bearer eyAbCdEf0123456789', 'eyAbCdEf0123456789'],
    ['auth header was bearer abc.def-ghi_jkl', 'abc.def-ghi_jkl'],
    ['key sk-proj-AbCdEf0123456789xyz rejected', 'sk-proj-AbCdEf0123456789xyz'],
    ['using sk-ant-api03-abcdefghijklmnop', 'sk-ant-api03-abcdefghijklmnop'],
    ['token ghp_abcdefghijklmnopqrstuvwxyz0123 bad', 'ghp_abcdefghijklmnopqrstuvwxyz0123'],
    ['slack xoxb-1234567890-abcdefghij failed', 'xoxb-1234567890-abcdefghij'],
    ['aws AKIAIOSFODNN7EXAMPLE denied', 'AKIAIOSFODNN7EXAMPLE'],
    ['GET https://api.x.com/v1?q=1&api_key=abc123secret&page=2', 'abc123secret'],
    ['GET https://api.x.com/v1?key=abc123&page=2', 'abc123'],
    ['connect https://user:pa55word@db.example.com/x', 'pa55word'],
    ['{"password": "hunter2", "user": "x"}', 'hunter2'],
    ['client_secret=s3cr3t-value', 's3cr3t-value'],
    [
      'digest 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 mismatch',
      '9f86d081',
    ],
    ['blob QWxhZGRpbjpvcGVuIHNlc2FtZQ9876543210abcdEFGH end', 'QWxhZGRpbjpvcGVuIHNlc2FtZQ'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N', 'eyJhbGci'],
  ])('hides the secret in %j', (input, secret) => {
    const output = redactMessage(input);
    expect(output).not.toContain(secret);
    expect(output).toContain('[redacted]');
  });

  it.each([
    'no node at /github/issues',
    'tool github:create_issue@1.4.0 failed',
    'tool slack:slack_send_message#3a91c7d2 is gone',
    'get_current_stock_price_by_date_range timed out after 30 s',
    'unexpected token in JSON at position 5',
    'see https://api.github.com/repos/Owner/name/issues/12',
  ])('leaves ordinary text alone: %j', (input) => {
    expect(redactMessage(input)).toBe(input);
  });

  it('collapses lines, controls and bidirectional overrides into one clean line', () => {
    expect(redactMessage('  first\r\nsecond\u2028third\u0000\u0007fourth\u202eevil\t ')).toBe(
      'first second third fourthevil',
    );
  });

  it('caps the length with an ellipsis and never splits a surrogate pair', () => {
    expect(redactMessage('z'.repeat(500))).toHaveLength(DEFAULT_MESSAGE_MAX_LENGTH);
    expect(redactMessage('word '.repeat(20), { maxLength: 12 })).toBe('word word w…');
    const emoji = redactMessage('😀'.repeat(10), { maxLength: 6 });
    expect(emoji).toBe('😀😀…');
    expect(redactMessage('anything', { maxLength: 0 })).toBe('');
  });

  it('replaces lone surrogates so the result encodes as UTF-8', () => {
    expect(redactMessage('a\ud800b')).toBe('a\ufffdb');
  });

  it('handles a huge message quickly and within the cap', () => {
    const huge = `${'lorem ipsum /home/x/y '.repeat(50_000)}sk-abcdefghijklmnop`;
    const started = performance.now();
    const output = redactMessage(huge);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(output.length).toBeLessThanOrEqual(DEFAULT_MESSAGE_MAX_LENGTH);
    expect(output).not.toContain('/home');
  });

  it('never leaks part of a secret cut by the pre-cap of a huge message', () => {
    // The hex run shrinks to "[redacted]", so text near the pre-cap comes into view.
    const output = redactMessage(`${'ab12'.repeat(295)} ghp_abcdefghijklmnopqrstuvwxyz`);
    expect(output).toBe('[redacted] …');
  });

  it('always returns one control-free line within the cap (property)', () => {
    fc.assert(
      fc.property(anyText(400), fc.integer({ min: 0, max: 500 }), (text, maxLength) => {
        const output = redactMessage(text, { maxLength });
        expect(output.length).toBeLessThanOrEqual(maxLength);
        expect(output).not.toMatch(CONTROL);
        expect(output).toBe(output.trim());
        expect(output).not.toMatch(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('removes an embedded key wherever it sits in text (property)', () => {
    const secret = fc
      .tuple(
        fc.constantFrom('sk-', 'ghp_', 'xoxb-', 'token=', 'Bearer '),
        fc.stringMatching(/^[A-Za-z0-9]{24,40}$/),
      )
      .map(([prefix, body]) => ({ text: `${prefix}${body}`, body }));
    const words = fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 10 });
    fc.assert(
      fc.property(words, secret, words, (before, { text, body }, after) => {
        const output = redactMessage([...before, text, ...after].join(' '), { maxLength: 1_000 });
        expect(output).not.toContain(body);
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic (property)', () => {
    fc.assert(
      fc.property(anyText(), (text) => {
        const first = redactMessage(text);
        expect(redactMessage(text)).toBe(first);
      }),
    );
  });
});
