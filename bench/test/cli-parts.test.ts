import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBenchArguments, usage } from '../src/arguments.js';
import { displayPath, findRepositoryRoot, resolveDataFolder } from '../src/paths.js';
import { BENCHMARKS, selectBenchmarks } from '../src/registry.js';

describe('parseBenchArguments', () => {
  it('reads benchmark names, --data and --split', () => {
    expect(parseBenchArguments(['search', '--split', 'dev', '--data', '/d'])).toEqual({
      names: ['search'],
      data: '/d',
      split: 'dev',
      mode: 'standard',
      help: false,
    });
    expect(parseBenchArguments(['--', 'search']).names).toEqual(['search']);
  });

  it('reads --quick and --full as the run mode and refuses both together', () => {
    expect(parseBenchArguments(['tokens', '--quick']).mode).toBe('quick');
    expect(parseBenchArguments(['--full']).mode).toBe('full');
    expect(() => parseBenchArguments(['--quick', '--full'])).toThrow(
      expect.objectContaining({ code: 'USAGE' }),
    );
  });

  it('runs the whole suite quick and a named benchmark standard unless a mode is given', () => {
    expect(parseBenchArguments([]).mode).toBe('quick');
    expect(parseBenchArguments(['gateway']).mode).toBe('standard');
    expect(parseBenchArguments(['--standard']).mode).toBe('standard');
    expect(() => parseBenchArguments(['--standard', '--full'])).toThrow(
      expect.objectContaining({ code: 'USAGE' }),
    );
  });

  it('rejects unknown options and odd split names with USAGE', () => {
    const usageError = expect.objectContaining({ code: 'USAGE' });
    expect(() => parseBenchArguments(['--fast'])).toThrow(usageError);
    expect(() => parseBenchArguments(['--split', '../x'])).toThrow(usageError);
  });

  it('lists every registered benchmark in the help text', () => {
    for (const benchmark of BENCHMARKS) expect(usage(BENCHMARKS)).toContain(benchmark.name);
  });
});

describe('selectBenchmarks', () => {
  it('runs all benchmarks without names and rejects unknown names with USAGE', () => {
    expect(selectBenchmarks([])).toEqual(BENCHMARKS);
    expect(selectBenchmarks(['search']).map((benchmark) => benchmark.name)).toEqual(['search']);
    expect(() => selectBenchmarks(['nope'])).toThrow(
      expect.objectContaining({ code: 'USAGE', message: expect.stringContaining('search') }),
    );
  });
});

describe('resolveDataFolder', () => {
  const root = findRepositoryRoot();
  const existing = mkdtempSync(join(tmpdir(), 'bench-data-'));

  it('prefers --data, then X_BENCH_DATA, then ../shared/data beside the repository', () => {
    expect(resolveDataFolder(existing, { X_BENCH_DATA: '/nowhere' }, root)).toBe(existing);
    expect(resolveDataFolder(undefined, { X_BENCH_DATA: existing }, root)).toBe(existing);
    const fakeRoot = join(existing, 'repository');
    expect(() => resolveDataFolder(undefined, {}, fakeRoot)).toThrow(
      expect.objectContaining({
        code: 'NO_DATA',
        message: expect.stringContaining(join(existing, 'shared', 'data')),
      }),
    );
    rmSync(existing, { recursive: true, force: true });
  });

  it('finds the repository root from the bench package and records paths relative to it', () => {
    expect(displayPath(join(root, 'bench', 'results'), root)).toBe('bench/results');
    expect(displayPath(join(root, '..', 'shared', 'data'), root)).toBe('../shared/data');
  });
});
