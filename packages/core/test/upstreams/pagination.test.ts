import { afterEach, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { fixturePath, nodeServer, rejection } from './helpers.js';

const PAGED_SERVER = fixturePath('paged-server.mjs');
const EXPECTED = ['item_1', 'item_2', 'item_3', 'item_4', 'item_5'];
const opened: Upstream[] = [];

function open(mode: string, maxPages?: number): Upstream {
  const upstream = createUpstream(
    'paged',
    nodeServer(PAGED_SERVER, { env: { PAGED_MODE: mode } }),
    {
      stderr: 'ignore',
      ...(maxPages === undefined ? {} : { maxPages }),
    },
  );
  opened.push(upstream);
  return upstream;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
});

describe('listing across pages', () => {
  it('follows nextCursor and lists every item once, in order, for all four lists', async () => {
    const upstream = open('normal');
    expect((await upstream.listTools()).map((tool) => tool.name)).toEqual(EXPECTED);
    expect((await upstream.listResources()).map((resource) => resource.name)).toEqual(EXPECTED);
    expect((await upstream.listResourceTemplates()).map((template) => template.name)).toEqual(
      EXPECTED,
    );
    expect((await upstream.listPrompts()).map((prompt) => prompt.name)).toEqual(EXPECTED);
  });

  it('fails with a clear UPSTREAM_ERROR when the server repeats a cursor', async () => {
    const upstream = open('loop');
    const error = await rejection(upstream.listTools());
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', retryable: false });
    expect(error.message).toBe(
      'upstream "paged": tools/list: the server repeated a pagination cursor after 2 pages',
    );
    expect(upstream.status).toBe('ready');
  });

  it('stops after maxPages when the cursors never end', async () => {
    const upstream = open('endless', 5);
    const error = await rejection(upstream.listPrompts());
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(error.message).toContain('more than 5 pages');
  });
});
