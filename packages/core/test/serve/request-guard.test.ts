import { describe, expect, it } from 'vitest';
import { createRequestGuard } from '../../src/serve/request-guard.js';

describe('createRequestGuard', () => {
  const guard = createRequestGuard({
    host: '0.0.0.0',
    port: 8080,
    allowedHosts: ['mcp.example', 'edge.example:443'],
    allowedOrigins: ['https://app.example'],
  });

  it('accepts the bound host and loopback names on the bound port only', () => {
    for (const host of [
      '0.0.0.0:8080',
      'localhost:8080',
      'LOCALHOST:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
    ]) {
      expect(guard({ host }), host).toBeUndefined();
    }
    for (const host of ['localhost:8081', 'localhost', '127.0.0.2:8080', '[::2]:8080']) {
      expect(guard({ host }), host).toMatch(/^Forbidden: Host/);
    }
  });

  it('matches allowedHosts without a port on any port, and with a port exactly', () => {
    expect(guard({ host: 'mcp.example' })).toBeUndefined();
    expect(guard({ host: 'mcp.example:9999' })).toBeUndefined();
    expect(guard({ host: 'edge.example:443' })).toBeUndefined();
    expect(guard({ host: 'edge.example' })).toMatch(/^Forbidden/);
    expect(guard({ host: 'sub.mcp.example' })).toMatch(/^Forbidden/);
  });

  it('refuses a missing or malformed Host', () => {
    for (const host of [
      undefined,
      '',
      'a b',
      'user@localhost:8080',
      'localhost:8080/path',
      '[::1',
    ]) {
      expect(guard({ ...(host === undefined ? {} : { host }) }), String(host)).toMatch(
        /^Forbidden/,
      );
    }
  });

  it('accepts no Origin, loopback origins on any port, and allowed origins', () => {
    const host = 'localhost:8080';
    for (const origin of [
      undefined,
      'http://localhost:3000',
      'https://127.0.0.1',
      'http://[::1]:6274',
      'https://app.example',
      'https://APP.example:443',
    ]) {
      expect(guard({ host, ...(origin === undefined ? {} : { origin }) }), origin).toBeUndefined();
    }
  });

  it('refuses foreign, opaque and non-web origins', () => {
    const host = 'localhost:8080';
    for (const origin of [
      'http://evil.example',
      'null',
      'file://',
      'http://app.example',
      'https://app.example:8443',
      'ftp://localhost',
    ]) {
      expect(guard({ host, origin }), origin).toMatch(/^Forbidden/);
    }
  });
});
