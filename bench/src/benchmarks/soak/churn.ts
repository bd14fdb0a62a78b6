/**
 * The clients of the soak: each opens a session (2025) or a stateless client (2026-07-28), makes
 * a few browse, execute and view calls, some of them storing a large artifact, then ends it (a
 * 2025 client sends DELETE) and starts over, until told to stop.
 *
 * @module
 */

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** The protocol era of a soak's clients. */
export type SoakEra = 'legacy' | 'modern';

/** What the clients of one era did. */
export interface ChurnRun {
  /** Sessions (2025) or clients (2026-07-28) opened and ended. */
  readonly sessions: number;
  /** Calls made. */
  readonly calls: number;
  /** Calls that threw or answered `isError`. */
  readonly errors: number;
  /** Up to three error messages. */
  readonly sampleErrors: readonly string[];
}

/** What {@link runChurn} takes. */
export interface ChurnOptions {
  /** The gateway's MCP endpoint. */
  readonly url: URL;
  /** The era the clients speak. */
  readonly era: SoakEra;
  /** Clients running at once. */
  readonly clients: number;
  /** Calls each session makes before it ends. */
  readonly callsPerSession: number;
  /** Characters of each large result (stored as an artifact). */
  readonly largeSize: number;
  /** Asked before each session and each call; true ends the client. */
  readonly shouldStop: () => boolean;
}

const structured = (response: unknown) =>
  (response as { structuredContent?: Record<string, unknown> }).structuredContent;

const isError = (response: unknown) =>
  (response as { isError?: boolean } | undefined)?.isError === true;

/** Runs `clients` clients of one era until `shouldStop` says so, each churning sessions. */
export async function runChurn(options: ChurnOptions): Promise<ChurnRun> {
  let sessions = 0;
  let calls = 0;
  let errors = 0;
  const sampleErrors: string[] = [];
  const noteError = (message: string) => {
    errors += 1;
    if (sampleErrors.length < 3) sampleErrors.push(message.slice(0, 200));
  };

  async function session(client: Client, number: number): Promise<void> {
    const browse = await client.callTool({
      name: 'tool_browse',
      arguments: { query: 'echo job nonce', top_k: 1 },
    });
    calls += 1;
    const toolId = (structured(browse) as { cards?: { id: string }[] } | undefined)?.cards?.[0]?.id;
    if (toolId === undefined) return noteError(`browse: ${JSON.stringify(browse).slice(0, 200)}`);
    let handle: string | undefined;
    for (let index = 1; index < options.callsPerSession && !options.shouldStop(); index += 1) {
      const kind = index % 3;
      const response =
        kind === 1
          ? await client.callTool({
              name: 'tool_execute',
              arguments: {
                tool_id: toolId,
                args: {
                  nonce: `s${number}c${index}`,
                  __x_behaviour: 'large',
                  __x_size: options.largeSize,
                },
              },
            })
          : kind === 2 && handle !== undefined
            ? await client.callTool({
                name: 'tool_view',
                arguments: { handle, selector: 'head:2' },
              })
            : await client.callTool({
                name: 'tool_execute',
                arguments: { tool_id: toolId, args: { nonce: `s${number}c${index}`, n: index } },
              });
      calls += 1;
      if (isError(response)) noteError(JSON.stringify(response));
      if (kind === 1) {
        const envelope = structured(response) as { artifacts?: { handle: string }[] } | undefined;
        handle = envelope?.artifacts?.[0]?.handle;
      }
    }
  }

  async function client(index: number): Promise<void> {
    for (let round = 0; !options.shouldStop(); round += 1) {
      const client = new Client(
        { name: 'x-bench-soak', version: '0.1.0' },
        options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
      );
      const transport = new StreamableHTTPClientTransport(options.url);
      try {
        await client.connect(transport);
        await session(client, index * 1_000_000 + round);
        if (options.era === 'legacy') await transport.terminateSession();
      } catch (error) {
        noteError(error instanceof Error ? error.message : String(error));
      } finally {
        sessions += 1;
        await client.close().catch(() => {});
      }
    }
  }

  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  return { sessions, calls, errors, sampleErrors };
}
