/**
 * Quarantine of changed or poisoned upstream tools, as a {@link ToolScreen}.
 *
 * @module
 */
import type { Tool } from '@modelcontextprotocol/server';
import type { ToolScreen } from '../upstreams/tool-screen.js';
import { type IntegrityConfig, serverIntegritySettings } from './integrity-config.js';
import type { IntegrityRecordStore, ToolRecord } from './record-store.js';
import { toolDigest, toToolSnapshot } from './tool-snapshot.js';
import { formatVerdict, judgeTool, type ToolVerdict } from './tool-verdict.js';

/** What {@link createToolIntegrity} takes. */
export interface ToolIntegrityOptions {
  /** Where trusted records live (shared by instances when it is a Redis session store). */
  store: IntegrityRecordStore;
  /** The `integrity` section (see {@link parseIntegrityConfig}); `{}` for every default. */
  config: IntegrityConfig;
  /**
   * Hears one line per newly quarantined version of a tool (and per accepted change), with
   * the reason and what changed. Told once per tool and digest, however often it is listed.
   */
  onReport?: (line: string) => void;
}

/** The quarantine of one process, over a shared record store. */
export interface ToolIntegrity extends ToolScreen {
  /**
   * Judges a listing without writing anything: what `screen` would decide, for every tool.
   * `x-gateway tools quarantined` lists the `quarantined` ones.
   */
  inspect(server: string, tools: readonly Tool[]): Promise<ToolVerdict[]>;
  /**
   * Trusts the given version of a tool from now on: records its digest, so it is served (and a
   * later change is judged against it). Resolves to the record written.
   */
  approve(server: string, tool: Tool): Promise<ToolRecord>;
  /** The tools the last screening of each server held back, by server then tool name. */
  quarantined(): ToolVerdict[];
}

/**
 * Creates the quarantine. `screen` (the {@link ToolScreen} an upstream calls on each listing)
 * judges each tool (see {@link judgeTool}), records a first-seen clean tool or an accepted
 * change, reports what it holds back and remembers the verdicts for `admits`. A server whose
 * settings say `enabled: false` passes unscreened.
 */
export function createToolIntegrity(options: ToolIntegrityOptions): ToolIntegrity {
  const { store, config } = options;
  const admitted = new Map<string, Map<string, boolean>>();
  const held = new Map<string, ToolVerdict[]>();
  const reported = new Set<string>();
  const report = (verdict: ToolVerdict) => {
    const key = JSON.stringify([verdict.server, verdict.tool, verdict.digest, verdict.status]);
    if (reported.has(key)) return;
    reported.add(key);
    options.onReport?.(`integrity: ${formatVerdict(verdict)}`);
  };

  async function judgeAll(server: string, tools: readonly Tool[]): Promise<ToolVerdict[]> {
    const { acceptChanges } = serverIntegritySettings(config, server);
    const records = await store.list(server);
    return tools.map((tool) =>
      judgeTool(server, toToolSnapshot(tool), records.get(tool.name), acceptChanges),
    );
  }

  /**
   * Writes what the verdicts ask for: first sights in one step, accepted changes one by one. A
   * first sight another instance recorded differently just before is judged again against it.
   */
  async function settle(server: string, verdicts: readonly ToolVerdict[]): Promise<ToolVerdict[]> {
    const recordOf = (verdict: ToolVerdict): ToolRecord => ({
      digest: verdict.digest,
      tool: verdict.snapshot,
    });
    const fresh = verdicts.filter((verdict) => verdict.status === 'new');
    const kept = fresh.length === 0 ? [] : await store.putAllIfAbsent(server, fresh.map(recordOf));
    const keptByTool = new Map(fresh.map((verdict, index) => [verdict.tool, kept[index]]));
    const settled: ToolVerdict[] = [];
    for (const verdict of verdicts) {
      const record = keptByTool.get(verdict.tool);
      if (verdict.status === 'new' && record !== undefined && record.digest !== verdict.digest) {
        settled.push(judgeTool(verdict.server, verdict.snapshot, record, false));
        continue;
      }
      if (verdict.status === 'accepted') {
        await store.put(verdict.server, verdict.tool, recordOf(verdict));
      }
      settled.push(verdict);
    }
    return settled;
  }

  return {
    async screen(server, tools) {
      if (!serverIntegritySettings(config, server).enabled) {
        admitted.delete(server);
        held.delete(server);
        return [...tools];
      }
      const verdicts = await settle(server, await judgeAll(server, tools));
      const byName = new Map<string, boolean>();
      for (const verdict of verdicts) {
        byName.set(verdict.tool, verdict.status !== 'quarantined');
        if (verdict.status === 'quarantined' || verdict.status === 'accepted') report(verdict);
      }
      admitted.set(server, byName);
      held.set(
        server,
        verdicts.filter((verdict) => verdict.status === 'quarantined'),
      );
      return tools.filter((tool) => byName.get(tool.name) === true);
    },
    admits(server, tool) {
      if (!serverIntegritySettings(config, server).enabled) return true;
      return admitted.get(server)?.get(tool);
    },
    async inspect(server, tools) {
      if (!serverIntegritySettings(config, server).enabled) return [];
      return judgeAll(server, tools);
    },
    async approve(server, tool) {
      const snapshot = toToolSnapshot(tool);
      const record: ToolRecord = { digest: toolDigest(snapshot), tool: snapshot };
      await store.put(server, tool.name, record);
      admitted.get(server)?.set(tool.name, true);
      const remaining = held.get(server)?.filter((entry) => entry.tool !== tool.name);
      if (remaining !== undefined) held.set(server, remaining);
      return record;
    },
    quarantined() {
      return [...held.keys()]
        .sort()
        .flatMap((server) =>
          [...(held.get(server) ?? [])].sort((left, right) =>
            left.tool < right.tool ? -1 : left.tool > right.tool ? 1 : 0,
          ),
        );
    },
  };
}
