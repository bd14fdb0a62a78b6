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
import { runCommand } from '../src/run-command.js';
import {
  CONSUMER_COMPILER_OPTIONS,
  createTemporaryProject,
  resolvedWorkspacePackages,
  type TemporaryProject,
  transpileModule,
} from '../src/temporary-project.js';
import {
  listWorkspacePackages,
  privateApps,
  publicPackages,
  WORKSPACE_ROOT,
  type WorkspacePackage,
} from '../src/workspace.js';

// Every public package and every app (private, packed anyway: their bins must work after an
// install like this one), packed as `pnpm publish` would and installed with npm in a project
// outside the workspace.
const packages: WorkspacePackage[] = await listWorkspacePackages();
const packable = [...publicPackages(packages), ...privateApps(packages)];
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
