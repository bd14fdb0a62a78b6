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
import { createProbeUpstreamServer } from './probe-upstream/probe-server.js';

const USAGE = `Usage: x-conformance-probe-upstream [--help]

Serves the conformance probe upstream over stdio: a fixed catalog (probe_echo, probe_fail,
probe_brief, probe_verbose, probe_crash, probe_badschema) that records every call it receives,
and probe_requests, which answers that record. Put it in the configuration of the gateway or
CaSH aggregator under test and name it with --gateway-probe-upstreams or --cash-probe-upstreams.

Options:
  -h, --help   print this text
`;

function parseCommandLine(): 'help' | 'serve' {
  try {
    const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
    return values.help === true ? 'help' : 'serve';
  } catch (error) {
    process.stderr.write(
      `x-conformance-probe-upstream: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
    );
    process.exit(2);
  }
}

if (parseCommandLine() === 'help') {
  process.stdout.write(USAGE);
} else {
  await createProbeUpstreamServer().connect(new StdioServerTransport());
}
