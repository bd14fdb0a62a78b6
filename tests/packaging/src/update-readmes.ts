/**
 * `node tests/packaging/dist/update-readmes.js [--check]`: rewrites the generated parts of every
 * library README (the quickstart and the conformance list), or with `--check` only reports the
 * READMEs that are out of date and exits with 1.
 *
 * @module
 */

import { writeFile } from 'node:fs/promises';
import { DOCUMENTED_LIBRARIES } from './libraries.js';
import { readReadmeState } from './library-readme.js';
import { WORKSPACE_ROOT } from './workspace.js';

const check = process.argv.includes('--check');
let failed = false;
for (const library of DOCUMENTED_LIBRARIES) {
  const state = await readReadmeState(WORKSPACE_ROOT, library);
  if (state.expected === undefined) {
    failed = true;
    for (const problem of state.problems) {
      process.stderr.write(`${problem}\n`);
    }
  } else if (state.expected !== state.current) {
    if (check) {
      failed = true;
      process.stderr.write(`${library.path}/README.md is out of date\n`);
    } else {
      await writeFile(state.path, state.expected);
      process.stdout.write(`updated ${library.path}/README.md\n`);
    }
  }
}
process.exitCode = failed ? 1 : 0;
