/**
 * `@x/core/integrity`: quarantine of upstream tools that changed since first seen or carry
 * hidden instructions.
 *
 * {@link openToolIntegrity} reads a configuration's `integrity` section and returns a
 * {@link ToolIntegrity}, which is the `toolScreen` of `@x/core/upstreams`: every listing passes
 * through it, and a quarantined tool is neither listed nor callable until approved.
 *
 * @module
 */

// Hidden-instruction rules
export { AUTHORITY_TAG_NAMES, authorityTagRule } from './authority-tag-rule.js';
// Records
export { defaultRecordFile } from './data-directory.js';
export { DETECTOR_RULES, detectHiddenInstructions } from './detect.js';
export type { DetectorRule, IntegrityFinding } from './detector-rule.js';
export { createFileRecordStore, RECORD_FILE_VERSION } from './file-record-store.js';
export { INSTRUCTION_PHRASES, instructionPhraseRule } from './instruction-phrase-rule.js';
// Configuration
export {
  INTEGRITY_CONFIG_KEY,
  type IntegrityConfig,
  IntegrityConfigSchema,
  parseIntegrityConfig,
  ServerIntegrityConfigSchema,
  type ServerIntegritySettings,
  serverIntegritySettings,
} from './integrity-config.js';
export {
  INVISIBLE_RANGES,
  invisibleUnicodeRule,
  isInvisibleCodePoint,
} from './invisible-unicode-rule.js';
// Quarantine
export {
  type OpenConfiguredIntegrityOptions,
  openConfiguredIntegrity,
} from './open-configured-integrity.js';
export {
  type OpenToolIntegrity,
  type OpenToolIntegrityOptions,
  openToolIntegrity,
  type RecordLocation,
} from './open-integrity.js';
export type { IntegrityRecordStore, ToolRecord } from './record-store.js';
export { createSessionRecordStore, INTEGRITY_KEY_PREFIX } from './session-record-store.js';
// Changes
export { describeToolChange } from './tool-diff.js';
export {
  createToolIntegrity,
  type ToolIntegrity,
  type ToolIntegrityOptions,
} from './tool-integrity.js';
// Digests
export { type ToolSnapshot, toolDigest, toToolSnapshot } from './tool-snapshot.js';
export { formatVerdict, judgeTool, type ToolStatus, type ToolVerdict } from './tool-verdict.js';
