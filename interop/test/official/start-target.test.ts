import { describe, expect, it } from 'vitest';
import { startTarget } from '../../src/official/start-target.js';

function nodeScript(script: string) {
  return { name: 'fake', command: process.execPath, args: ['-e', script] };
}

describe('startTarget', () => {
  it('resolves with the address the app prints and stops it', async () => {
    const started = await startTarget(
      nodeScript(
        "process.stderr.write('x: serving at http://127.0.0.1:4321/mcp\\n'); setInterval(() => {}, 1000);",
      ),
    );
    expect(started.url.href).toBe('http://127.0.0.1:4321/mcp');
    await started.stop();
  });

  it('fails with the last lines of stderr when the app exits before serving', async () => {
    await expect(
      startTarget(nodeScript("process.stderr.write('x: port in use\\n'); process.exit(1);")),
    ).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message: expect.stringMatching(/^fake exited \(1\) before serving:\nx: port in use$/),
    });
  });

  it('fails when the app prints no address in time, and stops it', async () => {
    await expect(
      startTarget(nodeScript('setInterval(() => {}, 1000);'), 300),
    ).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message: expect.stringMatching(/^fake printed no address within 300 ms/),
    });
  });
});
