import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTED_LIBRARIES, missingOutput, QUICKSTART_FILE } from '../src/libraries.js';
import {
  type PackedPackage,
  packPackage,
  readPackedManifest,
  unresolvedSpecifiers,
} from '../src/pack.js';
import { cleanEnvironment, runCommand } from '../src/run-command.js';
import { initializeOverStdio } from '../src/stdio-initialize.js';
import {
  CONSUMER_COMPILER_OPTIONS,
  createTemporaryProject,
  resolvedWorkspacePackages,
  type TemporaryProject,
  transpileModule,
} from '../src/temporary-project.js';
import {
  listWorkspacePackages,
  publicPackages,
  WORKSPACE_ROOT,
  type WorkspacePackage,
} from '../src/workspace.js';

// Every public package, the apps included, packed as `pnpm publish` would and installed with npm
// in a project outside the workspace.
const packages: WorkspacePackage[] = await listWorkspacePackages();
const packable = publicPackages(packages);
const typesNodeVersion = (
  JSON.parse(
    await readFile(
      join(WORKSPACE_ROOT, 'tests', 'packaging', 'node_modules', '@types', 'node', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

let tarballs: string;
let packed: PackedPackage[] = [];
let project: TemporaryProject | undefined;

function projectDirectory(): string {
  if (project === undefined) {
    throw new Error('the temporary project was not installed');
  }
  return project.directory;
}

beforeAll(async () => {
  tarballs = await mkdtemp(join(tmpdir(), 'x-tarballs-'));
  packed = await Promise.all(packable.map((item) => packPackage(item, tarballs)));
  project = await createTemporaryProject({
    tarballs: Object.fromEntries(packed.map((item) => [item.source.manifest.name, item.tarball])),
    registryDependencies: { '@types/node': typesNodeVersion },
  });
});

afterAll(async () => {
  await project?.remove();
  await rm(tarballs, { recursive: true, force: true });
});

describe('the packed tarballs', () => {
  it('carry no workspace: or catalog: specifier', async () => {
    for (const item of packed) {
      const manifest = await readPackedManifest(item.tarball);
      expect({ name: manifest.name, unresolved: unresolvedSpecifiers(manifest) }).toEqual({
        name: item.source.manifest.name,
        unresolved: [],
      });
    }
  });

  it('install with every @x dependency taken from a tarball, once, at the top level', async () => {
    const resolved = await resolvedWorkspacePackages(projectDirectory());
    const expected = Object.fromEntries(
      packed.map((item) => [`node_modules/${item.source.manifest.name}`, `file:${item.tarball}`]),
    );
    expect(Object.keys(resolved).sort()).toEqual(Object.keys(expected).sort());
    for (const [path, source] of Object.entries(resolved)) {
      expect(source?.startsWith('file:'), path).toBe(true);
    }
  });

  it('import through every subpath export of every public package', async () => {
    const specifiers = publicPackages(packages).flatMap((item) =>
      Object.keys(item.manifest.exports ?? {})
        .filter((subpath) => subpath !== './package.json')
        .map((subpath) => `${item.manifest.name}${subpath.slice(1)}`),
    );
    const script = specifiers
      .map(
        (specifier) =>
          `console.log(${JSON.stringify(specifier)}, Object.keys(await import(${JSON.stringify(specifier)})).length);`,
      )
      .join('\n');
    await writeFile(join(projectDirectory(), 'import-all.mjs'), script);
    const result = await runCommand('node', ['import-all.mjs'], { cwd: projectDirectory() });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(' ')[0])).toEqual(specifiers);
    for (const line of lines) {
      expect(Number(line.split(' ')[1]), line).toBeGreaterThan(0);
    }
  });
});

describe('the quickstarts from the installed tarballs', () => {
  const quickstartsDirectory = () => join(projectDirectory(), 'quickstarts');
  const fileName = (path: string) => path.replace('packages/', '');

  beforeAll(async () => {
    await mkdir(quickstartsDirectory());
    for (const library of DOCUMENTED_LIBRARIES) {
      const source = await readFile(join(WORKSPACE_ROOT, library.path, QUICKSTART_FILE), 'utf8');
      const base = join(quickstartsDirectory(), fileName(library.path));
      await writeFile(`${base}.ts`, source);
      await writeFile(`${base}.mjs`, transpileModule(source));
    }
    const tsconfig = { compilerOptions: CONSUMER_COMPILER_OPTIONS, include: ['quickstarts/*.ts'] };
    await writeFile(join(projectDirectory(), 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  });

  it('typecheck against the installed type declarations (NodeNext, strict)', async () => {
    const tsc = join(WORKSPACE_ROOT, 'tests', 'packaging', 'node_modules', '.bin', 'tsc');
    const result = await runCommand(tsc, ['-p', 'tsconfig.json'], {
      cwd: projectDirectory(),
      timeoutMs: 120_000,
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  }, 120_000);

  for (const library of DOCUMENTED_LIBRARIES) {
    it(`run the ${library.name} quickstart and print what it promises`, async () => {
      const file = join(quickstartsDirectory(), `${fileName(library.path)}.mjs`);
      const result = await runCommand('node', [file], {
        cwd: projectDirectory(),
        timeoutMs: 30_000,
      });
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(missingOutput(result.stdout, library.expectedOutput)).toEqual([]);
    });
  }
});

describe('the installed commands', () => {
  const bins = packable.flatMap((item) =>
    Object.keys(item.manifest.bin ?? {}).map((bin) => ({ bin, name: item.manifest.name })),
  );

  it('include every bin of the packed packages', () => {
    expect(bins.map(({ bin }) => bin)).toEqual(
      expect.arrayContaining(['x-cash', 'x-gateway', 'x-pd', 'x-context-cache', 'x-mcs']),
    );
  });

  for (const { bin, name } of bins) {
    it(`${bin} (${name}) answers --help with its usage`, async () => {
      const result = await runCommand(
        join(projectDirectory(), 'node_modules', '.bin', bin),
        ['--help'],
        {
          cwd: projectDirectory(),
          timeoutMs: 30_000,
        },
      );
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Usage/);
      expect(result.stdout).toContain(bin);
    });
  }
});

describe('the client-config snippets of every app', () => {
  // The stdio snippets run as a client runs them, in the installed project: `npx -y PACKAGE`
  // finds the package installed from its tarball (offline, so never the registry), and the
  // local-checkout snippets run this workspace's build. Placeholders become real paths. The
  // http.json snippets name a fixed port of a server started by hand; --help above covers
  // those bins.
  const snippets = packable
    .filter((item) => item.path.startsWith('apps/'))
    .flatMap((item) => ['stdio-npx.json', 'stdio-local.json'].map((file) => ({ item, file })))
    .filter(({ item, file }) => existsSync(join(item.directory, 'client-config', file)));

  it('cover every app that ships a client-config folder', () => {
    const apps = packable.filter((item) => existsSync(join(item.directory, 'client-config')));
    expect(new Set(snippets.map(({ item }) => item.path))).toEqual(
      new Set(apps.map((item) => item.path)),
    );
  });

  for (const { item, file } of snippets) {
    it(`${item.path}/client-config/${file} starts a server that answers initialize`, async () => {
      const directory = projectDirectory();
      const caches = await mkdtemp(join(tmpdir(), 'x-snippet-caches-'));
      const config = join(directory, 'snippet-mcp.json');
      await writeFile(
        config,
        JSON.stringify({
          mcpServers: {
            demo: { command: join(directory, 'node_modules', '.bin', 'x-pd'), args: ['demo'] },
          },
        }),
      );
      const text = (await readFile(join(item.directory, 'client-config', file), 'utf8'))
        .replaceAll('/path/to/x-monorepo', WORKSPACE_ROOT.replace(/\/$/, ''))
        .replaceAll('/path/to/caches', caches)
        .replaceAll('/path/to/mcp.json', config);
      const servers = (
        JSON.parse(text) as { mcpServers: Record<string, { command: string; args?: string[] }> }
      ).mcpServers;
      const [entry] = Object.values(servers);
      try {
        const outcome = await initializeOverStdio(entry?.command ?? '', entry?.args ?? [], {
          cwd: directory,
          env: { ...cleanEnvironment(), npm_config_offline: 'true' },
        });
        expect(typeof outcome.response?.result?.serverInfo?.name, outcome.stderr).toBe('string');
        expect(outcome.exitCode, outcome.stderr).toBe(0);
      } finally {
        await rm(caches, { recursive: true, force: true });
      }
    });
  }
});
