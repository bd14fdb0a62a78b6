/**
 * Where `x-gateway serve` keeps per-caller state: in this process by
 * default, or in a shared session store (Redis) with shared artifacts, so
 * several instances behind one address serve any request of a session.
 *
 * @module
 */

import { type HttpServeOptions, type ServerFactory, sessionScope } from '@x/core/serve';
import {
  type ClosableSessionStore,
  createSessionStore,
  type SessionStoreOptions,
} from '@x/core/sessions';
import { createArtifactBudget } from '@x/gateway';
import type { ArtifactsConfig } from '@x/gateway/artifacts';
import { createSharedArtifacts } from '@x/gateway/artifacts';
import {
  createGatewayServer,
  createGatewayServerFactory,
  type GatewayRuntime,
  type GatewayServerOptions,
} from '@x/gateway/server';

/** The session state of one `serve`, and how to release it. */
export interface SharedState {
  /** The session store every server of this process writes per-caller state to. */
  readonly store: ClosableSessionStore;
  /** What `serveHttp` needs to record sessions in a shared store (empty for the in-memory one). */
  readonly http: Pick<HttpServeOptions, 'sessionStore' | 'onSessionClosed'>;
  /** The gateway-mode server factory over `runtime`, its artifacts shared when the store is. */
  gatewayFactory(runtime: GatewayRuntime, options: GatewayServerOptions): ServerFactory;
  /** Closes the store's connection. */
  close(): Promise<void>;
}

/**
 * Opens the session store the configuration asks for (`undefined`: in memory).
 * With a shared store, artifacts are shared too: small ones in the store,
 * those above `artifacts.inlineMaxBytes` in `artifacts.directory` when set;
 * a session's artifacts go when a DELETE ends the session. The artifact
 * bounds of `artifacts` hold per caller scope either way, and `maxTotalBytes` over
 * all sessions (of the process in memory, of every instance when shared).
 *
 * `storeOptions.onError` hears of a lost store, naming its address, for the log.
 *
 * @throws CoreError `CONFIG_INVALID` or `UNAVAILABLE` (see `createSessionStore`).
 */
export async function openSharedState(
  sessionStore: unknown,
  artifacts: ArtifactsConfig = {},
  storeOptions: SessionStoreOptions = {},
): Promise<SharedState> {
  const store = await createSessionStore(sessionStore, storeOptions);
  const bounds = {
    ...(artifacts.maxArtifacts === undefined ? {} : { maxArtifacts: artifacts.maxArtifacts }),
    ...(artifacts.maxBytes === undefined ? {} : { maxBytes: artifacts.maxBytes }),
    ...(artifacts.maxArtifactBytes === undefined
      ? {}
      : { maxArtifactBytes: artifacts.maxArtifactBytes }),
  };
  if (store.backend === 'memory') {
    // One budget for the process: every session's artifacts together stay under maxTotalBytes.
    const budget = createArtifactBudget(
      artifacts.maxTotalBytes === undefined ? {} : { maxBytes: artifacts.maxTotalBytes },
    );
    return {
      store,
      http: {},
      gatewayFactory: (runtime, options) =>
        createGatewayServerFactory(runtime, {
          ...options,
          sessionStore: store,
          artifacts: { ...bounds, budget },
          ...(artifacts.maxScopes === undefined ? {} : { maxArtifactScopes: artifacts.maxScopes }),
        }),
      close: () => store.close(),
    };
  }
  const shared = createSharedArtifacts({
    store,
    ...bounds,
    ...(artifacts.directory === undefined ? {} : { directory: artifacts.directory }),
    ...(artifacts.inlineMaxBytes === undefined ? {} : { inlineMaxBytes: artifacts.inlineMaxBytes }),
    ...(artifacts.ttlMs === undefined ? {} : { ttlMs: artifacts.ttlMs }),
    ...(artifacts.maxTotalBytes === undefined ? {} : { maxTotalBytes: artifacts.maxTotalBytes }),
  });
  await shared.sweep();
  return {
    store,
    http: {
      sessionStore: store,
      onSessionClosed: (sessionId, reason) => {
        if (reason === 'deleted')
          void shared.deleteSession(sessionScope(sessionId)).catch(() => {});
      },
    },
    gatewayFactory: (runtime, options) => (context) =>
      createGatewayServer(runtime, {
        ...options,
        sessionStore: store,
        scope: context.scope,
        role: context.role,
        createArtifactStore: () => shared.forSession(context.scope),
      }),
    close: () => store.close(),
  };
}
