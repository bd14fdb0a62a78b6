/**
 * `x-gateway browse`: the cards a model would see.
 *
 * @module
 */

import { type ChoiceCard, DEFAULT_TOP_K } from '@x/gateway';
import { renderBrowseText } from '@x/gateway/server';
import type { GatewayCommand } from './cli-arguments.js';
import { openRuntime } from './open-runtime.js';

/**
 * Ingests the configured upstreams, answers one browse exactly as
 * `tool_browse` would, and returns the text to print: the rendered cards, or
 * with `json` their JSON form. Browse errors (`PATH_INVALID`, ...) are thrown.
 */
export async function browse(
  command: Extract<GatewayCommand, { kind: 'browse' }>,
  report: (line: string) => void,
): Promise<string> {
  const opened = await openRuntime(command.configPath, { quiet: true, report });
  try {
    const { catalog } = opened.runtime;
    let cards: ChoiceCard[];
    if ('query' in command.target) {
      cards = catalog.route(command.target.query, command.topK ?? DEFAULT_TOP_K);
    } else {
      cards = catalog.browse(command.target.path);
    }
    if (command.json) return `${JSON.stringify({ cards }, null, 2)}\n`;
    return `${renderBrowseText(cards, 'query' in command.target ? 'query' : 'path')}\n`;
  } finally {
    await opened.close();
  }
}
