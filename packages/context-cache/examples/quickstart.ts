import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCache, resolveContext, serializeSelectionResult } from '@x/context-cache';

const root = await mkdtemp(join(tmpdir(), 'context-cache-quickstart-'));
await mkdir(join(root, 'docs'));
await writeFile(join(root, 'docs', 'deploy.md'), '# Deploy\n\nThe deployment runs one command.\n');
await writeFile(join(root, 'docs', 'test.md'), '# Test\n\nRun the tests before a release.\n');
await buildCache({ sources: join(root, 'docs'), cache: join(root, 'caches', 'docs') });
const result = await resolveContext(
  { cache: 'docs', query: 'deployment command', budget: 100 },
  { cacheRoot: join(root, 'caches') },
);
console.log(serializeSelectionResult(result));
await rm(root, { recursive: true, force: true });
