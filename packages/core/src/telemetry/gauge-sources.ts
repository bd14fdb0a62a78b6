/**
 * What the observable gauges read when a metric reader collects: the upstreams, servers and
 * callers of this process, registered by the code that owns them and removed when it closes.
 *
 * This is process-wide telemetry state, not per-caller state: a gauge reports the process.
 *
 * @module
 */

/** One upstream connection, as the `mcp_upstream_up` gauge sees it. */
export interface UpstreamGaugeSource {
  /** The server name from the configuration. */
  readonly name: string;
  /** Whether it is connected and ready to serve now. */
  isUp(): boolean;
}

/** One running server, as the `mcp_sessions_open` and `mcp_callers` gauges see it. */
export interface ServerGaugeSource {
  /** `stdio` or `http`. */
  readonly transport: string;
  /** Sessions open now. */
  sessions(): number;
  /** Distinct callers seen so far. */
  callers(): number;
}

const upstreams = new Set<UpstreamGaugeSource>();
const servers = new Set<ServerGaugeSource>();

/** Adds a source; returns the function that removes it. */
function register<Source>(set: Set<Source>, source: Source): () => void {
  set.add(source);
  return () => {
    set.delete(source);
  };
}

/** The registries behind the observable gauges. */
export const gaugeSources = {
  /** Registers an upstream; call the returned function when it closes. */
  addUpstream: (source: UpstreamGaugeSource) => register(upstreams, source),
  /** Registers a server; call the returned function when it closes. */
  addServer: (source: ServerGaugeSource) => register(servers, source),
  /** Ready connections by server name, names sorted. */
  upstreamsUp(): [string, number][] {
    const up = new Map<string, number>();
    for (const source of upstreams) {
      up.set(source.name, (up.get(source.name) ?? 0) + (source.isUp() ? 1 : 0));
    }
    return [...up].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  },
  /** Open sessions by transport, transports sorted. */
  sessionsOpen(): [string, number][] {
    const open = new Map<string, number>();
    for (const source of servers) {
      open.set(source.transport, (open.get(source.transport) ?? 0) + source.sessions());
    }
    return [...open].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  },
  /** Distinct callers over every server. */
  callers(): number {
    let total = 0;
    for (const source of servers) total += source.callers();
    return total;
  },
};
