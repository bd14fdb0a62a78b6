/**
 * `x-gateway tools quarantined` and `x-gateway tools approve`: what tool integrity holds back,
 * and approving it.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { CoreError } from '@x/core';
import { formatVerdict, openConfiguredIntegrity, type ToolVerdict } from '@x/core/integrity';
import { createUpstreamPool, loadMcpServersConfig } from '@x/core/upstreams';
import { parseGatewayConfig } from './gateway-config.js';
import type { ToolsCommand } from './tools-arguments.js';

/** A tool of the current listings and its verdict. */
interface Listed {
  readonly tool: Tool;
  readonly verdict: ToolVerdict;
}

/**
 * Connects every enabled upstream without the quarantine, judges its current tools against
 * the records (as `serve` would) and returns the text to print: one line per quarantined tool
 * with its reasons, or one line per approved tool. Upstreams that cannot be reached are told
 * to `report` and left out.
 *
 * @throws CoreError `CONFIG_INVALID` when the file turns integrity off and tools are to be
 *   approved, or names a server or tool that is not there.
 */
export async function runToolsCommand(
  command: ToolsCommand,
  report: (line: string) => void,
): Promise<string> {
  const config = await loadMcpServersConfig(command.configPath);
  const gatewayConfig = parseGatewayConfig(config, command.configPath);
  const integrity = await openConfiguredIntegrity({
    config,
    configPath: command.configPath,
    sessionStore: command.sessionStore ?? gatewayConfig.sessionStore,
  });
  if (integrity === undefined) {
    const off = `tool integrity is off in ${command.configPath}: it has no "integrity" section, or it says "enabled": false`;
    if (command.kind === 'tools-quarantined') return `${off}\n`;
    throw new CoreError({ code: 'CONFIG_INVALID', message: off });
  }
  const wanted =
    command.kind === 'tools-approve' && command.targets !== 'all'
      ? new Set(command.targets.map((target) => target.server))
      : undefined;
  const pool = createUpstreamPool(
    {
      ...config,
      mcpServers: Object.fromEntries(
        Object.entries(config.mcpServers).filter(
          ([name]) => wanted === undefined || wanted.has(name),
        ),
      ),
    },
    {
      clientInfo: { name: 'x-gateway', version: '0.1.0' },
      stderr: 'ignore',
      reconnect: { maxAttempts: 1 },
    },
  );
  try {
    const listings = new Map<string, Map<string, Listed>>();
    for (const [name, error] of await pool.connectAll()) {
      const upstream = pool.upstreams.get(name);
      if (error !== undefined || upstream === undefined) {
        report(`upstream ${name} is unavailable: ${error?.message ?? 'not started'}`);
        continue;
      }
      const tools = await upstream.listTools();
      const verdicts = await integrity.inspect(name, tools);
      const byName = new Map<string, Listed>();
      tools.forEach((tool, index) => {
        const verdict = verdicts[index];
        if (verdict !== undefined) byName.set(tool.name, { tool, verdict });
      });
      listings.set(name, byName);
    }
    const quarantined = [...listings.entries()].flatMap(([, byName]) =>
      [...byName.values()].filter((listed) => listed.verdict.status === 'quarantined'),
    );
    if (command.kind === 'tools-quarantined') {
      if (quarantined.length === 0) return 'no quarantined tools\n';
      return quarantined.map((listed) => `${formatVerdict(listed.verdict)}\n`).join('');
    }
    const chosen =
      command.targets === 'all'
        ? quarantined
        : command.targets.map((target) => {
            const listed = listings.get(target.server)?.get(target.tool);
            if (listed === undefined) {
              throw new CoreError({
                code: 'CONFIG_INVALID',
                message: `no tool ${target.server}/${target.tool} in the current listings of ${command.configPath}`,
              });
            }
            return listed;
          });
    if (chosen.length === 0) return 'no quarantined tools\n';
    const lines: string[] = [];
    for (const listed of chosen) {
      const { server, tool, status } = listed.verdict;
      if (status !== 'quarantined') {
        lines.push(`${server}/${tool} is not quarantined (${status})\n`);
        continue;
      }
      const record = await integrity.approve(server, listed.tool);
      lines.push(`approved ${server}/${tool} (${record.digest})\n`);
    }
    return lines.join('');
  } finally {
    await pool.close();
    await integrity.close();
  }
}
