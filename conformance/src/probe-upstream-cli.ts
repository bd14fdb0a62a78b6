#!/usr/bin/env node
/**
 * The `x-conformance-probe-upstream` executable: the conformance probe upstream over stdio, for
 * a gateway or CaSH aggregator's configuration (see the README, "Probe upstreams").
 *
 * `--help` prints the usage and exits 0; any other argument is a usage error (status 2), so a
 * mistyped configuration fails at once instead of serving something else.
 *
 * @module
 */

import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createProbeCashServer } from './probe-upstream/probe-cash-server.js';
import { createProbeUpstreamServer } from './probe-upstream/probe-server.js';

const USAGE = `Usage: x-conformance-probe-upstream [--cash] [--help]

Serves the conformance probe upstream over stdio: a fixed catalog (probe_echo, probe_fail,
probe_brief, probe_verbose, probe_crash, probe_badschema) that records every call it receives,
and probe_requests, which answers that record. Put it in the configuration of the gateway or
CaSH aggregator under test and name it with --gateway-probe-upstreams or --cash-probe-upstreams.

With --cash it is a CaSH server instead (call, help, skill) that offers no function and one
skill, probeskill: put it in a CaSH aggregator's configuration and name it with
--cash-skill-probe-upstreams, so the check of merged skills knows a skill to look for.

Options:
  --cash       serve the CaSH face with the probe skill
  -h, --help   print this text
`;

function parseCommandLine(): 'help' | 'serve' | 'cash' {
  try {
    const { values } = parseArgs({
      options: { help: { type: 'boolean', short: 'h' }, cash: { type: 'boolean' } },
    });
    if (values.help === true) return 'help';
    return values.cash === true ? 'cash' : 'serve';
  } catch (error) {
    process.stderr.write(
      `x-conformance-probe-upstream: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
    );
    process.exit(2);
  }
}

const command = parseCommandLine();
if (command === 'help') {
  process.stdout.write(USAGE);
} else {
  const server = command === 'cash' ? createProbeCashServer() : createProbeUpstreamServer();
  await server.connect(new StdioServerTransport());
}
