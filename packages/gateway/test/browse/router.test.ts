import { describe, expect, it } from 'vitest';
import { createRouter, MAX_QUERY_LENGTH, type RouterDocument } from '../../src/browse/router.js';
import { thrownCode } from '../gateway-failures.js';

function document(toolId: string, description: string, inputSchema: unknown = {}): RouterDocument {
  const [namespace = '', name = ''] = toolId.split(/[:#]/);
  return { toolId, name, namespace, description, tags: [], inputSchema };
}

const documents = [
  document('mail:send_email#00000001', 'Send an email message to a recipient.', {
    properties: { recipient: {}, subject: {} },
  }),
  document('calendar:create_event#00000002', 'Create a calendar event.'),
  document('weather:get_forecast#00000003', 'Get the weather forecast for a city.', {
    properties: { city: {} },
  }),
  ...Array.from({ length: 60 }, (_, index) =>
    document(`bulk:tool_${String(index).padStart(2, '0')}#00000004`, 'A generic helper tool.'),
  ),
];
const router = createRouter(documents);

describe('createRouter', () => {
  it('ranks the tool of every step of a multi-sentence request near the top', () => {
    const steps = createRouter([
      document('weather:get_forecast#00000001', 'Weather forecast for a city.'),
      document('weather:get_station#00000002', 'The weather station nearest to a city.'),
      document('shop:forecast_sales#00000003', 'Forecast the sales of a city store.'),
      document('travel:get_city_guide#00000004', 'A travel guide of a city.'),
      document('mail:send_email#00000005', 'Send an email message.'),
      document('files:read_file#00000006', 'Read a file.'),
    ]);
    const hits = steps.route('Get the weather forecast for the city. Then email it to Ann.', 2);
    expect(hits.map((hit) => hit.toolId)).toEqual([
      'weather:get_forecast#00000001',
      'mail:send_email#00000005',
    ]);
  });

  it('ranks over names, descriptions and parameter names', () => {
    expect(router.route('send mail')[0]?.toolId).toBe('mail:send_email#00000001');
    expect(router.route('forecast for my city')[0]?.toolId).toBe('weather:get_forecast#00000003');
    expect(router.route('subject recipient')[0]?.toolId).toBe('mail:send_email#00000001');
  });

  it('returns 10 hits by default, at most 50, ties broken by tool_id', () => {
    const hits = router.route('generic helper');
    expect(hits).toHaveLength(10);
    expect(hits.map((hit) => hit.toolId)).toEqual([...hits.map((hit) => hit.toolId)].sort());
    expect(router.route('generic helper', 50)).toHaveLength(50);
  });

  it('counts a repeated query term once', () => {
    expect(router.route('email email email weather forecast')).toEqual(
      router.route('email weather forecast'),
    );
  });

  it('rounds scores to 4 decimals and orders by the rounded score', () => {
    for (const hit of router.route('create an event or send an email', 50)) {
      expect(Math.round(hit.score * 10_000) / 10_000).toBe(hit.score);
    }
  });

  it('matches nothing for stop words only', () => {
    expect(router.route('the and of')).toEqual([]);
  });

  it('refuses bad queries and top_k values with ARGS_INVALID', () => {
    for (const [query, topK] of [
      ['', 10],
      ['   ', 10],
      ['x'.repeat(MAX_QUERY_LENGTH + 1), 10],
      [42, 10],
      ['mail', 0],
      ['mail', 51],
      ['mail', 2.5],
    ] as const) {
      expect(thrownCode(() => router.route(query as string, topK))).toBe('ARGS_INVALID');
    }
  });
});
