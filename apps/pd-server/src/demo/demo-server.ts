/**
 * The demo server: twelve tools over notes, tasks and a calendar, with progressive disclosure.
 *
 * @module
 */

import { McpServer } from '@modelcontextprotocol/server';
import { createDescriptionMap, type DescriptionSource } from '@x/progressive-disclosure';
import { registerCalendarTools } from './calendar-tools.js';
import { DEMO_DESCRIPTIONS } from './descriptions.js';
import { registerNoteTools } from './notes-tools.js';
import { createDemoState } from './state.js';
import { registerTaskTools } from './tasks-tools.js';

/** The examples and guidance of the demo's tools, validated once. */
export function createDemoDescriptions(): DescriptionSource {
  return createDescriptionMap(DEMO_DESCRIPTIONS);
}

/**
 * Builds one session's demo server, unwrapped: its own copy of the data, the twelve tools with
 * their complete descriptions and schemas. Wrap it with a progressive-disclosure layer to serve.
 */
export function createDemoServer(instructions?: string): McpServer {
  const server = new McpServer(
    { name: 'x-pd-demo', version: '0.1.0' },
    instructions === undefined ? {} : { instructions },
  );
  const state = createDemoState();
  registerNoteTools(server, state);
  registerTaskTools(server, state);
  registerCalendarTools(server, state);
  return server;
}
