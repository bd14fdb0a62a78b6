import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectHiddenInstructions, toToolSnapshot } from '../../src/integrity/index.js';
import {
  createUpstreamPool,
  parseMcpServersConfig,
  type UpstreamPool,
} from '../../src/upstreams/index.js';
import { OFFICIAL } from '../upstreams/helpers.js';

let folder: string;
let pool: UpstreamPool;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-integrity-reference-'));
  const config = parseMcpServersConfig(
    {
      mcpServers: {
        everything: { command: process.execPath, args: [OFFICIAL.everything] },
        memory: {
          command: process.execPath,
          args: [OFFICIAL.memory],
          env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
        },
        filesystem: { command: process.execPath, args: [OFFICIAL.filesystem, folder] },
      },
    },
    'reference.json',
  );
  pool = createUpstreamPool(config, { stderr: 'ignore' });
});

afterAll(async () => {
  await pool.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the detector on the reference servers', () => {
  it.each(['everything', 'memory', 'filesystem'])(
    'raises no finding on any tool of server-%s, listed over a real connection',
    async (name) => {
      const tools = await pool.upstreams.get(name)?.listTools();
      expect(tools?.length).toBeGreaterThan(3);
      const findings = (tools ?? []).flatMap((tool) =>
        detectHiddenInstructions(toToolSnapshot(tool)).map((finding) => ({
          tool: tool.name,
          ...finding,
        })),
      );
      expect(findings).toEqual([]);
    },
  );
});
