import { describe, expect, it } from 'vitest';
import { parseGatewayArguments, UsageError } from '../src/cli-arguments.js';

describe('x-gateway tools arguments', () => {
  it('reads tools quarantined and tools approve with names, --all and --session-store', () => {
    expect(parseGatewayArguments(['tools', 'quarantined', '--config', 'mcp.json'])).toEqual({
      kind: 'tools-quarantined',
      configPath: 'mcp.json',
      sessionStore: undefined,
    });
    expect(
      parseGatewayArguments(['tools', 'approve', '--config', 'mcp.json', 'fs/read', 'web/a/b']),
    ).toEqual({
      kind: 'tools-approve',
      configPath: 'mcp.json',
      sessionStore: undefined,
      targets: [
        { server: 'fs', tool: 'read' },
        { server: 'web', tool: 'a/b' },
      ],
    });
    expect(
      parseGatewayArguments([
        'tools',
        'approve',
        '--all',
        '--config',
        'mcp.json',
        '--session-store',
        'redis://127.0.0.1:6379',
      ]),
    ).toEqual({
      kind: 'tools-approve',
      configPath: 'mcp.json',
      sessionStore: { redis: 'redis://127.0.0.1:6379' },
      targets: 'all',
    });
  });

  it.each([
    [['tools', '--config', 'c.json'], 'tools needs quarantined or approve'],
    [['tools', 'list', '--config', 'c.json'], 'unknown tools command "list"'],
    [['tools', 'approve', '--config', 'c.json'], 'tools approve needs <server>/<tool> or --all'],
    [['tools', 'approve', '--config', 'c.json', 'fs'], 'expected <server>/<tool>, got "fs"'],
    [['tools', 'approve', '--config', 'c.json', '/read'], 'expected <server>/<tool>'],
    [['tools', 'approve', '--config', 'c.json', '--all', 'fs/read'], 'not both'],
    [['tools', 'quarantined', '--config', 'c.json', 'fs/read'], 'takes no argument'],
    [['tools', 'quarantined', '--config', 'c.json', '--http', '8080'], '--http belongs to serve'],
    [['tools', 'quarantined'], '--config FILE is required'],
    [['serve', '--config', 'c.json', '--all'], '--all belongs to tools approve'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseGatewayArguments(argv)).toThrow(UsageError);
    expect(() => parseGatewayArguments(argv)).toThrow(message);
  });
});
