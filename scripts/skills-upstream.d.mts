/** Absolute path of the skills-serving fixture server. */
export const SKILLS_SERVER: string;

/** The `SKILL.md` URIs the fixture serves, sorted. */
export const SKILL_URIS: readonly string[];

/** The fixture as an `mcpServers` entry, started by {@link startSkillsServer}. */
export interface SkillsUpstream {
  /** The entry: `{type: 'stdio', command, args}` or `{type: 'http', url}`. */
  entry: { type: 'stdio'; command: string; args: string[] } | { type: 'http'; url: string };
  /** Stops the HTTP server (nothing to do over stdio: the consumer owns that process). */
  close(): Promise<void>;
}

/**
 * The fixture as an `mcpServers` entry over `transport`; `cash: true` adds the three CaSH tools
 * (a CaSH upstream that also serves the extension).
 */
export function startSkillsServer(
  transport: 'stdio' | 'http',
  options?: { cash?: boolean },
): Promise<SkillsUpstream>;
