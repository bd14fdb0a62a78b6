import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import {
  loadMcpServersConfig,
  type McpServersConfig,
  parseMcpServersConfig,
} from '../../src/upstreams/index.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-mcp-config-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function parseError(value: unknown, source = 'mcp.json'): CoreError {
  try {
    parseMcpServersConfig(value, source);
  } catch (error) {
    if (CoreError.isInstance(error)) {
      return error;
    }
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('parseMcpServersConfig', () => {
  it('accepts the desktop format with our extensions and fills in the transport type', () => {
    const config = parseMcpServersConfig(
      {
        globalShortcut: 'Ctrl+Space',
        mcpServers: {
          fs: {
            command: 'npx',
            args: ['-y', 'server-filesystem', '/tmp'],
            env: { LOG_LEVEL: 'debug' },
            namespace: 'files',
            timeoutMs: 5000,
            include: ['read_text_file'],
          },
          remote: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer t' } },
          typed: { type: 'streamable-http', url: 'http://127.0.0.1:3000/mcp', disabled: true },
          explicit: { type: 'stdio', command: 'node', exclude: ['danger'] },
        },
      },
      'mcp.json',
    );
    expect(config.globalShortcut).toBe('Ctrl+Space');
    expect(config.mcpServers.fs).toMatchObject({
      type: 'stdio',
      namespace: 'files',
      timeoutMs: 5000,
    });
    expect(config.mcpServers.remote?.type).toBe('http');
    expect(config.mcpServers.typed).toMatchObject({ type: 'http', disabled: true });
    expect(config.mcpServers.explicit?.type).toBe('stdio');
  });

  it.each([
    [
      'a wrong type inside args',
      { mcpServers: { fs: { command: 'x', args: ['a', 1] } } },
      'mcp.json: server "fs": field "args[1]": expected string, got number',
    ],
    [
      'neither command nor url',
      { mcpServers: { fs: { args: [] } } },
      'mcp.json: server "fs": needs "command" (stdio) or "url" (HTTP)',
    ],
    [
      'both command and url',
      { mcpServers: { fs: { command: 'x', url: 'http://127.0.0.1/' } } },
      'mcp.json: server "fs": has both "command" and "url": a server is either stdio (command) or HTTP (url)',
    ],
    [
      'an unsupported transport type',
      { mcpServers: { web: { type: 'sse', url: 'http://127.0.0.1/' } } },
      'mcp.json: server "web": field "type": must be "stdio", "http" or "streamable-http"',
    ],
    [
      'a misspelt extension',
      { mcpServers: { fs: { command: 'x', timeout_ms: 5 } } },
      'mcp.json: server "fs": field "timeout_ms": unknown field (not part of the format nor of our extensions)',
    ],
    [
      'an extension of the wrong type',
      { mcpServers: { fs: { command: 'x', timeoutMs: '5s' } } },
      'mcp.json: server "fs": field "timeoutMs": expected number, got string',
    ],
    [
      'a negative timeout',
      { mcpServers: { fs: { command: 'x', timeoutMs: -1 } } },
      'mcp.json: server "fs": field "timeoutMs": must be at least 1',
    ],
    [
      'include that is not a list',
      { mcpServers: { fs: { command: 'x', include: 'echo' } } },
      'mcp.json: server "fs": field "include": expected array, got string',
    ],
    [
      'disabled as a string',
      { mcpServers: { fs: { command: 'x', disabled: 'yes' } } },
      'mcp.json: server "fs": field "disabled": expected boolean, got string',
    ],
    [
      'a url that is not http',
      { mcpServers: { web: { url: 'ftp://example.test/' } } },
      'mcp.json: server "web": field "url": must be an http: or https: URL',
    ],
    [
      'a bad env name',
      { mcpServers: { fs: { command: 'x', env: { 'A-B': '1' } } } },
      'mcp.json: server "fs": field "env.A-B": must be a variable name (letters, digits, "_")',
    ],
    [
      'a server name without a letter or digit',
      { mcpServers: { ' !! ': { command: 'x' } } },
      'mcp.json: server " !! ": invalid server name: must contain a letter or digit',
    ],
    [
      'two server names that map to one',
      { mcpServers: { 'Ant Design': { command: 'x' }, ant_design: { command: 'y' } } },
      'mcp.json: server "ant_design": invalid server name: maps to "ant_design" like server "Ant Design"; rename one of them',
    ],
    [
      'an entry that is not an object',
      { mcpServers: { fs: 'npx server' } },
      'mcp.json: server "fs": expected object, got string',
    ],
    ['no mcpServers', { servers: {} }, 'mcp.json: field "mcpServers": required'],
    [
      'a top level array',
      [],
      'mcp.json: expected a JSON object with an "mcpServers" field, got array',
    ],
  ])('names file, server and field for %s', (_case, value, message) => {
    const error = parseError(value);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe(message);
  });

  it('maps display names to valid server names and keeps valid keys as written', () => {
    const config = parseMcpServersConfig(
      {
        mcpServers: {
          'Ant Design Components': { command: 'x' },
          '  Café / Notes!': { url: 'http://127.0.0.1:1/mcp' },
          'GitHub.v2': { command: 'y' },
        },
      },
      'mcp.json',
    );
    expect(Object.keys(config.mcpServers)).toEqual([
      'ant_design_components',
      'caf_notes',
      'GitHub.v2',
    ]);
  });

  it('refuses a server key __proto__ instead of dropping it', () => {
    const config = JSON.parse('{"mcpServers": {"__proto__": {"command": "x"}}}') as unknown;
    expect(parseError(config).message).toBe(
      'mcp.json: server "__proto__": invalid server name: "__proto__" cannot name a server; rename it',
    );
  });

  it('names the written key in problems of an entry under a display name', () => {
    expect(parseError({ mcpServers: { 'My Server': { command: 1 } } }).message).toBe(
      'mcp.json: server "My Server": field "command": expected string, got number',
    );
  });

  it('maps any key to a valid name, the same one every time, or refuses it (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (key) => {
        let config: McpServersConfig;
        try {
          config = parseMcpServersConfig({ mcpServers: { [key]: { command: 'x' } } }, 'a.json');
        } catch (error) {
          return CoreError.isInstance(error) && (!/[A-Za-z0-9]/.test(key) || key === '__proto__');
        }
        const [name] = Object.keys(config.mcpServers);
        expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/);
        expect(Object.keys(parseMcpServersConfig(config, 'a.json').mcpServers)).toEqual([name]);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('never quotes a value, so secrets stay out of messages', () => {
    const error = parseError({
      mcpServers: {
        web: { url: 'not a url SECRET-TOKEN', headers: { Authorization: 'Bearer SECRET\nTOKEN' } },
      },
    });
    expect(error.message).not.toContain('SECRET');
    expect(JSON.stringify(error.data)).not.toContain('SECRET');
    expect(error.message).toContain(
      'field "headers.Authorization": must not contain control characters',
    );
  });

  it('lists the first problems and counts the rest', () => {
    const error = parseError({
      mcpServers: { a: { command: 1 }, b: { command: 2 }, c: { command: 3 }, d: { command: 4 } },
    });
    expect(error.message).toMatch(/\(and 1 more problem\)$/);
    expect(error.data?.problems).toHaveLength(4);
  });

  it('throws nothing but CONFIG_INVALID on any value (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything()), (value) => {
        try {
          parseMcpServersConfig(value, 'fuzz.json');
        } catch (error) {
          return CoreError.isInstance(error) && error.code === 'CONFIG_INVALID';
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('throws nothing but CONFIG_INVALID on near-valid entries (property)', () => {
    const field = fc.oneof(
      fc.constantFrom('command', 'args', 'env', 'cwd', 'url', 'headers', 'type'),
      fc.constantFrom('namespace', 'timeoutMs', 'include', 'exclude', 'disabled', 'other'),
    );
    const entry = fc.dictionary(field, fc.jsonValue(), { maxKeys: 5 });
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), entry, { maxKeys: 4 }), (servers) => {
        try {
          parseMcpServersConfig({ mcpServers: servers }, 'fuzz.json');
        } catch (error) {
          return CoreError.isInstance(error) && error.message.startsWith('fuzz.json: ');
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent on what it accepts: parse(parse(x)) equals parse(x) (property)', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,10}$/);
    const extensions = fc.record(
      {
        namespace: name,
        timeoutMs: fc.integer({ min: 1, max: 100_000 }),
        include: fc.array(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 3 }),
        disabled: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const stdio = fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 10 }).filter((s) => !s.includes('\0')),
        extensions,
      )
      .map(([command, extra]) => ({ command, ...extra }));
    const http = fc
      .tuple(fc.constantFrom('http', 'streamable-http', undefined), extensions)
      .map(([type, extra]) => ({
        url: 'http://127.0.0.1:8080/mcp',
        ...(type ? { type } : {}),
        ...extra,
      }));
    fc.assert(
      fc.property(fc.dictionary(name, fc.oneof(stdio, http), { maxKeys: 4 }), (servers) => {
        const once = parseMcpServersConfig({ mcpServers: servers }, 'a.json');
        const twice = parseMcpServersConfig(once, 'a.json');
        expect(twice).toEqual(once);
      }),
      { numRuns: 200 },
    );
  });
});

describe('loadMcpServersConfig', () => {
  async function write(name: string, text: string): Promise<string> {
    const path = join(folder, name);
    await writeFile(path, text);
    return path;
  }

  async function loadError(path: string): Promise<CoreError> {
    try {
      await loadMcpServersConfig(path);
    } catch (error) {
      if (CoreError.isInstance(error)) {
        return error;
      }
      throw error;
    }
    throw new Error('expected CONFIG_INVALID');
  }

  it('reads a file and resolves a relative cwd against its folder', async () => {
    await mkdir(join(folder, 'servers'), { recursive: true });
    const path = await write(
      'good.json',
      `\uFEFF${JSON.stringify({ mcpServers: { a: { command: 'node', cwd: 'servers' }, b: { command: 'node', cwd: '/abs' } } })}`,
    );
    const config: McpServersConfig = await loadMcpServersConfig(path);
    expect(config.mcpServers.a).toMatchObject({ cwd: join(folder, 'servers') });
    expect(config.mcpServers.b).toMatchObject({ cwd: '/abs' });
  });

  it('says a missing file is missing', async () => {
    const path = join(folder, 'absent.json');
    const error = await loadError(path);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe(`${path}: file not found`);
  });

  it('gives line and column of bad JSON without quoting the text', async () => {
    const path = await write(
      'bad.json',
      '{\n  "mcpServers": {\n    "fs": { "command": "x", "env": { "TOKEN": "SECRET" }, }\n  }\n}\n',
    );
    const error = await loadError(path);
    expect(error.message).toBe(
      `${path}: invalid JSON at line 3, column 59: expected a double-quoted property name`,
    );
    expect(error.message).not.toContain('SECRET');
  });

  it('rejects comments, empty files and folders with their own messages', async () => {
    const commented = await write('commented.json', '{"mcpServers": {}} // note');
    expect((await loadError(commented)).message).toMatch(
      /line 1, column 20: comments are not allowed/,
    );
    const empty = await write('empty.json', '  \n');
    expect((await loadError(empty)).message).toBe(
      `${empty}: file is empty; expected a JSON object`,
    );
    expect((await loadError(folder)).message).toBe(`${folder}: is a folder, not a file`);
  });

  it('names the file, server and field of an invalid entry', async () => {
    const path = await write(
      'entry.json',
      JSON.stringify({ mcpServers: { fs: { command: 'x', args: 'a b' } } }),
    );
    expect((await loadError(path)).message).toBe(
      `${path}: server "fs": field "args": expected array, got string`,
    );
  });
});
