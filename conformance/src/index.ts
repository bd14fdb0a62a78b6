/**
 * `@x/conformance`: checks any MCP server, over stdio or Streamable HTTP, against the
 * requirements of the registered specs.
 *
 * @module
 */

export { findCatalogProblems } from './catalog-problems.js';

// Requirements, checks and specs
export type {
  Check,
  CheckContext,
  CheckOutcome,
  CheckStatus,
  OpenSessionOptions,
  TargetDescription,
  TargetKind,
} from './check.js';
// CLI and errors
export { type CliIo, EXIT, runCli } from './cli/run-cli.js';
// Defects: the broken fixtures that prove each check can fail
export { DEFECT_NAME_PATTERN, type Defect, type DefectTable } from './defect.js';
// Drivers (MCS driver modules checked in process)
export type {
  DriverCheck,
  DriverCheckContext,
  DriverSpecDefinition,
  DriverUnderTest,
} from './driver/driver-check.js';
export {
  type CallOptions as DriverCallOptions,
  type CallOutcome,
  type DriverHost,
  type StartDriverHostOptions,
  startDriverHost,
} from './driver/driver-host.js';
export {
  type LoadedDriverModule,
  loadDriverModule,
  type ProbeCall,
  ProbeCallSchema,
  resolveDriverModule,
} from './driver/driver-module.js';
export {
  createDriverTarget,
  type DriverModule,
  type DriverTargetDefinition,
  type DriverTargetOptions,
  isDriverTarget,
} from './driver/driver-target.js';
export type {
  CollectedStream,
  DriverMethod,
  DriverSnapshot,
  ThrownError,
} from './driver/host-protocol.js';
export { DRIVER_METHODS } from './driver/host-protocol.js';
// Protocol eras
export {
  ERA_CHOICES,
  ERAS,
  type Era,
  type EraChoice,
  eraLabel,
  MODERN_PROTOCOL_VERSION,
} from './era/era.js';
export {
  ConformanceError,
  type ConformanceErrorCode,
  type ConformanceErrorOptions,
} from './errors.js';
export { fail, listProblems, notApplicable, pass, skip } from './outcome.js';
// Reports
export { formatCatalogJson, formatCatalogText } from './report/catalog.js';
export { formatJsonReport } from './report/json.js';
export { escapeXml, formatJunitReport } from './report/junit.js';
export {
  type ConformanceReport,
  countResults,
  createReport,
  type MustSkipReason,
  type ReportSummary,
  type RequirementResult,
  type ResultCounts,
  summarizeResults,
  type TargetReport,
} from './report/report.js';
export {
  formatMustSkips,
  formatSummary,
  formatTextReport,
  targetHeading,
} from './report/text.js';
export {
  REQUIREMENT_LEVELS,
  REQUIREMENT_PROFILES,
  type Requirement,
  type RequirementLevel,
  type RequirementProfile,
  requirementKind,
  X_PROFILE,
} from './requirement.js';
// Running
export {
  DEFAULT_CHECK_TIMEOUT_MS,
  type ProgressEvent,
  type RunConformanceOptions,
  runConformance,
} from './runner/run-conformance.js';
// Raw sessions
export type { RawMessage } from './session/json-rpc.js';
export type {
  RawExchange,
  RawRequestOptions,
  RawSendResult,
  RawSession,
} from './session/raw-session.js';
export type { SpecCatalogEntry, SpecDefinition } from './spec.js';
export { driverSpecRegistry, specCatalog, specRegistry } from './specs/index.js';
export { mcp2026Spec } from './specs/mcp-2026/index.js';
export { mcpBaseSpec } from './specs/mcp-base/index.js';
export { mcsSpec } from './specs/mcs/index.js';
// Targets
export {
  createCommandLineTarget,
  createStdioTarget,
  createTarget,
  type HttpTransportConfig,
  type StdioTargetOptions,
  type StdioTransportConfig,
  type TargetDefinition,
  type TargetSetup,
  type TargetTransport,
  type TemporaryDirectoryUse,
} from './target.js';
export { packageBin, packageFile, referenceDriverTargets, referenceTargets } from './targets.js';
