import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_LIBRARIES, QUICKSTART_FILE } from '../src/libraries.js';
import { readReadmeState, specsByName } from '../src/library-readme.js';
import { extractConformanceList, extractQuickstart } from '../src/readme-sections.js';
import { listWorkspacePackages, WORKSPACE_ROOT } from '../src/workspace.js';

describe('the library READMEs', () => {
  it('document every library of packages/*', async () => {
    const libraries = (await listWorkspacePackages())
      .filter((item) => item.path.startsWith('packages/'))
      .map((item) => ({ name: item.manifest.name, path: item.path }));
    expect(DOCUMENTED_LIBRARIES.map(({ name, path }) => ({ name, path }))).toEqual(libraries);
  });

  for (const library of DOCUMENTED_LIBRARIES) {
    describe(library.name, () => {
      it('shows examples/quickstart.ts verbatim as its quickstart', async () => {
        const readme = await readFile(join(WORKSPACE_ROOT, library.path, 'README.md'), 'utf8');
        const source = await readFile(join(WORKSPACE_ROOT, library.path, QUICKSTART_FILE), 'utf8');
        expect(extractQuickstart(readme)).toBe(source);
      });

      it('lists the requirements of its conformance specs as the registry has them', async () => {
        const state = await readReadmeState(WORKSPACE_ROOT, library);
        expect(state.problems).toEqual([]);
        const ids = specsByName(library.specs).flatMap((spec) =>
          spec.requirements.map((requirement) => requirement.id),
        );
        const listed = extractConformanceList(state.current) ?? '';
        expect([...listed.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1])).toEqual(ids);
        // Anything else out of date: run `pnpm --filter @x/packaging-tests update-readmes`.
        expect(state.current).toBe(state.expected);
      });

      it('has an install section and cites its specification', async () => {
        const readme = await readFile(join(WORKSPACE_ROOT, library.path, 'README.md'), 'utf8');
        expect(readme).toMatch(/^## Install$/m);
        expect(readme).toMatch(/^## Spec(ification)? sections implemented/m);
        expect(readme).toMatch(/^## API at a glance$/m);
      });
    });
  }

  it('refuses an unknown spec name', () => {
    expect(() => specsByName(['no-such-spec'])).toThrow(
      'no conformance spec is named no-such-spec',
    );
  });
});
