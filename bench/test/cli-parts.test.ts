import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBenchArguments, recordedCommand, usage } from '../src/arguments.js';
import { missingDatasets, skipMessage } from '../src/availability.js';
import type { Benchmark } from '../src/benchmark.js';
import {
  displayDataPath,
  displayPath,
  findRepositoryRoot,
  outputFolder,
  resolveDataFolder,
  resultsFolder,
} from '../src/paths.js';
import { BENCHMARKS, selectBenchmarks } from '../src/registry.js';

describe('recordedCommand', () => {
  it('writes the data and output folders as placeholders, whichever way they are given', () => {
    expect(recordedCommand(['resolve', '--data', '/home/me/data', '--update-results'])).toBe(
      'pnpm bench resolve --data <data> --update-results',
    );
    expect(recordedCommand(['--data=/d', '--out', '/tmp/o', '--split', 'dev'])).toBe(
      'pnpm bench --data=<data> --out <out> --split dev',
    );
    expect(recordedCommand([])).toBe('pnpm bench');
    expect(recordedCommand(['valueOf', 'constructor'])).toBe('pnpm bench valueOf constructor');
  });

  it('never keeps a folder value and keeps every other word, for any arguments', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string({ minLength: 1 }), (words, folder) => {
        const argv = [
          ...words.filter((word) => !/^--(data|out)(=|$)/.test(word)),
          '--data',
          folder,
        ];
        const recorded = recordedCommand(argv);
        expect(recorded.endsWith(' --data <data>')).toBe(true);
        expect(recorded).toBe(['pnpm bench', ...argv.slice(0, -1), '<data>'].join(' '));
      }),
    );
  });
});

describe('parseBenchArguments', () => {
  it('reads benchmark names, --data and --split', () => {
    expect(parseBenchArguments(['search', '--split', 'dev', '--data', '/d'])).toEqual({
      names: ['search'],
      data: '/d',
      split: 'dev',
      out: undefined,
      updateResults: false,
      skipMissing: false,
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

  it('prefers --data, then X_BENCH_DATA, then bench/data inside the repository', () => {
    const existing = mkdtempSync(join(tmpdir(), 'bench-data-'));
    try {
      expect(resolveDataFolder(existing, { X_BENCH_DATA: '/nowhere' }, root)).toBe(existing);
      expect(resolveDataFolder(undefined, { X_BENCH_DATA: existing }, root)).toBe(existing);
      expect(resolveDataFolder(undefined, {}, root)).toBe(join(root, 'bench', 'data'));
      expect(resolveDataFolder(undefined, { X_BENCH_DATA: '' }, root)).toBe(
        join(root, 'bench', 'data'),
      );
    } finally {
      rmSync(existing, { recursive: true, force: true });
    }
  });

  it('refuses a folder named by --data or X_BENCH_DATA that does not exist, naming the source', () => {
    const missing = join(tmpdir(), 'bench-data-that-is-not-there');
    expect(() => resolveDataFolder(missing, {}, root)).toThrow(
      expect.objectContaining({ code: 'NO_DATA', message: expect.stringContaining('--data') }),
    );
    expect(() => resolveDataFolder(undefined, { X_BENCH_DATA: missing }, root)).toThrow(
      expect.objectContaining({
        code: 'NO_DATA',
        message: expect.stringContaining('X_BENCH_DATA'),
      }),
    );
  });

  it('finds the repository root from the bench package and records paths relative to it', () => {
    expect(displayPath(join(root, 'bench', 'results'), root)).toBe('bench/results');
    expect(displayDataPath(join('/data', 'docs', 'scifact'), '/data')).toBe('docs/scifact');
  });
});

describe('outputFolder', () => {
  const root = findRepositoryRoot();

  it('writes into bench/out by default, into --out when given, into bench/ only with --update-results', () => {
    expect(outputFolder({ out: undefined, updateResults: false }, root)).toBe(
      join(root, 'bench', 'out'),
    );
    expect(outputFolder({ out: '/tmp/runs', updateResults: false }, root)).toBe('/tmp/runs');
    expect(outputFolder({ out: undefined, updateResults: true }, root)).toBe(join(root, 'bench'));
    expect(resultsFolder(join(root, 'bench'))).toBe(join(root, 'bench', 'results'));
  });

  it('refuses --out together with --update-results', () => {
    expect(() => parseBenchArguments(['--out', 'x', '--update-results'])).toThrow(
      expect.objectContaining({ code: 'USAGE' }),
    );
  });
});

describe('missingDatasets and skipMessage', () => {
  it('names each missing data set with its address and license, and how to point at data', () => {
    const data = mkdtempSync(join(tmpdir(), 'bench-data-'));
    try {
      mkdirSync(join(data, 'tools', 'seal-tools'), { recursive: true });
      const search = selectBenchmarks(['search'])[0] as Benchmark;
      const missing = missingDatasets(search, data);
      expect(missing.map((dataset) => dataset.folder)).toEqual(['docs/scifact']);
      const message = skipMessage(search, missing, data);
      expect(message).toContain('search: skipped');
      expect(message).toContain('BEIR SciFact');
      expect(message).toContain('https://github.com/beir-cellar/beir');
      expect(message).toContain('CC BY-NC 2.0');
      expect(message).toContain('--data DIR');
      expect(message).toContain('X_BENCH_DATA');
      expect(missingDatasets(selectBenchmarks(['load'])[0] as Benchmark, data)).toEqual([]);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('gives every data set a benchmark reads a public address and a license', () => {
    for (const benchmark of BENCHMARKS) {
      for (const dataset of benchmark.about?.datasets ?? []) {
        expect(dataset.address).toMatch(/^https:\/\//);
        expect(dataset.license).not.toBe('');
      }
    }
  });
});

describe('bench/README.md', () => {
  it('lists, for every benchmark, exactly the data sets it reads', () => {
    const readme = readFileSync(join(findRepositoryRoot(), 'bench', 'README.md'), 'utf8');
    for (const benchmark of BENCHMARKS) {
      const row = new RegExp(`^\\| \`${benchmark.name}\` \\| (.*) \\|$`, 'm').exec(readme)?.[1];
      const folders = (benchmark.about?.datasets ?? []).map((dataset) => `\`${dataset.folder}\``);
      expect(row).toBe(folders.length === 0 ? 'none: it makes its own' : folders.join(', '));
    }
  });
});
