import { describe, expect, it } from 'vitest';
import { createLogger, createRedactor, REDACTED } from '../../src/logging/index.js';

function recorder() {
  const lines: string[] = [];
  return { lines, sink: { write: (text: string) => lines.push(text) } };
}

describe('createLogger', () => {
  it('writes human lines as `program: message` and JSON lines with the event and fields', () => {
    const human = recorder();
    createLogger({ program: 'x-test', sink: human.sink }).info('server.listening', 'serving at x');
    expect(human.lines).toEqual(['x-test: serving at x\n']);
    const json = recorder();
    createLogger({
      program: 'x-test',
      format: 'json',
      sink: json.sink,
      now: () => '2026-01-01T00:00:00.000Z',
    }).warn('upstream.down', 'upstream a is down', { upstream: 'a', failures: 2, gone: undefined });
    expect(json.lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: '2026-01-01T00:00:00.000Z',
        level: 'warn',
        program: 'x-test',
        event: 'upstream.down',
        message: 'upstream a is down',
        upstream: 'a',
        failures: 2,
      },
    ]);
  });

  it('writes nothing below its level, and nothing at all when silent', () => {
    const sink = recorder();
    const logger = createLogger({ program: 'x', level: 'warn', sink: sink.sink });
    logger.debug('a', 'a');
    logger.info('b', 'b');
    logger.warn('c', 'c');
    logger.error('d', 'd');
    expect(sink.lines).toEqual(['x: c\n', 'x: d\n']);
    expect(logger.enabled('info')).toBe(false);
    const silent = recorder();
    createLogger({ program: 'x', level: 'silent', sink: silent.sink }).error('e', 'e');
    expect(silent.lines).toEqual([]);
  });

  it('redacts the message and every string field, keeps one line per event, and never lets a field replace the envelope', () => {
    const sink = recorder();
    const logger = createLogger({
      program: 'x',
      format: 'json',
      sink: sink.sink,
      redactor: createRedactor(['hunter2-token']),
    });
    logger.error('e', 'failed with hunter2-token\nsecond line', {
      detail: 'hunter2-token again',
      level: 'forged',
    });
    expect(sink.lines).toHaveLength(1);
    const line = JSON.parse(sink.lines[0] as string);
    expect(line).toMatchObject({
      level: 'error',
      message: `failed with ${REDACTED} second line`,
      detail: `${REDACTED} again`,
    });
  });
});
