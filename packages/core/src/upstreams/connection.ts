import type { Transport } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { withTraceHeaders, withTraceMeta } from '../telemetry/trace-context.js';
import { createBoundedFetch } from './bounded-http-fetch.js';
import { BoundedStdioClientTransport, type ProcessExit } from './bounded-stdio-transport.js';
import type { StdioUpstreamConfig, UpstreamConfig } from './config-schema.js';
import type { ResolvedUpstreamOptions } from './upstream-options.js';

/** Which list a `notifications/.../list_changed` is about. */
export type ListChangedKind = 'tools' | 'resources' | 'prompts';

/** What a connection reports to its owner. */
export interface ConnectionEvents {
  /** The server said one of its lists changed. */
  onListChanged(kind: ListChangedKind): void;
  /** The transport closed (process exit, or our own close). */
  onClose(): void;
}

/** A client, its transport and, for stdio, its child process. */
export interface UpstreamConnection {
  readonly client: Client;
  readonly transport: Transport;
  /** The child process id while it runs (stdio only). */
  readonly pid: number | undefined;
  /** How the child process ended, once it has (stdio only). */
  readonly exit?: ProcessExit | undefined;
  /** The last lines the child wrote to stderr, when it is piped (stdio only). */
  stderrTail?(): string;
  /** Ends the session: an HTTP session is terminated, a child process ends or is killed. */
  close(): Promise<void>;
}

/** How long closing waits for an HTTP server to acknowledge the end of the session. */
const TERMINATE_SESSION_WAIT_MS = 1_000;

/** How much of a server's latest stderr is kept to explain a failed start. */
const STDERR_TAIL_CHARS = 1_000;

function createStdioTransport(
  name: string,
  config: StdioUpstreamConfig,
  options: ResolvedUpstreamOptions,
  tail: { text: string },
): BoundedStdioClientTransport {
  const transport = new BoundedStdioClientTransport(
    {
      command: config.command,
      ...(config.args === undefined ? {} : { args: config.args }),
      ...(config.env === undefined ? {} : { env: config.env }),
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      stderr: options.stderr,
    },
    config.maxMessageBytes ?? options.maxMessageBytes,
  );
  const stderr = transport.stderr;
  if (stderr !== null) {
    const onStderr = options.onStderr;
    stderr.on('data', (chunk: Buffer | string) => {
      const text = chunk.toString();
      tail.text = (tail.text + text).slice(-STDERR_TAIL_CHARS);
      try {
        onStderr?.(text, name);
      } catch {
        // The listener's failure must not become an uncaught exception of the stream.
      }
    });
  }
  return transport;
}

/**
 * Closes a stdio client; a server still running after `graceMs` gets SIGTERM from us rather
 * than after the SDK's fixed 2 s. The timer only runs while the child has not exited, so the
 * pid is still ours.
 */
async function closeWithGrace(
  client: Client,
  transport: BoundedStdioClientTransport,
  graceMs: number,
): Promise<void> {
  const pid = transport.pid;
  const closing = client.close();
  if (pid === null) {
    return closing;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // It exited in the meantime.
    }
  }, graceMs);
  try {
    await closing;
  } finally {
    clearTimeout(timer);
  }
}

async function terminateHttpSession(transport: StreamableHTTPClientTransport): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, TERMINATE_SESSION_WAIT_MS);
  });
  await Promise.race([transport.terminateSession().catch(() => {}), wait]);
  clearTimeout(timer);
}

/** The 2026-07-28 revision, the one the modern era speaks today. */
const MODERN_REVISION = '2026-07-28';
/** The JSON-RPC code of an unsupported protocol version (MCP 2026-07-28, Basic › Lifecycle). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** How an upstream negotiates its era. */
export type UpstreamProtocol = 'auto' | 'modern' | 'legacy';

/**
 * The era negotiation of a server entry: its `protocol` setting, else `auto` over HTTP (the
 * `server/discover` probe is one request) and `legacy` over stdio, where the SDK's probe would
 * spawn a second, short-lived process on every connect and leave the real one to start after
 * `connect()` resolves. A stdio server that refuses the 2025 handshake is then reconnected in
 * the 2026-07-28 era (see {@link refusesLegacyHandshake}).
 */
export function protocolOf(config: UpstreamConfig): UpstreamProtocol {
  return config.protocol ?? (config.type === 'stdio' ? 'legacy' : 'auto');
}

/** Whether a failed connect is a 2026-07-28-only server refusing the `initialize` handshake. */
export function refusesLegacyHandshake(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : '';
  return code === UNSUPPORTED_PROTOCOL_VERSION || /unsupported protocol version/i.test(message);
}

/**
 * The SDK's negotiation for an upstream's `protocol` setting (MCP 2026-07-28, Basic ›
 * Lifecycle: a client probes with `server/discover` and falls back to `initialize`).
 */
function versionNegotiationOf(protocol: UpstreamProtocol) {
  if (protocol === 'legacy') return {};
  return {
    versionNegotiation: {
      mode: protocol === 'auto' ? ('auto' as const) : { pin: MODERN_REVISION },
    },
  };
}

/** Makes `transport` write the active trace context into the `_meta` of each request it sends. */
function sendingTraceContext<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(withTraceMeta(message), options);
  return transport;
}

/**
 * Builds (without starting) the client and transport for one attempt.
 *
 * The client declares no capabilities (no sampling, roots or elicitation) and follows the
 * three `list_changed` notifications whether or not the server advertised them. Each request
 * carries the active trace context (the upstream call's span) in its `_meta`, and over HTTP in
 * its `traceparent` header too; without an OpenTelemetry SDK nothing is added.
 */
export function createConnection(
  name: string,
  config: UpstreamConfig,
  protocol: UpstreamProtocol,
  options: ResolvedUpstreamOptions,
  events: ConnectionEvents,
): UpstreamConnection {
  const client = new Client(options.clientInfo, {
    capabilities: {},
    ...versionNegotiationOf(protocol),
  });
  client.setNotificationHandler('notifications/tools/list_changed', () =>
    events.onListChanged('tools'),
  );
  client.setNotificationHandler('notifications/resources/list_changed', () =>
    events.onListChanged('resources'),
  );
  client.setNotificationHandler('notifications/prompts/list_changed', () =>
    events.onListChanged('prompts'),
  );
  client.onclose = () => events.onClose();
  // Transport errors also surface as failed requests or a close; nothing more to do here.
  client.onerror = () => {};

  if (config.type === 'stdio') {
    const tail = { text: '' };
    const transport = sendingTraceContext(createStdioTransport(name, config, options, tail));
    return {
      client,
      transport,
      get pid() {
        return transport.pid ?? undefined;
      },
      get exit() {
        return transport.exit;
      },
      stderrTail: () => tail.text,
      close: () => closeWithGrace(client, transport, options.closeGraceMs),
    };
  }
  const transport = sendingTraceContext(
    new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: { headers: { ...config.headers } },
      fetch: withTraceHeaders(
        createBoundedFetch(config.maxMessageBytes ?? options.maxMessageBytes),
      ),
    }),
  );
  return {
    client,
    transport,
    pid: undefined,
    async close() {
      await terminateHttpSession(transport);
      await client.close();
    },
  };
}
