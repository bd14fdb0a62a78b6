// An MCP server on SDK v2 that serves skills through the Skills extension (SEP-2640) with the
// SDK's own catalog (`SkillsExtension.load(memorySkillFiles(...))`, `directoryRead` included),
// and one `echo` tool; both protocol eras. Over stdio by default, over Streamable HTTP on
// 127.0.0.1 with `http` (prints `FIXTURE_LISTENING <port>` on stderr). `cash` adds the three
// CaSH tools (`call`, `help`, `skill`) answering one CaSH skill, for a CaSH upstream that also
// serves the extension. Tests start it through `startSkillsServer` of @x/test-kit.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { memorySkillFiles, SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const FILES = {
  'git-workflow/SKILL.md': [
    '---',
    'name: git-workflow',
    'description: Follow the team conventions for branches and commits.',
    '---',
    '',
    '# Git workflow',
    '',
    'Branch from main as `topic/<name>`; one change per commit.',
    '',
  ].join('\n'),
  'pdf-processing/SKILL.md': [
    '---',
    'name: pdf-processing',
    'description: Fill and assemble PDF documents from templates.',
    'license: Apache-2.0',
    '---',
    '',
    '# PDF processing',
    '',
    'Pick the template from `templates/` and follow `references/FORMS.md`.',
    '',
    '```bash',
    'python scripts/extract.py input.pdf',
    '```',
    '',
  ].join('\n'),
  'pdf-processing/references/FORMS.md': '# Forms\n\nEvery field is required.\n',
  'pdf-processing/templates/invoice.md': '# Invoice\n\nTotal: {{total}}\n',
  'pdf-processing/scripts/extract.py': 'print("extract")\n',
};

const mode = new Set(process.argv.slice(2));
const skills = await SkillsExtension.load(memorySkillFiles(FILES), { onWarning: () => {} });

const CASH_SCHEMA = z.object({
  namespace: z.string().optional(),
  skillname: z.string().optional(),
  function: z.string().optional(),
  kwargs: z.record(z.string(), z.unknown()).optional(),
});

function text(value) {
  return { content: [{ type: 'text', text: value }] };
}

function build() {
  const server = new McpServer({ name: 'skills-fixture', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes text.', inputSchema: z.object({ text: z.string() }) },
    async ({ text: value }) => text(value),
  );
  if (mode.has('cash')) {
    server.registerTool(
      'call',
      { description: 'Calls a function.', inputSchema: CASH_SCHEMA },
      async () => text('nothing to call'),
    );
    server.registerTool(
      'help',
      { description: 'Lists namespaces.', inputSchema: CASH_SCHEMA },
      async () => text('# Help\n\nNo namespaces.'),
    );
    server.registerTool(
      'skill',
      { description: 'Gets a skill.', inputSchema: CASH_SCHEMA },
      async (args) =>
        args.skillname === undefined
          ? text(
              JSON.stringify({
                skills: [{ namespace: '', name: 'cash_only', description: 'A CaSH skill.' }],
              }),
            )
          : text('# cash_only\n\nDo the CaSH thing.'),
    );
  }
  skills.attach(server);
  return server;
}

if (mode.has('http')) {
  const handler = toNodeHandler(createMcpHandler(build));
  const http = createServer((request, response) => void handler(request, response));
  http.listen(0, '127.0.0.1', () => {
    process.stderr.write(`FIXTURE_LISTENING ${http.address().port}\n`);
  });
} else {
  serveStdio(build);
}
