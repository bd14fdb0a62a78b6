import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, MIN_SECRET_LENGTH, REDACTED } from '../../src/logging/index.js';

const secretText = fc.string({ minLength: MIN_SECRET_LENGTH, maxLength: 40 });

describe('createRedactor', () => {
  it('never leaves a known secret in the text, wherever it sits and whatever it contains', () => {
    fc.assert(
      fc.property(
        fc.array(secretText, { minLength: 1, maxLength: 4 }),
        fc.string(),
        fc.string(),
        (secrets, before, after) => {
          const redactor = createRedactor(secrets);
          for (const secret of secrets) {
            const redacted = redactor.redact(`${before}${secret}${after}`);
            // What the replacement introduced cannot itself be the secret.
            if (!REDACTED.includes(secret)) expect(redacted).not.toContain(secret);
          }
        },
      ),
    );
  });

  it('leaves text without secrets as it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ]{0,60}$/), (text) => {
        expect(createRedactor(['Zq9-secret-value']).redact(text)).toBe(text);
      }),
    );
  });

  it('replaces bearer credentials and URL user information it was not told about', () => {
    const redactor = createRedactor();
    expect(redactor.redact('sent Authorization: Bearer abc.def-123 upstream')).toBe(
      `sent Authorization: Bearer ${REDACTED} upstream`,
    );
    expect(redactor.redact('redis://user:pass@127.0.0.1:6379/0 is down')).toBe(
      `redis://${REDACTED}@127.0.0.1:6379/0 is down`,
    );
  });

  it('replaces the longer of two overlapping secrets whole, and ignores short ones', () => {
    const redactor = createRedactor(['token-1234', 'token-1234-extended', 'abc']);
    expect(redactor.redact('token-1234-extended and token-1234 and abc')).toBe(
      `${REDACTED} and ${REDACTED} and abc`,
    );
  });
});
