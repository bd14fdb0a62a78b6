import { describe, expect, it } from 'vitest';
import {
  createSearchIndex,
  type SearchableTool,
  TOOL_SEARCH_FIELDS,
  type ToolSearchField,
  toolSearchText,
} from '../src/search/index.js';

const weatherTool: SearchableTool = {
  name: 'get_forecast',
  namespace: 'weather',
  description: 'Forecast for a place.',
  tags: ['outdoor', 'daily'],
  inputSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name' },
      options: {
        type: 'object',
        properties: { units: { type: 'string', description: 'metric or imperial' } },
      },
      days: { type: 'array', items: { type: 'object', properties: { day: { type: 'string' } } } },
    },
  },
};

describe('toolSearchText', () => {
  it('reads name, namespace, description, tags and nested parameters', () => {
    expect(toolSearchText(weatherTool, 'name')).toBe('get_forecast');
    expect(toolSearchText(weatherTool, 'namespace')).toBe('weather');
    expect(toolSearchText(weatherTool, 'tags')).toBe('outdoor daily');
    expect(toolSearchText(weatherTool, 'parameters')).toBe('city options units days day');
    expect(toolSearchText(weatherTool, 'parameterDescriptions')).toBe(
      'City name metric or imperial',
    );
  });

  it('skips malformed schemas instead of throwing', () => {
    for (const inputSchema of [null, 'object', [1], { properties: [1, 2] }, { items: 3 }]) {
      const tool = { name: 'odd', inputSchema };
      expect(toolSearchText(tool, 'parameters')).toBe('');
      expect(toolSearchText(tool, 'description')).toBe('');
    }
  });

  it('lets a tool index find tools by parameter and namespace', () => {
    const index = createSearchIndex<SearchableTool, ToolSearchField>({
      fields: TOOL_SEARCH_FIELDS,
      id: (tool) => `${tool.namespace}:${tool.name}`,
      text: toolSearchText,
    });
    index.add([weatherTool, { name: 'read_file', namespace: 'filesystem', description: 'Read' }]);
    expect(index.search('imperial units').map((hit) => hit.id)).toEqual(['weather:get_forecast']);
    expect(index.search('filesystem').map((hit) => hit.id)).toEqual(['filesystem:read_file']);
  });
});
