/**
 * `@x/test-kit`: the test harnesses every workspace shares (private, never published).
 *
 * @module
 */

// In-memory client/server pairs

export { createTestPair, type TestPair, type TestPairOptions } from './pair/test-pair.js';

// The life cycle of process tests

export {
  type Cleanups,
  type Scratch,
  type ScratchOptions,
  useCleanups,
  useScratch,
} from './lifecycle/scratch.js';

// Processes: groups, the process table, raw stdio peers, stdin-close states

export {
  type AppProcess,
  processesMentioning,
  type StartAppOptions,
  startApp,
} from './processes/app-process.js';
export { signalGroup, stopProcessGroup } from './processes/process-group.js';
export {
  bytesRead,
  commandLine,
  descendantPids,
  isRunning,
  type PollOptions,
  pollUntil,
  waitUntilGone,
} from './processes/process-table.js';
export {
  closeStdinIn,
  type StdinCloseServer,
  type StdinCloseState,
} from './processes/stdin-close.js';
export {
  type ProcessExit,
  type StdioPeer,
  type StdioPeerOptions,
  spawnStdioPeer,
  type WireMessage,
} from './processes/stdio-peer.js';

// Fixture upstreams and files

export {
  LARGE_RESULT_HTTP_SERVER,
  MODERN_ONLY_SERVER,
  SKILL_URIS,
  SKILLS_SERVER,
  startModernOnly,
  startModernOnlyHttp,
  startSkillsServer,
} from './fixtures/fixture-servers.js';
export {
  type FixtureUpstream,
  fixtureBin,
  type HttpFixture,
  startFixtureUpstream,
  startHttpFixture,
} from './fixtures/http-fixture.js';
export { createLargeFileFolder } from './fixtures/large-file-folder.js';

// Redis, HTTP and the caller scopes of the state tests

export {
  type CallerOptions,
  callerOptions,
  ERAS,
  type Era,
  type StartedInstance,
  type StartedTopology,
  startTopology,
  TOPOLOGIES,
  type Topology,
  writeCallerTokens,
} from './callers/caller-scopes.js';
export { fetchOnOrigin, metricSample, readHealth } from './http/metrics-text.js';
export {
  type RoundRobinProxy,
  type RoundRobinProxyOptions,
  startRoundRobinProxy,
} from './http/round-robin-proxy.js';
export { startRedisServer, type TestRedisServer } from './redis/redis-server.js';
