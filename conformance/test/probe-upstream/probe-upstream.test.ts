import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { getEncoding } from 'js-tiktoken';
import { describe, expect, it } from 'vitest';
import { createProbeCashServer } from '../../src/probe-upstream/probe-cash-server.js';
import {
  PROBE_CARD_LONG,
  PROBE_ECHO,
  PROBE_FAIL,
  PROBE_LONG_DESCRIPTION,
  PROBE_REQUESTS,
  PROBE_SKILL,
  PROBE_SKILL_MARKER,
  PROBE_TOOLS,
} from '../../src/probe-upstream/probe-catalog.js';
import { findProbeRequests, requestsWith } from '../../src/probe-upstream/probe-log.js';
import {
  createProbeRecorder,
  MAX_RECORDED_ARGS,
  type ProbeRequest,
} from '../../src/probe-upstream/probe-recorder.js';
import { createProbeUpstreamServer } from '../../src/probe-upstream/probe-server.js';

/** The requests a recorder lists, read back from its own answer. */
function recorded(recorder: ReturnType<typeof createProbeRecorder>): readonly ProbeRequest[] {
  return findProbeRequests(recorder.call(PROBE_REQUESTS, {})) ?? [];
}

describe('the probe recorder', () => {
  it('records every call but probe_requests, invalid ones included, in order', () => {
    const recorder = createProbeRecorder();
    expect(recorder.call(PROBE_ECHO, { text: 'one' })).toEqual({
      content: [{ type: 'text', text: 'one' }],
    });
    expect(recorder.call(PROBE_ECHO, { text: 2 })).toMatchObject({ isError: true });
    expect(recorder.call(PROBE_FAIL, { text: 'three' })).toMatchObject({ isError: true });
    expect(recorded(recorder)).toEqual([
      { seq: 1, tool: PROBE_ECHO, args: '{"text":"one"}' },
      { seq: 2, tool: PROBE_ECHO, args: '{"text":2}' },
      { seq: 3, tool: PROBE_FAIL, args: '{"text":"three"}' },
    ]);
    expect(findProbeRequests(recorder.call(PROBE_REQUESTS, { after: 2 }))).toHaveLength(1);
  });

  it('keeps the start of long arguments and answers a lookup of many records', () => {
    const recorder = createProbeRecorder();
    const answer = recorder.call(PROBE_CARD_LONG, { key: 'k'.repeat(500), limit: 600 });
    expect(answer.content[0]?.text.split('\n')).toHaveLength(603);
    expect(recorded(recorder)[0]?.args).toHaveLength(MAX_RECORDED_ARGS);
  });

  it('answers an unknown tool with an error', () => {
    expect(createProbeRecorder().call('nothing', {})).toMatchObject({ isError: true });
  });
});

describe('the probe catalog', () => {
  it('has a long description far above the 80-token card cap, on one line', () => {
    const tokens = getEncoding('cl100k_base').encode(PROBE_LONG_DESCRIPTION).length;
    expect(tokens).toBeGreaterThan(120);
    expect(PROBE_LONG_DESCRIPTION).not.toContain('\n');
  });

  it('names every tool with at most two underscore segments', () => {
    for (const tool of PROBE_TOOLS) expect(tool.name.split('_').length).toBeLessThanOrEqual(2);
  });
});

describe('findProbeRequests', () => {
  const requestArbitrary = fc.record({
    seq: fc.nat(),
    tool: fc.string(),
    args: fc.string(),
  });

  it('finds the record inside any envelope and text around it', () => {
    fc.assert(
      fc.property(fc.array(requestArbitrary), fc.string(), (requests, prefix) => {
        const text = `${prefix.replaceAll('{"probe_requests":', '')}${JSON.stringify({ probe_requests: requests })}`;
        const envelope = { status: 'ok', summary: text, artifacts: [] };
        expect(findProbeRequests([envelope, JSON.stringify(envelope)])).toEqual(requests);
      }),
    );
  });

  it('never throws on hostile input and finds nothing without the record', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const found = findProbeRequests(value);
        expect(found === undefined || Array.isArray(found)).toBe(true);
      }),
    );
    expect(findProbeRequests('{"probe_requests": [{"seq": "1"}]}')).toBeUndefined();
    expect(findProbeRequests('{"probe_requests":[')).toBeUndefined();
  });

  it('matches requests by tool and argument marker', () => {
    const requests = [
      { seq: 1, tool: PROBE_ECHO, args: '{"text":"a"}' },
      { seq: 2, tool: PROBE_FAIL, args: '{"text":"a"}' },
    ];
    expect(requestsWith(requests, PROBE_ECHO, '"a"')).toEqual([requests[0]]);
  });
});

describe('the probe upstream server', () => {
  it('lists the catalog and records calls over MCP', async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createProbeUpstreamServer().connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(PROBE_TOOLS.map((tool) => tool.name));
      await client.callTool({ name: PROBE_ECHO, arguments: { text: 'over mcp' } });
      const answer = await client.callTool({ name: PROBE_REQUESTS, arguments: {} });
      expect(findProbeRequests(answer)).toEqual([
        { seq: 1, tool: PROBE_ECHO, args: '{"text":"over mcp"}' },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('the CaSH face of the probe upstream', () => {
  it('lists its one skill (as JSON when asked), serves it by any spelling, and refuses other names', async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createProbeCashServer().connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    const textOf = (result: Awaited<ReturnType<typeof client.callTool>>) =>
      (result.content as { text: string }[])[0]?.text;
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['call', 'help', 'skill']);
      const json = await client.callTool({
        name: 'skill',
        arguments: { kwargs: { format: 'json' } },
      });
      expect(JSON.parse(textOf(json) ?? '')).toEqual({
        skills: [{ name: PROBE_SKILL.name, description: PROBE_SKILL.description }],
      });
      const listing = await client.callTool({ name: 'skill', arguments: {} });
      expect(textOf(listing)).toContain(`**${PROBE_SKILL.name}**`);
      const fetched = await client.callTool({
        name: 'skill',
        arguments: { skillname: 'Probe_Skill' },
      });
      expect(textOf(fetched)).toContain(PROBE_SKILL_MARKER);
      const unknown = await client.callTool({
        name: 'skill',
        arguments: { skillname: 'probeskil' },
      });
      expect(unknown).toMatchObject({
        isError: true,
        structuredContent: { code: 'UNKNOWN_SKILL' },
      });
      expect(textOf(unknown)).toContain(PROBE_SKILL.name);
      const help = await client.callTool({ name: 'help', arguments: {} });
      expect(help.isError).toBeUndefined();
      const call = await client.callTool({ name: 'call', arguments: { function: 'anything' } });
      expect(call).toMatchObject({
        isError: true,
        structuredContent: { code: 'UNKNOWN_FUNCTION' },
      });
    } finally {
      await client.close();
    }
  });
});
