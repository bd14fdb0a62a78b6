/**
 * A library README brought up to date: its quickstart block from the quickstart file and its
 * conformance list from the conformance registry.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type SpecCatalogEntry, specCatalog } from '@x/conformance';
import { type DocumentedLibrary, QUICKSTART_FILE } from './libraries.js';
import {
  renderConformanceList,
  replaceConformanceList,
  replaceQuickstart,
} from './readme-sections.js';

/** A README as it is and as it should be. */
export interface ReadmeState {
  /** The README's path. */
  readonly path: string;
  /** The text on disk. */
  readonly current: string;
  /** The text with both generated parts up to date; undefined when a marker is missing. */
  readonly expected: string | undefined;
  /** What is missing, when `expected` is undefined. */
  readonly problems: readonly string[];
}

/** The registered specs named by `names`, in that order; throws for an unknown name. */
export function specsByName(names: readonly string[]): SpecCatalogEntry[] {
  const catalog = specCatalog();
  return names.map((name) => {
    const spec = catalog.find((entry) => entry.name === name);
    if (spec === undefined) {
      throw new Error(`no conformance spec is named ${name}`);
    }
    return spec;
  });
}

/** Reads a library's README and quickstart and computes the up-to-date README. */
export async function readReadmeState(
  root: string,
  library: DocumentedLibrary,
): Promise<ReadmeState> {
  const path = join(root, library.path, 'README.md');
  const current = await readFile(path, 'utf8');
  const quickstart = await readFile(join(root, library.path, QUICKSTART_FILE), 'utf8');
  const problems: string[] = [];
  const withQuickstart = replaceQuickstart(current, quickstart);
  if (withQuickstart === undefined) {
    problems.push(`${library.path}/README.md has no quickstart marker followed by a ts fence`);
  }
  const expected = replaceConformanceList(
    withQuickstart ?? current,
    renderConformanceList(specsByName(library.specs)),
  );
  if (expected === undefined) {
    problems.push(`${library.path}/README.md has no conformance markers`);
  }
  return { path, current, expected: problems.length === 0 ? expected : undefined, problems };
}
