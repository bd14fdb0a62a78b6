import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluateGatewayHybrid,
  GATEWAY_HYBRID_RANKER,
  gatewayHybridLine,
  gatewayHybridProvider,
  runsGatewayHybrid,
} from '../../src/benchmarks/retrieval/gateway-hybrid.js';
import { METATOOL } from '../../src/benchmarks/search/sources.js';
import { FAILING, MEANING, TINY_TASK } from './tiny-task.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-bench-gateway-hybrid-'));
  const tools = TINY_TASK.documents.map((document) => ({
    name: document.id,
    description: document.text.description,
  }));
  await writeFile(join(folder, 'catalog.json'), JSON.stringify(tools));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the gateway-browse-hybrid row of pnpm bench retrieval', () => {
  it('ranks through the gateway’s hybrid tool_browse, and counts fallbacks to the words', async () => {
    const hybrid = await evaluateGatewayHybrid(TINY_TASK, METATOOL, folder, MEANING);
    expect(hybrid.ranker).toBe(GATEWAY_HYBRID_RANKER);
    expect(hybrid.fallbacks).toBe(0);
    expect(hybrid.quality['recall@2']).toBe(1);
    const lexical = await evaluateGatewayHybrid(TINY_TASK, METATOOL, folder, FAILING);
    expect(lexical.fallbacks).toBe(1);
    expect(lexical.quality['recall@2']).toBe(0);
  });

  it('runs with the in-process sentence encoder, but not under --quick', () => {
    const provider = gatewayHybridProvider();
    expect(provider.id).toMatch(/^sentence-encoder:/);
    expect(runsGatewayHybrid('quick')).toBe(false);
    expect(runsGatewayHybrid('standard')).toBe(true);
    expect(gatewayHybridLine('quick', provider)).toMatch(/not run under --quick/);
  });
});
