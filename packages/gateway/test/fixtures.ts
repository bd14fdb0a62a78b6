/** Loaders for the captured fixtures. */
import { readFileSync } from 'node:fs';
import type { CardSourceTool } from '../src/cards/card-builder.js';

interface CapturedServer {
  serverInfo: { name: string; version: string };
  tools: CardSourceTool[];
}

/** tools/list of the reference servers everything, filesystem and memory, by server key. */
export function referenceServerTools(): Record<string, CapturedServer> {
  const text = readFileSync(
    new URL('./fixtures/reference-server-tools.json', import.meta.url),
    'utf8',
  );
  return (JSON.parse(text) as { servers: Record<string, CapturedServer> }).servers;
}
