/**
 * `@x/core/logging`: the apps' log lines, human by default or JSON ({@link createLogger}), with
 * every secret the app knows removed first ({@link createRedactor},
 * {@link secretsOfMcpServersConfig}).
 *
 * @module
 */

export { secretsOfMcpServersConfig, secretsOfUrl } from './config-secrets.js';
export {
  createLogger,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFields,
  type LogFieldValue,
  type LogFormat,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  type LogSink,
} from './logger.js';
export { createRedactor, MIN_SECRET_LENGTH, REDACTED, type Redactor } from './redactor.js';
