import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractShellCommands, type ReadmeCommand } from '../src/readme-commands.js';
import { runCommand } from '../src/run-command.js';
import { WORKSPACE_ROOT } from '../src/workspace.js';

/** Why a command is not run here, by the start of the command. */
type Skips = ReadonlyArray<readonly [prefix: string, reason: string]>;

const SERVES_UNTIL_STOPPED = 'serves until it is stopped';
const NEEDS_SERVER = 'talks to a server the README starts in the background beforehand';
const INTEGRITY_WALK =
  'the integrity walk-through runs in an empty folder of its own and records digests in the data folder; apps/gateway/test/tool-integrity.test.ts runs the same steps under a temporary XDG_DATA_HOME';
const FROM_REGISTRY =
  'installs the published package from the npm registry into your own project; packed-install.test.ts installs the packed tarballs instead';

/**
 * Every README with shell commands: the folder its commands run from (the one it names), and the
 * commands this test does not run, each with the reason. Every other command runs, in order, as
 * one shell script per README, with stdin at end of file (so a stdio server ends at once).
 */
const PLAN: Readonly<Record<string, { cwd: string; skip: Skips }>> = {
  'README.md': {
    cwd: '.',
    skip: [
      [
        'npm install -g pnpm@12.21.0 && pnpm install && pnpm conformance',
        'installs pnpm globally and runs the whole conformance job: .ci/run runs it',
      ],
      [
        'npm install -g pnpm@12.21.0 && pnpm install --frozen-lockfile && pnpm test',
        'runs every test suite, this one included: .ci/run runs it on a copy of the repository with nothing beside it (scripts/clone-alone.sh)',
      ],
    ],
  },
  'apps/cash-server/README.md': { cwd: 'apps/cash-server', skip: [] },
  'apps/context-cache-server/README.md': {
    cwd: '.',
    skip: [['pnpm exec x-context-cache serve --root /tmp/x-caches --http', SERVES_UNTIL_STOPPED]],
  },
  'apps/gateway/README.md': {
    cwd: '.',
    skip: [
      ['pnpm install', 'reinstalls the workspace this test runs in'],
      [
        'pnpm --filter @x/gateway-app build',
        'the workspace is built before its tests run (turbo: test depends on build)',
      ],
      ['node dist/cli.js serve --config examples/mcp.json --http', SERVES_UNTIL_STOPPED],
      ['curl -si -X POST http://127.0.0.1:3000/mcp', NEEDS_SERVER],
      ['curl -s http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp', NEEDS_SERVER],
      [
        'npx -y @modelcontextprotocol/inspector@2.12.0 --cli http://127.0.0.1:3000/mcp',
        NEEDS_SERVER,
      ],
      ['inspect() {', 'defines the Inspector call of the next lines, which need that server'],
      ['inspect --method', NEEDS_SERVER],
      ['echo \'[{"name":"lookup"', INTEGRITY_WALK],
      ['x-gateway serve --config mcp.json', INTEGRITY_WALK],
      ["sed -i 's/by id./", INTEGRITY_WALK],
      ['x-gateway tools quarantined --config mcp.json', INTEGRITY_WALK],
      ['x-gateway tools approve --config mcp.json', INTEGRITY_WALK],
      ['node dist/cli.js serve --config examples/mcp-policies.json', SERVES_UNTIL_STOPPED],
    ],
  },
  'apps/mcs-cli/README.md': {
    cwd: '.',
    skip: [
      ['pnpm exec x-mcs serve-demo --port 8080 &', SERVES_UNTIL_STOPPED],
      ['pnpm exec x-mcs describe --openapi http://127.0.0.1:8080', NEEDS_SERVER],
      ['pnpm exec x-mcs system-message --openapi http://127.0.0.1:8080', NEEDS_SERVER],
      ['echo \'{"tool": "listBooks"', NEEDS_SERVER],
      ['pnpm exec x-mcs describe --mcp-url http://127.0.0.1:3001/mcp', NEEDS_SERVER],
      ['pnpm exec x-mcs exec --cash http://127.0.0.1:3002/mcp', NEEDS_SERVER],
    ],
  },
  'apps/pd-server/README.md': {
    cwd: 'apps/pd-server',
    skip: [
      ['node dist/cli.js demo --http 3000 --tokens tokens.json &', SERVES_UNTIL_STOPPED],
      ['inspect() {', 'defines the Inspector call of the next lines, which need that server'],
      ['inspect --method', NEEDS_SERVER],
    ],
  },
  'bench/README.md': {
    cwd: '.',
    skip: [
      [
        'pnpm bench',
        'builds the workspace with turbo first (this test runs inside turbo) and takes minutes of CPU: scripts/clone-alone.sh runs `pnpm bench --quick` in CI',
      ],
    ],
  },
  'conformance/README.md': { cwd: '.', skip: [] },
  'interop/README.md': {
    cwd: '.',
    skip: [
      [
        'pnpm conformance:official',
        'downloads Node 22 and the official suite from the npm registry',
      ],
      [
        'node interop/dist/official/cli.js',
        'downloads Node 22 and the official suite from the npm registry',
      ],
    ],
  },
  'packages/cash/README.md': { cwd: '.', skip: [['pnpm add @x/cash', FROM_REGISTRY]] },
  'packages/context-cache/README.md': {
    cwd: '.',
    skip: [['npm install @x/context-cache', FROM_REGISTRY]],
  },
  'packages/core/README.md': { cwd: '.', skip: [['npm install @x/core', FROM_REGISTRY]] },
  'packages/gateway/README.md': {
    cwd: '.',
    skip: [
      ['pnpm add @x/gateway', FROM_REGISTRY],
      [
        'python3 packages/gateway/scripts/generate-tool-id-vectors.py',
        'rewrites a committed test fixture (a maintainer step; the gateway tests check the vectors)',
      ],
    ],
  },
  'packages/mcs/README.md': { cwd: '.', skip: [['pnpm add @x/mcs', FROM_REGISTRY]] },
  'packages/progressive-disclosure/README.md': {
    cwd: '.',
    skip: [['pnpm add @x/progressive-disclosure', FROM_REGISTRY]],
  },
};

/** Every README.md of the repository outside node_modules and dist. */
async function allReadmes(folder = ''): Promise<string[]> {
  const entries = await readdir(join(WORKSPACE_ROOT, folder), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (
        !['node_modules', 'dist', '.git', '.turbo', 'docs-site'].includes(entry.name) &&
        !entry.name.startsWith('.')
      ) {
        found.push(...(await allReadmes(path)));
      }
    } else if (entry.name === 'README.md') {
      found.push(path);
    }
  }
  return found.sort();
}

async function commandsOf(readme: string): Promise<ReadmeCommand[]> {
  return extractShellCommands(await readFile(join(WORKSPACE_ROOT, readme), 'utf8'));
}

function skipOf(readme: string, command: string): string | undefined {
  return PLAN[readme]?.skip.find(([prefix]) => command.startsWith(prefix))?.[1];
}

/** The commands of every planned README, read once. */
const COMMANDS = new Map(
  await Promise.all(
    Object.keys(PLAN).map(async (readme) => [readme, await commandsOf(readme)] as const),
  ),
);

describe('the commands of every README', () => {
  it('are all planned: each README with shell commands has a folder, and each skip a command', async () => {
    const withCommands: string[] = [];
    for (const readme of await allReadmes()) {
      if ((await commandsOf(readme)).length > 0) withCommands.push(readme);
    }
    expect(withCommands).toEqual(Object.keys(PLAN).sort());
    for (const [readme, plan] of Object.entries(PLAN)) {
      const commands = (await commandsOf(readme)).map((entry) => entry.command);
      for (const [prefix] of plan.skip) {
        expect(
          commands.some((command) => command.startsWith(prefix)),
          `${readme}: ${prefix}`,
        ).toBe(true);
      }
    }
  });

  for (const [readme, plan] of Object.entries(PLAN)) {
    const runnable = (COMMANDS.get(readme) ?? []).filter(
      (entry) => skipOf(readme, entry.command) === undefined,
    );
    if (runnable.length === 0) continue;
    it(`run from the folder ${readme} names (${plan.cwd})`, { timeout: 600_000 }, async () => {
      const script = [
        'exec </dev/null',
        'set -euo pipefail',
        ...runnable.map((entry) => `echo "+ ${readme}:${entry.line}" >&2\n${entry.command}`),
      ].join('\n');
      const result = await runCommand('bash', ['-c', script], {
        cwd: join(WORKSPACE_ROOT, plan.cwd),
        timeoutMs: 540_000,
      });
      expect(result.exitCode, `${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`).toBe(
        0,
      );
    });
  }
});
