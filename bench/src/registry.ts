import type { Benchmark } from './benchmark.js';
import { disclosureBenchmark } from './benchmarks/disclosure/index.js';
import { gatewayBenchmark } from './benchmarks/gateway/index.js';
import { loadBenchmark } from './benchmarks/load/index.js';
import { mcsPromptsBenchmark } from './benchmarks/mcs-prompts/index.js';
import { resolveBenchmark } from './benchmarks/resolve/index.js';
import { retrievalBenchmark } from './benchmarks/retrieval/index.js';
import { searchBenchmark } from './benchmarks/search/index.js';
import { soakBenchmark } from './benchmarks/soak/index.js';
import { tokensBenchmark } from './benchmarks/tokens/index.js';
import { BenchError } from './errors.js';

/** Every benchmark, in the order `pnpm bench` runs them. */
export const BENCHMARKS: readonly Benchmark[] = [
  searchBenchmark,
  tokensBenchmark,
  disclosureBenchmark,
  resolveBenchmark,
  retrievalBenchmark,
  gatewayBenchmark,
  loadBenchmark,
  soakBenchmark,
  mcsPromptsBenchmark,
];

/**
 * The benchmarks named on the command line, in registry order; all of them for no name.
 *
 * @throws {@link BenchError} `USAGE` naming the unknown benchmark and the known ones.
 */
export function selectBenchmarks(
  names: readonly string[],
  benchmarks: readonly Benchmark[] = BENCHMARKS,
): Benchmark[] {
  if (names.length === 0) return [...benchmarks];
  for (const name of names) {
    if (!benchmarks.some((benchmark) => benchmark.name === name)) {
      throw new BenchError({
        code: 'USAGE',
        message: `unknown benchmark "${name}"; known: ${benchmarks.map((benchmark) => benchmark.name).join(', ')}`,
      });
    }
  }
  return benchmarks.filter((benchmark) => names.includes(benchmark.name));
}
