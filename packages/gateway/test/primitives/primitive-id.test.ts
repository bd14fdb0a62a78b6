import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChoiceCardSchema } from '../../src/cards/choice-card.js';
import { GatewayError } from '../../src/errors.js';
import { createPrimitiveCatalog } from '../../src/primitives/primitive-catalog.js';
import {
  formatPrimitiveId,
  parsePrimitiveId,
  primitiveKindOf,
  primitiveName,
  promptHash8,
  resolveCollisions,
  resourceHash8,
} from '../../src/primitives/primitive-id.js';
import { hash8 } from '../../src/tool-id/tool-id-hash.js';
import { toolIdArbitrary } from '../arbitraries.js';

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (GatewayError.isInstance(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('primitive ids', () => {
  it('round-trips kind::tool_id for both kinds (formatPrimitiveId(parsePrimitiveId(s)) === s)', () => {
    fc.assert(
      fc.property(toolIdArbitrary, fc.constantFrom('resource', 'prompt'), (toolId, kind) => {
        const id = `${kind}::${toolId}`;
        expect(formatPrimitiveId(parsePrimitiveId(id))).toBe(id);
        expect(primitiveKindOf(id)).toBe(kind);
      }),
    );
  });

  it('refuses bare tool ids, unknown kinds, a ~N key and non-strings with TOOL_ID_INVALID', () => {
    for (const bad of ['fs:read#12345678', 'tool::fs:read#12345678', 'resource::fs:x#12345678~2']) {
      expect(codeOf(() => parsePrimitiveId(bad))).toBe('TOOL_ID_INVALID');
    }
    expect(codeOf(() => parsePrimitiveId(7 as unknown as string))).toBe('TOOL_ID_INVALID');
    expect(primitiveKindOf('fs:read#12345678')).toBeUndefined();
  });

  it('separates the hash domains of tools, resources and prompts', () => {
    const name = 'search';
    const values = [hash8(name, {}), resourceHash8(name), promptHash8(name, [])];
    expect(new Set(values).size).toBe(3);
    expect(promptHash8('p', ['b', 'a'])).toBe(promptHash8('p', ['a', 'b']));
    expect(promptHash8('p', ['a'])).not.toBe(promptHash8('p', ['a', 'b']));
    expect(resourceHash8('file:///a')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('makes any upstream name a §1.1 name', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(primitiveName(raw)).toMatch(/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/);
      }),
    );
    expect(primitiveName('Resource 1')).toBe('Resource_1');
    expect(primitiveName('9lives')).toBe('_9lives');
  });

  it('keys repeated ids with ~2, ~3 in index order and leaves the first bare', () => {
    expect(resolveCollisions(['a', 'b', 'a', 'a', 'b'])).toEqual(['a', 'b', 'a~2', 'a~3', 'b~2']);
    expect(resolveCollisions(['a', 'a~2', 'a'])).toEqual(['a', 'a~2', 'a~3']);
  });
});

describe('createPrimitiveCatalog', () => {
  const prompt = { name: 'summarize', arguments: [{ name: 'text', required: true }] };
  const catalog = createPrimitiveCatalog([
    {
      upstream: 'a',
      namespace: 'shared',
      resources: [
        { uri: 'file:///readme', name: 'README', description: 'The readme.' },
        { uri: 'file:///readme', name: 'README again' },
      ],
      prompts: [prompt],
    },
    { upstream: 'b', namespace: 'shared', resources: [], prompts: [prompt] },
  ]);

  it('keeps a URI an upstream lists twice once, and keys a prompt two upstreams share with ~2', () => {
    expect(catalog.count('resource')).toBe(1);
    const [first, second] = catalog.ids('prompt');
    expect(second).toBe(`${first}~2`);
    expect(catalog.resolve('prompt', first).upstream).toBe('a');
    expect(catalog.resolve('prompt', second).upstream).toBe('b');
  });

  it('builds valid resource and prompt cards, never mixed in one browse', () => {
    const resources = catalog.route('resource', 'readme');
    expect(resources.map((card) => card.kind)).toEqual(['resource']);
    for (const card of [...resources, ...catalog.browse('prompt', '/shared')]) {
      expect(ChoiceCardSchema.safeParse(card).success).toBe(true);
      expect(card.side_effects).toBe(false);
    }
    expect(catalog.browse('prompt', '/shared').every((card) => card.kind === 'prompt')).toBe(true);
  });

  it('names resources and prompts, not tools, in the node cards of a path browse', () => {
    expect(catalog.browse('resource', '/').map((card) => card.description)).toEqual([
      '1 resource: README',
    ]);
    expect(catalog.browse('prompt', '/').map((card) => card.description)).toEqual([
      '2 prompts: summarize',
    ]);
  });

  it('answers ARGS_INVALID for an id of another kind and NOT_FOUND for an unknown one', () => {
    const resourceId = catalog.ids('resource')[0] as string;
    expect(codeOf(() => catalog.resolve('prompt', resourceId))).toBe('ARGS_INVALID');
    expect(codeOf(() => catalog.resolve('resource', 'resource::shared:x#00000000'))).toBe(
      'RESOURCE_NOT_FOUND',
    );
    expect(codeOf(() => catalog.resolve('prompt', 'prompt::shared:x#00000000'))).toBe(
      'PROMPT_NOT_FOUND',
    );
  });
});
