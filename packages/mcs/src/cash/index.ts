/**
 * `@x/mcs/cash`: the CaSH driver, which makes a CaSH server (stdio or Streamable HTTP) the
 * bridge of an MCS driver and its three tools, `call`, `help` and `skill`, the spec; the model
 * discovers the functions behind them through `help`. A subpath, so consumers of the core
 * contract do not load the MCP client.
 *
 * @module
 */

// Driver
export {
  CASH_DRIVER_ID,
  CashDriver,
  type CashDriverOptions,
  createCashDriver,
} from './cash-driver.js';
// Prompts
export { cashPromptStrategies, directCallHint, withCashWorkflow } from './cash-prompts.js';
// The three tools
export { CASH_TOOL_NAMES, type CashToolName } from './cash-tools.js';
