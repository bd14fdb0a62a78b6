/**
 * `@x/mcs`: the Model Context Standard for TypeScript. The driver contract, a base driver with
 * prompt strategies per model family, the parser that finds calls in what models write, an
 * orchestrator, capabilities and a driver test kit. The REST driver is at `@x/mcs/rest`.
 *
 * @module
 */

// Autostart metadata (mcs §6; starting a bridge is in `@x/mcs/autostart`)
export {
  type BridgeLaunch,
  type BridgeLaunchInput,
  BridgeLaunchSchema,
} from './autostart/bridge-launch.js';
// Drivers
export { BaseDriver, type BaseDriverOptions, type PromptOptions } from './base-driver.js';
// Capabilities (mcs §5)
export {
  CAPABILITY_METHODS,
  type CacheCapability,
  type CapabilityFlag,
  type CapabilityMethods,
  type HealthcheckCapability,
  type HealthReport,
  hasCapability,
  missingCapabilityMethods,
  type StatusCapability,
  type StreamCapability,
} from './capabilities.js';
export { type CreateDriverOptions, createDriver, type DriverFunction } from './create-driver.js';
export type {
  CallableDriver,
  CallOptions,
  DetailedDriver,
  DriverResponse,
  ExecutedCall,
  MCSDriver,
} from './driver.js';
// The contract (mcs §3)
export {
  type DriverMeta,
  type DriverMetaInput,
  DriverMetaSchema,
  PREFIX_PATTERN,
  parseDriverMeta,
} from './driver-meta.js';
export {
  type DriverWarning,
  type DriverWarningKind,
  formatDriverWarning,
} from './driver-warning.js';
export { McsError, type McsErrorCode, type McsErrorOptions, toMcsError } from './errors.js';
export {
  CALL_STYLES,
  type CallStyle,
  type FunctionCall,
  type ParsedCall,
} from './function-call.js';
export {
  FUNCTION_NAME_PATTERN,
  type FunctionDefinition,
  FunctionDefinitionSchema,
  type JsonSchemaDialect,
  JsonSchemaDialectSchema,
  parseFunctionDefinitions,
} from './function-definition.js';
export {
  type CollisionPolicy,
  createOrchestrator,
  Orchestrator,
  type OrchestratorMember,
  type OrchestratorOptions,
} from './orchestrator.js';
// Parser (mcs §3.3)
export {
  type CallDetection,
  type CallDetector,
  type CallDetectorOptions,
  createCallDetector,
  detectCall,
} from './parser/call-detector.js';
export { type CallParser, type CallParserOptions, createCallParser } from './parser/call-parser.js';
export { type FormatCallOptions, formatCall } from './parser/format-call.js';
export {
  DEFAULT_PARSER_LIMITS,
  type ParserLimits,
  ParserLimitsSchema,
} from './parser/limits.js';
export { FORBIDDEN_KEYS } from './parser/near-json.js';
export type { CallIssue, CallIssueReason, ParseResult } from './parser/parse-result.js';
export { buildRetryPrompt } from './parser/retry-prompt.js';
// Prompts (mcs §3.1, §3.2, §7)
export {
  BUILTIN_PROMPT_STRATEGIES,
  claudePromptStrategy,
  genericPromptStrategy,
  gptPromptStrategy,
  openModelPromptStrategy,
} from './prompts/builtin-strategies.js';
export {
  type FunctionDescriptionFormat,
  renderCondensed,
  renderFunctionsJson,
} from './prompts/function-description.js';
export { matchesModelPattern, supportsModel } from './prompts/model-match.js';
export {
  NATIVE_TOOL_FORMATS,
  type NativeToolFormat,
  nativeToolFormatFor,
  toNativeTools,
} from './prompts/native-tools.js';
export {
  type PromptContext,
  type PromptStrategy,
  selectPromptStrategy,
} from './prompts/prompt-strategy.js';
export {
  FUNCTION_DETAILS_NAME,
  functionDetailsDefinition,
  type PromptStyle,
  renderSchemaOnly,
} from './prompts/schema-only.js';
// Spec version and errors
export { MCS_SPEC_VERSION } from './spec-version.js';

// Test kit (mcs §7)
export {
  checkDriverContract,
  type DriverTestCase,
  type DriverTestCaseResult,
  DriverTestCaseSchema,
  DriverTestExpectationSchema,
  type DriverTestKitReport,
  formatDriverTestKitReport,
  type ObservedOutcome,
  runDriverTestKit,
} from './test-kit.js';
