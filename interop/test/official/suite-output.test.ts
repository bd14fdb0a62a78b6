import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  mergeResults,
  NO_DETAILS,
  parseSummary,
  readFailedChecks,
} from '../../src/official/suite-output.js';

const OUTPUT = `Running active suite (3 scenarios) against http://127.0.0.1:4000/mcp

=== Running scenario: server-initialize ===
✓ not a summary line: 1 passed, 0 failed

=== SUMMARY ===
✓ server-initialize: 1 passed, 0 failed
✗ logging-set-level: 0 passed, 1 failed
✗ server-sse-multiple-streams: 2 passed, 0 failed, 1 warnings

Total: 3 passed, 1 failed
`;

describe('parseSummary', () => {
  it('reads each scenario of the summary with its mark, and nothing before it', () => {
    expect(parseSummary(OUTPUT)).toEqual([
      { scenario: 'server-initialize', passed: true },
      { scenario: 'logging-set-level', passed: false },
      { scenario: 'server-sse-multiple-streams', passed: false },
    ]);
  });

  it('returns undefined when the suite printed no summary', () => {
    expect(parseSummary('Error: connect ECONNREFUSED\n')).toBeUndefined();
  });
});

describe('readFailedChecks', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'x-interop-output-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  async function save(folder: string, checks: unknown): Promise<void> {
    await mkdir(join(directory, folder));
    await writeFile(join(directory, folder, 'checks.json'), JSON.stringify(checks));
  }

  it('keeps the failed checks (not warnings) of the latest folder of each scenario', async () => {
    await save('server-logging-set-level-2026-01-01T00-00-00-000Z', [
      { id: 'old', name: 'LoggingSetLevel', status: 'FAILURE', errorMessage: 'old' },
    ]);
    await save('server-logging-set-level-2026-01-01T00-00-01-000Z', [
      { id: 'set-level', name: 'LoggingSetLevel', status: 'FAILURE', errorMessage: 'Not found' },
      { id: 'info', name: 'Info', status: 'INFO', description: 'ignored' },
    ]);
    await save('server-tools-call-image-2026-01-01T00-00-00-000Z', [
      { id: 'image', name: 'Image', status: 'WARNING', description: 'slow' },
      { id: 'other', name: 'Other', status: 'SUCCESS' },
    ]);
    await mkdir(join(directory, 'not-a-result'));
    const messages = await readFailedChecks(directory);
    const failed = { id: 'set-level', message: 'LoggingSetLevel: Not found' };
    expect(Object.fromEntries(messages)).toEqual({
      'logging-set-level': [failed],
      'tools-call-image': [],
    });
    expect(
      mergeResults(
        [
          { scenario: 'logging-set-level', passed: false },
          { scenario: 'ping', passed: true },
          { scenario: 'prompts-list', passed: false },
        ],
        messages,
      ),
    ).toEqual([
      { scenario: 'logging-set-level', passed: false, failures: [failed] },
      { scenario: 'ping', passed: true, failures: [] },
      { scenario: 'prompts-list', passed: false, failures: [NO_DETAILS] },
    ]);
  });
});
