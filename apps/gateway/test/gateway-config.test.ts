import { CoreError } from '@x/core';
import { describe, expect, it } from 'vitest';
import {
  controlsOptionsOf,
  hasDispatchControls,
  parseGatewayConfig,
} from '../src/gateway-config.js';

function problem(config: Record<string, unknown>): string {
  try {
    parseGatewayConfig(config, 'mcp.json');
  } catch (error) {
    if (!CoreError.isInstance(error)) throw error;
    expect(error.code).toBe('CONFIG_INVALID');
    return error.message;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('the x-gateway section', () => {
  it('is optional: without it every control is off', () => {
    const config = parseGatewayConfig({ mcpServers: {} }, 'mcp.json');
    expect(config).toEqual({});
    expect(hasDispatchControls(config)).toBe(false);
  });

  it('fills in the defaults of each section it turns on', () => {
    const config = parseGatewayConfig(
      {
        'x-gateway': {
          schemaTrust: {},
          retry: {},
          cache: { readOnly: true },
          rateLimits: { metaTools: { tool_browse: { maxCallsPerMinute: 30 } } },
        },
      },
      'mcp.json',
    );
    expect(config.schemaTrust).toEqual({ mode: 'lenient', limits: {} });
    expect(config.retry).toEqual({
      maxAttempts: 3,
      baseDelayMs: 100,
      maxDelayMs: 2_000,
      jitter: 0.5,
      retryableCodes: ['UPSTREAM_TIMEOUT', 'UPSTREAM_UNAVAILABLE'],
    });
    expect(config.cache).toMatchObject({ readOnly: true, ttlMs: 60_000, maxEntries: 1_000 });
    expect(config.rateLimits?.tools).toEqual({});
    expect(hasDispatchControls(config)).toBe(true);
    expect(hasDispatchControls({ schemaTrust: { mode: 'strict', limits: {} } })).toBe(false);
  });

  it('reads an embeddings server for hybrid browse and names its wrong fields', () => {
    const embeddings = { baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' };
    const config = parseGatewayConfig({ 'x-gateway': { embeddings } }, 'mcp.json');
    expect(config.embeddings).toEqual(embeddings);
    expect(hasDispatchControls(config)).toBe(false);
    expect(problem({ 'x-gateway': { embeddings: { ...embeddings, apiKey: 'k' } } })).toBe(
      'mcp.json: field "x-gateway.embeddings.apiKey": unknown field',
    );
    expect(problem({ 'x-gateway': { embeddings: { model: 'm' } } })).toMatch(
      /field "x-gateway\.embeddings\.baseUrl"/,
    );
  });

  it('reads the in-process sentence encoder for hybrid browse and names its wrong fields', () => {
    const embeddings = { local: 'sentence-encoder', maxChars: 1_000 };
    const config = parseGatewayConfig({ 'x-gateway': { embeddings } }, 'mcp.json');
    expect(config.embeddings).toEqual(embeddings);
    expect(
      problem({ 'x-gateway': { embeddings: { local: 'sentence-encoder', model: 'm' } } }),
    ).toBe('mcp.json: field "x-gateway.embeddings.model": unknown field');
    expect(problem({ 'x-gateway': { embeddings: { local: 'word2vec' } } })).toMatch(
      /field "x-gateway\.embeddings\.local"/,
    );
  });

  it('reads an ONNX model folder for hybrid browse and asks for an absolute path', () => {
    const embeddings = { local: 'onnx', modelPath: '/models/bge-small-en-v1.5', pooling: 'cls' };
    const config = parseGatewayConfig({ 'x-gateway': { embeddings } }, 'mcp.json');
    expect(config.embeddings).toEqual(embeddings);
    expect(problem({ 'x-gateway': { embeddings: { local: 'onnx', modelPath: 'models/m' } } })).toBe(
      'mcp.json: field "x-gateway.embeddings.modelPath": an absolute path to the model folder',
    );
    expect(problem({ 'x-gateway': { embeddings: { ...embeddings, pooling: 'max' } } })).toMatch(
      /^mcp\.json: field "x-gateway\.embeddings\.pooling"/,
    );
    expect(
      problem({ 'x-gateway': { embeddings: { ...embeddings, baseUrl: 'http://h/v1' } } }),
    ).toBe('mcp.json: field "x-gateway.embeddings.baseUrl": unknown field');
  });

  it('names the file and each wrong field', () => {
    expect(problem({ 'x-gateway': { retry: { maxAttempts: 0 } } })).toMatch(
      /^mcp\.json: field "x-gateway\.retry\.maxAttempts": Too small/,
    );
    expect(problem({ 'x-gateway': { cache: {} } })).toMatch(/field "x-gateway\.cache\.readOnly"/);
    expect(problem({ 'x-gateway': { retries: 3 } })).toBe(
      'mcp.json: field "x-gateway.retries": unknown field',
    );
    expect(problem({ 'x-gateway': { rateLimits: { tools: { 'kv:get': {} } } } })).toMatch(
      /field "x-gateway\.rateLimits\.tools\["kv:get"\]": set maxCallsPerMinute/,
    );
    expect(problem({ 'x-gateway': { cache: { readOnly: true, allow: ['Not An Id'] } } })).toMatch(
      /x-gateway\.cache\.allow\[0\]": must be a tool_id or namespace:name/,
    );
    expect(problem({ 'x-gateway': 'on' })).toMatch(
      /field "x-gateway": Invalid input: expected object/,
    );
  });

  it('reads how the upstreams start (maxParallelStarts, connectTimeoutMs) and bounds them', () => {
    const config = parseGatewayConfig(
      { 'x-gateway': { upstreams: { maxParallelStarts: 2, connectTimeoutMs: 60_000 } } },
      'mcp.json',
    );
    expect(config.upstreams).toEqual({ maxParallelStarts: 2, connectTimeoutMs: 60_000 });
    expect(controlsOptionsOf(config)).toEqual({});
    expect(problem({ 'x-gateway': { upstreams: { maxParallelStarts: 0 } } })).toMatch(
      /^mcp\.json: field "x-gateway\.upstreams\.maxParallelStarts": must be at least 1/,
    );
    expect(problem({ 'x-gateway': { upstreams: { maxParallelStarts: 1.5 } } })).toMatch(
      /field "x-gateway\.upstreams\.maxParallelStarts": must be an integer/,
    );
    expect(problem({ 'x-gateway': { upstreams: { maxParallelStart: 2 } } })).toBe(
      'mcp.json: field "x-gateway.upstreams.maxParallelStart": unknown field',
    );
  });
});
