import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../../src/autostart/bridge-launch.js';
import { BridgeLaunchSchema, parseDriverMeta } from '../../src/index.js';

describe('BridgeLaunchSchema', () => {
  it('fills in a free port, the endpoint template, tcp health and the time limits', () => {
    expect(BridgeLaunchSchema.parse({ command: { command: 'bookshop' } })).toEqual({
      command: { command: 'bookshop', args: [], env: {} },
      port: 'auto',
      endpoint: 'http://{host}:{port}',
      health: { type: 'tcp' },
      startTimeoutMs: 30_000,
      stopTimeoutMs: 5_000,
    });
  });

  it('needs a command or a container, and refuses bad ports and variable names', () => {
    expect(BridgeLaunchSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'needs a command or a container',
    );
    expect(BridgeLaunchSchema.safeParse({ container: { image: 'x', port: 0 } }).success).toBe(
      false,
    );
    expect(
      BridgeLaunchSchema.safeParse({ command: { command: 'x', env: { 'BAD-NAME': '1' } } }).success,
    ).toBe(false);
  });

  it('travels in DriverMeta as autostart', () => {
    const meta = parseDriverMeta({
      id: '0d9c1f6e-2b7a-4e3d-8c5f-1a2b3c4d5e6f',
      protocol: 'REST',
      transport: 'HTTP',
      spec_format: 'OpenAPI',
      autostart: { container: { image: 'acme/bookshop:1', port: 8080 }, health: { type: 'mcp' } },
    });
    expect(meta.autostart).toMatchObject({
      container: { image: 'acme/bookshop:1', port: 8080, args: [], env: {} },
      health: { type: 'mcp' },
    });
  });
});

describe('fillPlaceholders', () => {
  it('replaces every known placeholder and leaves any other text as it was', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '{', '}', ':', 'port', 'host', 'x') });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), fc.nat(65_535), (parts, port) => {
        const template = parts.join('{port}');
        const filled = fillPlaceholders(template, { port: String(port) });
        expect(filled).toBe(
          parts.map((part) => fillPlaceholders(part, { port: String(port) })).join(String(port)),
        );
        expect(fillPlaceholders(template, {})).toBe(template);
      }),
    );
  });
});
