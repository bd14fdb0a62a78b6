import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { HELP_QUERY_EXTENSION } from '../src/help/help-options.js';
import {
  CashError,
  MANIFEST_PATH,
  parseManifest,
  SERVER_RESOURCE_URI,
  serializeManifest,
} from '../src/index.js';
import { createShopServer } from './fixtures/shop.js';

const RFC_EXAMPLE = `cash_version: "1.0"
last_updated: "2026-04-24"
publisher: "Aigon AI"
copyright: "2026 Aigon AI"
endpoint: "https://mcp.aigon.ai/sse"
cache_ttl: 3600
authentication:
  scheme: bearer
  docs_url: "https://aigon.ai/docs/mcp-auth"
namespaces:
  - suggested: orders
    description: "Create and manage customer orders."
  - suggested: inventory
    description: "Query and update stock levels."
skills:
  - name: create-order-with-inventory-check
    description: "Create an order after verifying stock availability."
`;

function manifestError(text: string): CashError {
  try {
    parseManifest(text, 'test');
  } catch (error) {
    if (CashError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

let pair: TestPair | undefined;
let http: RunningHttpServer | undefined;
afterEach(async () => {
  await pair?.close();
  await http?.close();
  pair = undefined;
  http = undefined;
});

describe('manifest schema', () => {
  it('accepts the RFC example and round-trips it through YAML and JSON', () => {
    const manifest = parseManifest(RFC_EXAMPLE, 'rfc');
    expect(manifest.namespaces).toHaveLength(2);
    expect(parseManifest(serializeManifest(manifest, 'yaml'), 'yaml')).toEqual(manifest);
    expect(JSON.parse(serializeManifest(manifest, 'json'))).toEqual(manifest);
  });

  it.each([
    [{ cash_version: 1.0 }, 'field cash_version'],
    [{ last_updated: 'yesterday' }, 'field last_updated'],
    [{ endpoint: 'not a url' }, 'field endpoint'],
    [{ cache_ttl: -5 }, 'field cache_ttl'],
    [{ authentication: { scheme: 'magic' } }, 'field authentication.scheme'],
    [{ namespaces: [] }, 'field namespaces'],
    [{ publisher: undefined }, 'field publisher'],
  ])('rejects %j with INVALID_MANIFEST naming the field', (override, field) => {
    const value = { ...parseYaml(RFC_EXAMPLE), ...override };
    const error = manifestError(stringifyYaml(value));
    expect(error.code).toBe('INVALID_MANIFEST');
    expect(error.message).toContain(field);
  });

  it('rejects texts that are not YAML mappings', () => {
    expect(manifestError('[1, 2').code).toBe('INVALID_MANIFEST');
    expect(manifestError('just text').message).toContain('the manifest');
    expect(manifestError('a: &a [*a]').code).toBe('INVALID_MANIFEST');
  });
});

describe('serving the manifest', () => {
  it('builds the manifest from the top-level namespaces and skills', () => {
    const manifest = createShopServer({
      manifest: { publisher: 'Shop Inc', endpoint: 'https://shop.example/mcp' },
    }).manifest();
    expect(manifest).toEqual({
      cash_version: '0.1.1',
      last_updated: '2026-04-24',
      publisher: 'Shop Inc',
      endpoint: 'https://shop.example/mcp',
      namespaces: [
        { suggested: 'orders', description: 'Create and manage customer orders.' },
        { suggested: 'inventory', description: 'Query and update stock levels.' },
        { suggested: 'crm', description: 'Manage contacts and accounts.' },
      ],
      skills: [
        {
          name: 'orders.createorderwithcheck',
          description: 'Create an order after verifying stock availability.',
        },
        { name: 'inventory.restock', description: 'Restock a product.' },
      ],
      extensions: [{ name: 'x-help-query', description: HELP_QUERY_EXTENSION.description }],
    });
  });

  it('serves /.well-known/cash-mcp.yaml as application/yaml, and JSON when asked', async () => {
    const shop = createShopServer();
    http = await serveHttp((context) => shop.createMcpServer(context), {
      port: 0,
      routes: { [MANIFEST_PATH]: shop.manifestRoute() },
    });
    const url = new URL(MANIFEST_PATH, http.url);
    const yaml = await fetch(url);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const manifest = parseManifest(await yaml.text(), 'served');
    expect(manifest.endpoint).toBe(`http://${http.url.host}/mcp`);
    const asJson = await fetch(url, { headers: { accept: 'application/json' } });
    expect(asJson.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await asJson.json()).toEqual(manifest);
    const refused = await fetch(url, { headers: { accept: 'text/html' } });
    expect(refused.status).toBe(406);
  });

  it('exposes cash://server with the manifest as JSON', async () => {
    pair = await createTestPair(createShopServer().createMcpServer());
    const { resources } = await pair.client.listResources();
    // The rest are the skills' SKILL.md files of the Skills extension.
    const others = resources.filter((resource) => !resource.uri.startsWith('skill://'));
    expect(others.map((resource) => resource.uri)).toEqual([SERVER_RESOURCE_URI]);
    const read = await pair.client.readResource({ uri: SERVER_RESOURCE_URI });
    const content = read.contents[0] as { mimeType: string; text: string };
    expect(content.mimeType).toBe('application/json');
    expect(JSON.parse(content.text)).toMatchObject({ publisher: 'shop', endpoint: 'stdio://shop' });
  });
});
