import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, formatCatalogJson, runCli, specCatalog } from '../../src/index.js';
import { FIXTURES_DIRECTORY, MCP_BASE_FIXTURE } from '../helpers.js';

interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(argv: readonly string[], progress = false): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    writeStdout: (text) => {
      stdout += text;
    },
    writeStderr: (text) => {
      stderr += text;
    },
    progress,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const fixture = (file: string, ...args: string[]) =>
  ['node', `${FIXTURES_DIRECTORY}${file}`, ...args].join(' ');

describe('x-conformance', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'x-conformance-cli-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it.each([
    [
      ['--server', 'a', '--url', 'http://127.0.0.1:1/mcp'],
      'give either --server or --url, not both',
    ],
    [['--header', 'A: b'], '--header needs --url'],
    [
      ['--url', 'http://127.0.0.1:1/mcp', '--header', 'no colon'],
      '--header must look like "Name: value"',
    ],
    [['--url', 'ftp://example.com/mcp'], '--url must be http or https'],
    [['--format', 'xml'], '--format must be one of text, json, junit'],
    [['--timeout', '-5'], "Option '--timeout' argument is ambiguous"],
    [['--timeout', '1.5'], '--timeout must be a positive number of milliseconds'],
    [['--list', '--format', 'junit'], '--list prints text or json'],
    [['--bogus'], "Unknown option '--bogus'"],
    [['stray'], 'Unexpected argument'],
    [['--server', ' '], '--server needs a command line'],
    [['--profile', 'strict'], 'unknown profile(s): strict (known: x-profile)'],
  ])('exits 2 with a usage message for %j', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Run x-conformance --help for usage.');
  });

  it('exits 2 naming the target when it cannot be started, or the spec when it is unknown', async () => {
    const missing = await run(['--server', 'no-such-command-x --flag']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^x-conformance: target "no-such-command-x --flag" could not be started: .*not found/,
    );
    const unknown = await run(['--server', fixture(MCP_BASE_FIXTURE), '--spec', 'no-such-spec']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^x-conformance: unknown spec "no-such-spec" \(known: mcp-base, .*cash/,
      ),
    });
    const unknownTarget = await run(['--target', 'memory', '--target', 'no-such-target']);
    expect(unknownTarget).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^x-conformance: unknown --target no-such-target \(known: everything, filesystem, memory, /,
      ),
    });
    const both = await run(['--target', 'memory', '--server', fixture(MCP_BASE_FIXTURE)]);
    expect(both).toMatchObject({ code: 2, stderr: expect.stringMatching(/not both/) });
  });

  it('lists the reference targets and refuses --list-targets as junit', async () => {
    const listed = await run(['--list-targets']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^everything +server +detected\n/);
    const junit = await run(['--list-targets', '--format', 'junit']);
    expect(junit).toMatchObject({ code: 2, stderr: expect.stringMatching(/text or json/) });
  });

  it('prints the usage text and the catalog', async () => {
    expect((await run(['--help'])).stdout).toContain('x-conformance --list [--format text|json]');
    const table = await run(['--list']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      /^mcp-base: .*\n {2}ID +KIND +LEVEL +SOURCE +REMARKS\n {2}mcp\.lifecycle\.initialize +spec +MUST +mcp-2025-11-25 .*: "/,
    );
    // A choice of this project is marked as the profile's; a contradiction of the source is noted.
    expect(table.stdout).toMatch(
      /\n {2}cash\.4\.1\.invalid-arguments +x-profile +SHOULD +x-architecture /,
    );
    expect(table.stdout).toMatch(
      /\n {2}cash\.5\.3\.kwargs-keys-normalized +spec +SHOULD +cash-rfc-0\.1\.1 §5\.3: "servers should normalize kwargs keys before matching" +cash-rfc §5\.3 contradicts itself/,
    );
    expect(table.stdout).toMatch(
      /\n {2}cash\.5\.4\.2\.https-manifests +spec +MUST +.* not observable over MCP: the fetch happens/,
    );
    const json = await run(['--', '--list', '--format', 'json']);
    expect(json.stdout).toBe(formatCatalogJson(specCatalog()));
  });

  it('exits 1 when a MUST fails and 0 when only a SHOULD fails, without progress unless asked', async () => {
    const must = await run([
      '--server',
      fixture(MCP_BASE_FIXTURE, '--defect', 'ping-not-empty'),
      '--spec',
      'mcp-base',
    ]);
    expect(must).toMatchObject({ code: 1, stderr: '' });
    expect(must.stdout).toMatch(
      /mcp\.ping\.empty-result +MUST +2025 +fail +the ping result is not empty/,
    );
    expect(must.stdout).toMatch(
      /\nSummary: 1 target, 14 passed, 1 failed \(1 MUST\), 0 skipped, 0 not applicable\nMUST checks skipped: 0\n$/,
    );
    const should = await run([
      '--server',
      fixture(MCP_BASE_FIXTURE, '--defect', 'colon-tool-name'),
    ]);
    expect(should.code).toBe(0);
    expect(should.stdout).toMatch(/mcp\.tools\.name-format +SHOULD +2025 +fail/);
  });

  it('writes the report to --output, and redraws a status line on stderr when asked to', async () => {
    const output = join(directory, 'report.xml');
    const result = await run(
      ['--server', fixture(MCP_BASE_FIXTURE), '--format', 'junit', '--output', output],
      true,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Summary: 15 passed, 0 failed (0 MUST), 0 skipped, 0 not applicable (report in ${output})\nMUST checks skipped: 0\n`,
    );
    // A status line redrawn in place (\r, erase line), then the counts in its place.
    expect(result.stderr).toContain(': mcp.ping.empty-result pass… ');
    expect(result.stderr.endsWith('\r\u001b[Kx-conformance: 15 checks, 0 failed\n')).toBe(true);
    expect(await readFile(output, 'utf8')).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /,
    );
  });
});
