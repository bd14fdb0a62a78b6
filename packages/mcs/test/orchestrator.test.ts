import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BaseDriver,
  type CallOptions,
  createOrchestrator,
  type FunctionCall,
  type FunctionDefinition,
  type HealthReport,
  hasCapability,
} from '../src/index.js';
import { createBookshopDriver, createWeatherDriver } from './helpers/in-memory-drivers.js';

class ProbeDriver extends BaseDriver {
  constructor(private readonly report: HealthReport | Error) {
    super({
      meta: {
        id: randomUUID(),
        prefix: 'probe',
        protocol: 'Probe',
        transport: 'Memory',
        spec_format: 'JSON-Schema',
        capabilities: ['healthcheck'],
      },
    });
  }
  listFunctions(): readonly FunctionDefinition[] {
    return [{ name: 'ping', parameters: { type: 'object' } }];
  }
  async executeCall(_call: FunctionCall, _options?: CallOptions): Promise<unknown> {
    return 'pong';
  }
  async healthcheck(): Promise<HealthReport> {
    if (this.report instanceof Error) throw this.report;
    return this.report;
  }
}

describe('createOrchestrator', () => {
  it('prefixes names so two drivers with the same function name can be combined', async () => {
    const { driver: bookshop, log } = createBookshopDriver();
    const orchestrator = createOrchestrator({
      drivers: [{ driver: bookshop, prefix: 'shop' }, createWeatherDriver()],
    });
    expect(orchestrator.listFunctions().map((definition) => definition.name)).toEqual([
      'shop_search_books',
      'shop_get_stock',
      'shop_reserve',
      'weather_search_books',
    ]);
    await expect(
      orchestrator.processLlmResponse(
        '{"tool":"weather_search_books","arguments":{"city":"Oslo"}}',
      ),
    ).resolves.toBe('sunny in Oslo');
    await expect(
      orchestrator.processLlmResponse('{"tool":"shop_search_books","arguments":{"query":"dune"}}'),
    ).resolves.toEqual([{ isbn: '978-0441172719', title: 'Dune' }]);
    expect(log).toEqual(['search_books:dune']);
  });

  it('merges the descriptions into one, and the system message lists every prefixed function', () => {
    const { driver: bookshop } = createBookshopDriver();
    const orchestrator = createOrchestrator({
      drivers: [{ driver: bookshop, prefix: 'shop' }, createWeatherDriver()],
      separator: '.',
    });
    const names = (JSON.parse(orchestrator.getFunctionDescription()) as { name: string }[]).map(
      (entry) => entry.name,
    );
    expect(names).toEqual([
      'shop.search_books',
      'shop.get_stock',
      'shop.reserve',
      'weather.search_books',
    ]);
    expect(orchestrator.getDriverSystemMessage('claude-opus-4')).toContain(
      '"weather.search_books"',
    );
  });

  it('names both drivers when a name collides and collisions are errors, or prefixes clash', () => {
    const { driver: bookshop } = createBookshopDriver();
    expect(() =>
      createOrchestrator({ drivers: [bookshop, createWeatherDriver(null)], collisions: 'error' }),
    ).toThrow(
      expect.objectContaining({
        code: 'NAME_COLLISION',
        message: expect.stringMatching(
          /"search_books" is exposed by driver 0d9c1f6e-.* and by driver 7b3e9d21-/,
        ),
      }),
    );
    expect(() =>
      createOrchestrator({
        drivers: [createWeatherDriver('a_b'), { driver: createWeatherDriver(), prefix: 'a' }],
      }),
    ).not.toThrow();
    expect(() =>
      createOrchestrator({
        drivers: [createWeatherDriver('a'), { driver: createWeatherDriver('b'), prefix: 'a' }],
      }),
    ).toThrow(expect.objectContaining({ code: 'NAME_COLLISION' }));
  });

  it('refuses a separator outside the name rules', () => {
    expect(() => createOrchestrator({ drivers: [createWeatherDriver()], separator: ' ' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
  });

  it('derives a stable id from its members and describes their protocols', () => {
    const first = createOrchestrator({ drivers: [createWeatherDriver()] });
    const second = createOrchestrator({ drivers: [createWeatherDriver()] });
    const other = createOrchestrator({ drivers: [createWeatherDriver('meteo')] });
    expect(first.meta.id).toBe(second.meta.id);
    expect(first.meta.id).not.toBe(other.meta.id);
    expect(first.meta).toMatchObject({
      protocol: 'Local',
      transport: 'In-Process',
      capabilities: ['healthcheck'],
    });
  });

  it('aggregates the health of members that can report it', async () => {
    const orchestrator = createOrchestrator({
      drivers: [
        new ProbeDriver({ status: 'ok' }),
        { driver: new ProbeDriver(new Error('down')), prefix: 'probe2' },
        createWeatherDriver(),
      ],
    });
    expect(hasCapability(orchestrator, 'healthcheck')).toBe(true);
    await expect(orchestrator.healthcheck()).resolves.toEqual({
      status: 'degraded',
      drivers: {
        probe: { status: 'ok' },
        probe2: { status: 'error', error: 'down' },
        weather: { status: 'unsupported' },
      },
    });
  });

  it('nests: an orchestrator can be a member of another', async () => {
    const inner = createOrchestrator({
      drivers: [createWeatherDriver()],
      meta: { prefix: 'inner' },
    });
    const outer = createOrchestrator({ drivers: [inner] });
    await expect(
      outer.processLlmResponse('{"tool":"inner_weather_search_books","arguments":{"city":"Rome"}}'),
    ).resolves.toBe('sunny in Rome');
  });
});

describe('orchestrator collisions and membership at runtime', () => {
  it('labels a colliding name of unprefixed members by protocol, and only that name', async () => {
    const { driver: bookshop, log } = createBookshopDriver();
    const weather = createWeatherDriver(null);
    const orchestrator = createOrchestrator({ drivers: [bookshop, weather] });
    expect(orchestrator.listFunctions().map((definition) => definition.name)).toEqual([
      'local_search_books',
      'get_stock',
      'reserve',
      'local2_search_books',
    ]);
    await orchestrator.processLlmResponse(
      '{"tool":"local_search_books","arguments":{"query":"dune"}}',
    );
    expect(log).toEqual(['search_books:dune']);
  });

  it('numbers the labels of members that share a protocol, in member order, the same every time', () => {
    const build = () =>
      createOrchestrator({
        drivers: [createBookshopDriver().driver, createBookshopDriver().driver],
      })
        .listFunctions()
        .map((definition) => definition.name);
    expect(build()).toEqual([
      'local_search_books',
      'local_get_stock',
      'local_reserve',
      'local2_search_books',
      'local2_get_stock',
      'local2_reserve',
    ]);
    expect(build()).toEqual(build());
  });

  it('adds and removes drivers at runtime, and the system message follows', async () => {
    const { driver: bookshop } = createBookshopDriver();
    const orchestrator = createOrchestrator({ drivers: [bookshop] });
    expect(orchestrator.getDriverSystemMessage()).not.toContain('weather_');
    const weather = createWeatherDriver();
    orchestrator.addDriver(weather);
    expect(orchestrator.members).toHaveLength(2);
    expect(orchestrator.getDriverSystemMessage()).toContain('weather_search_books');
    await expect(
      orchestrator.processLlmResponse(
        '{"tool":"weather_search_books","arguments":{"city":"Oslo"}}',
      ),
    ).resolves.toBe('sunny in Oslo');
    expect(orchestrator.removeDriver(weather)).toBe(true);
    expect(orchestrator.removeDriver(weather)).toBe(false);
    expect(orchestrator.getDriverSystemMessage()).not.toContain('weather_search_books');
    expect(
      orchestrator.parseLlmResponse('{"tool":"weather_search_books","arguments":{"city":"Oslo"}}'),
    ).toMatchObject({ status: 'malformed', issues: [{ reason: 'unknown_function' }] });
  });

  it('keeps its members when an added driver cannot be combined', () => {
    const orchestrator = createOrchestrator({ drivers: [createWeatherDriver('a')] });
    const before = orchestrator.listFunctions();
    expect(() => orchestrator.addDriver({ driver: createWeatherDriver('b'), prefix: 'a' })).toThrow(
      expect.objectContaining({ code: 'NAME_COLLISION' }),
    );
    expect(orchestrator.members).toHaveLength(1);
    expect(orchestrator.listFunctions()).toEqual(before);
  });
});
