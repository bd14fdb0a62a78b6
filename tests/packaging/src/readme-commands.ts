/**
 * The shell commands a README gives: every line of its `sh` and `bash` code blocks, with
 * backslash-continued lines joined and blank or comment-only lines left out.
 *
 * @module
 */

/** One command of a README and the line of the README where it starts. */
export interface ReadmeCommand {
  /** The command as a shell reads it (continuation lines joined with a space). */
  readonly command: string;
  /** The 1-based line of the README where it starts. */
  readonly line: number;
}

const SHELL_FENCE = /^```(?:sh|bash)\s*$/;

/** The commands of the `sh` and `bash` blocks of `markdown`, in order. */
export function extractShellCommands(markdown: string): ReadmeCommand[] {
  const lines = markdown.split('\n');
  const commands: ReadmeCommand[] = [];
  let inShell = false;
  let pending: { parts: string[]; line: number } | undefined;
  lines.forEach((text, index) => {
    if (!inShell) {
      inShell = SHELL_FENCE.test(text);
      return;
    }
    if (text.startsWith('```')) {
      inShell = false;
      pending = undefined;
      return;
    }
    const trimmed = text.trim();
    if (pending === undefined && (trimmed === '' || trimmed.startsWith('#'))) return;
    const continued = trimmed.endsWith('\\');
    const part = continued ? trimmed.slice(0, -1).trimEnd() : trimmed;
    pending ??= { parts: [], line: index + 1 };
    pending.parts.push(part);
    if (!continued) {
      commands.push({ command: pending.parts.join(' '), line: pending.line });
      pending = undefined;
    }
  });
  return commands;
}
