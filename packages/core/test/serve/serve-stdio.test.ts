import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStdio } from '../../src/serve/index.js';
import { createCounterFactory, INITIALIZE_REQUEST } from './helpers.js';
import { createLineReader, killFixture, spawnFixture, waitForExit } from './process-helpers.js';

const INITIALIZED_NOTIFICATION = { jsonrpc: '2.0', method: 'notifications/initialized' };
const WHOAMI_CALL = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'whoami', arguments: {} },
};

function line(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}

describe('serveStdio', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    killFixture(child);
    child = undefined;
  });

  it('serves one session with the given role and closes when stdin ends', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const counter = createCounterFactory();
    let onClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      onClosed = resolve;
    });
    await serveStdio(counter.factory, { stdin, stdout, role: 'local', onClosed });
    const responses = createInterface({ input: stdout })[Symbol.asyncIterator]();
    stdin.write(line(INITIALIZE_REQUEST));
    const initialized = JSON.parse((await responses.next()).value as string) as { id: number };
    expect(initialized.id).toBe(1);
    stdin.write(line(INITIALIZED_NOTIFICATION));
    stdin.write(line(WHOAMI_CALL));
    const called = JSON.parse((await responses.next()).value as string) as {
      result: { content: Array<{ text: string }> };
    };
    // JSON drops the undefined sessionId.
    expect(JSON.parse(called.result.content[0]?.text ?? '')).toEqual({
      role: 'local',
      transport: 'stdio',
      era: 'legacy',
      scope: expect.stringMatching(/^stdio:[0-9a-f-]{36}$/),
    });
    expect(counter.contexts).toEqual([
      {
        sessionId: undefined,
        role: 'local',
        transport: 'stdio',
        era: 'legacy',
        scope: expect.stringMatching(/^stdio:/),
      },
    ]);
    stdin.end();
    await closed;
    expect(stdin.listenerCount('data')).toBe(0);
  });

  it('closes idempotently when close() is called', async () => {
    let closedCount = 0;
    const running = await serveStdio(createCounterFactory().factory, {
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      onClosed: () => {
        closedCount += 1;
      },
    });
    await Promise.all([running.close(), running.close()]);
    expect(closedCount).toBe(1);
  });

  it('runs as a spawned process that answers and exits with 0 once its stdin closes', async () => {
    child = spawnFixture('stdio-server.mjs', ['reader']);
    const lines = createLineReader(child);
    child.stdin?.write(
      line({
        ...INITIALIZE_REQUEST,
        params: { ...INITIALIZE_REQUEST.params, protocolVersion: LATEST_PROTOCOL_VERSION },
      }),
    );
    const response = JSON.parse(await lines.next()) as { result: { serverInfo: { name: string } } };
    expect(response.result.serverInfo.name).toBe('stdio-fixture');
    child.stdin?.write(line(INITIALIZED_NOTIFICATION));
    child.stdin?.write(line(WHOAMI_CALL));
    const called = JSON.parse(await lines.next()) as {
      result: { content: Array<{ text: string }> };
    };
    expect(JSON.parse(called.result.content[0]?.text ?? '')).toEqual({
      role: 'reader',
      transport: 'stdio',
      era: 'legacy',
      scope: expect.stringMatching(/^stdio:/),
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdin?.end();
    expect(await waitForExit(child, 5000)).toEqual({ code: 0, signal: null });
    expect(stderr).toBe('closed\n');
  });
});
