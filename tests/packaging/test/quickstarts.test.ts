import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_LIBRARIES, missingOutput, QUICKSTART_FILE } from '../src/libraries.js';
import { runCommand } from '../src/run-command.js';
import { WORKSPACE_ROOT } from '../src/workspace.js';

const tsx = join(WORKSPACE_ROOT, 'tests', 'packaging', 'node_modules', '.bin', 'tsx');

describe('the quickstarts in the workspace', () => {
  for (const library of DOCUMENTED_LIBRARIES) {
    it(`runs the ${library.name} quickstart and prints what it promises`, async () => {
      const directory = join(WORKSPACE_ROOT, library.path);
      const result = await runCommand(tsx, [QUICKSTART_FILE], {
        cwd: directory,
        timeoutMs: 30_000,
      });
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(missingOutput(result.stdout, library.expectedOutput)).toEqual([]);
    });
  }
});

describe('missingOutput', () => {
  it('returns the strings and patterns the output lacks, in order', () => {
    expect(missingOutput('a 12\nb', ['a', /^\d+$/m, 'c', /^b$/m])).toEqual([/^\d+$/m, 'c']);
  });
});
