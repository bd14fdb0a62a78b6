import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluateGatewayHybrid,
  evaluateGatewayLexical,
  GATEWAY_HYBRID_RANKER,
  gatewayHybridProvider,
  runsGatewayHybrid,
} from '../../src/benchmarks/retrieval/gateway-hybrid.js';
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
  it('ranks through tool_browse over MCP once fused, and times the cold start with and without the vector cache', async () => {
    const hybrid = await evaluateGatewayHybrid(TINY_TASK, folder, MEANING);
    expect(hybrid.ranker).toBe(GATEWAY_HYBRID_RANKER);
    expect(hybrid.quality['recall@2']).toBe(1);
    expect(hybrid.coldStart.fusedWithoutCacheMs).toBeGreaterThanOrEqual(
      hybrid.coldStart.firstAnswerMs,
    );
    expect(hybrid.coldStart.fusedWithCacheMs).toBeGreaterThan(0);
  });

  it('fails rather than report lexical answers as fused when the model fails', async () => {
    await expect(evaluateGatewayHybrid(TINY_TASK, folder, FAILING)).rejects.toThrow(
      /failed|embed/i,
    );
  });

  it('the pinned lexical row ranks by words alone', async () => {
    const lexical = await evaluateGatewayLexical(TINY_TASK, folder);
    expect(lexical.ranker).toBe('gateway-browse');
    expect(lexical.quality['recall@2']).toBeLessThan(1);
  });

  it('runs with the in-process sentence encoder, but not under --quick', () => {
    const provider = gatewayHybridProvider();
    expect(provider.id).toMatch(/^sentence-encoder:/);
    expect(runsGatewayHybrid('quick')).toBe(false);
    expect(runsGatewayHybrid('standard')).toBe(true);
  });
});
