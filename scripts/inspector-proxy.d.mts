import type { ChildProcess } from 'node:child_process';

/** What the proxy connects a session to. */
export type InspectorTarget =
  | {
      /** Spawn `command args` and speak MCP over its stdio. */
      transport: 'stdio';
      /** The executable. */
      command: string;
      /** Its arguments. */
      args: readonly string[];
      /** Extra environment of the spawned command. */
      env?: Readonly<Record<string, string>>;
    }
  | {
      /** Connect to a Streamable HTTP server. */
      transport: 'streamable-http';
      /** The server's endpoint. */
      url: URL;
    };

/** The part of the SDK's `Client` the proxy helper uses. */
export interface ProxyClient {
  connect(transport: never): Promise<void>;
  close(): Promise<void>;
}

/** The part of the SDK's `StreamableHTTPClientTransport` the proxy helper uses. */
export interface ProxyTransport {
  terminateSession(): Promise<void>;
}

/** Options of {@link startInspectorProxy}: the proxy's entry point and the SDK classes to use. */
export interface InspectorProxyOptions<C extends ProxyClient, T extends ProxyTransport> {
  /** The module `@modelcontextprotocol/inspector-server` is resolved from (`import.meta.url`). */
  resolveFrom: string;
  /** The proxy's environment, which stdio targets inherit (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** The SDK's `Client`. */
  Client: new (info: {
    name: string;
    version: string;
  }) => C;
  /** The SDK's `StreamableHTTPClientTransport`. */
  Transport: new (
    url: URL,
    options: { requestInit: RequestInit },
  ) => T;
}

/** One MCP session held by the proxy, and the SDK client that drives it. */
export interface InspectorSession<C> {
  /** The connected client. */
  readonly client: C;
  /** Ends the session (deleting it at an HTTP upstream) and closes the client. */
  close(): Promise<void>;
}

/** A running Inspector proxy. */
export interface InspectorProxy<C> {
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  readonly origin: string;
  /** Opens a new MCP session through the proxy to `target`. */
  connect(target: InspectorTarget): Promise<InspectorSession<C>>;
  /** Stops the proxy and everything it spawned (its process group), waiting until all are gone. */
  stop(): Promise<void>;
}

/** Starts the Inspector proxy on a free loopback port with a random proxy token. */
export function startInspectorProxy<C extends ProxyClient, T extends ProxyTransport>(
  options: InspectorProxyOptions<C, T>,
): Promise<InspectorProxy<C>>;

/** Ends the process group led by `child`: SIGTERM, then SIGKILL after `graceMs`. */
export function stopProcessGroup(child: ChildProcess, graceMs?: number): Promise<number | null>;
