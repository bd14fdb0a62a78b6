import type { BenchmarkContext } from '../../benchmark.js';
import { BenchError } from '../../errors.js';
import { displayDataPath, isFolder } from '../../paths.js';
import { sourceFolder, type TaskSource } from './sources.js';
import type { RetrievalTask } from './task.js';

/** Loads each source's split; with `--split`, a source without that split is skipped with a note. */
export function loadTasks(
  context: BenchmarkContext,
  sources: readonly TaskSource[],
  benchmark: string,
): { tasks: RetrievalTask[]; skipped: { dataset: string; split: string; available: string[] }[] } {
  const tasks: RetrievalTask[] = [];
  const skipped: { dataset: string; split: string; available: string[] }[] = [];
  for (const source of sources) {
    const folder = sourceFolder(context.dataFolder, source);
    if (!isFolder(folder)) {
      throw new BenchError({ code: 'NO_DATA', message: `missing data set ${folder}` });
    }
    const split = context.split ?? source.defaultSplit;
    const available = source.splits(folder);
    if (context.split !== undefined && !available.includes(split)) {
      context.note(
        `${benchmark}: skipping ${source.name}: no split "${split}" (splits: ${available.join(', ') || 'none'})`,
      );
      skipped.push({ dataset: source.name, split, available });
      continue;
    }
    tasks.push(source.load(folder, split, displayDataPath(folder, context.dataFolder)));
  }
  if (tasks.length === 0) {
    throw new BenchError({ code: 'NO_DATA', message: `no data set has split "${context.split}"` });
  }
  return { tasks, skipped };
}
