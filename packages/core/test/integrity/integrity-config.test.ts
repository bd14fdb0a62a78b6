import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  openToolIntegrity,
  parseIntegrityConfig,
  serverIntegritySettings,
} from '../../src/integrity/index.js';
import { createMemorySessionStore } from '../../src/sessions/index.js';

describe('parseIntegrityConfig', () => {
  it('reads no section as off and fills in the defaults per server', () => {
    expect(parseIntegrityConfig({ mcpServers: {} }, 'mcp.json')).toBeUndefined();
    const section = parseIntegrityConfig(
      { integrity: { acceptChanges: true, servers: { fs: { acceptChanges: false } } } },
      'mcp.json',
    );
    expect(section && serverIntegritySettings(section, 'fs')).toEqual({
      enabled: true,
      acceptChanges: false,
    });
    expect(section && serverIntegritySettings(section, 'other')).toEqual({
      enabled: true,
      acceptChanges: true,
    });
  });

  it.each([
    [{ integrity: { acceptchanges: true } }, 'field "integrity.acceptchanges": unknown field'],
    [{ integrity: { enabled: 'no' } }, 'field "integrity.enabled"'],
    [{ integrity: { servers: { fs: { extra: 1 } } } }, 'field "integrity.servers.fs.extra"'],
    [{ integrity: [] }, 'field "integrity"'],
  ])('refuses %j with CONFIG_INVALID naming the field', (config, message) => {
    expect(() => parseIntegrityConfig(config, 'mcp.json')).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: expect.stringContaining(message),
      }),
    );
  });
});

describe('openToolIntegrity', () => {
  it('is off without a section or with enabled false', () => {
    expect(openToolIntegrity({ config: {}, configPath: 'mcp.json' })).toBeUndefined();
    expect(
      openToolIntegrity({ config: { integrity: { enabled: false } }, configPath: 'mcp.json' }),
    ).toBeUndefined();
  });

  it('keeps records in the file by default and in a shared store when given one', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'x-open-integrity-'));
    try {
      const recordFile = join(folder, 'records.json');
      const file = openToolIntegrity({
        config: { integrity: {} },
        configPath: 'mcp.json',
        recordFile,
      });
      expect(file?.location).toEqual({ kind: 'file', path: recordFile });
      const shared = openToolIntegrity({
        config: { integrity: {} },
        configPath: 'mcp.json',
        sharedStore: createMemorySessionStore(),
      });
      expect(shared?.location).toEqual({ kind: 'shared' });
      await file?.close();
      await shared?.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
