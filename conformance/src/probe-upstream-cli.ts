#!/usr/bin/env node
/**
 * The `x-conformance-probe-upstream` executable: the conformance probe upstream over stdio, for
 * a gateway or CaSH aggregator's configuration (see the README, "Probe upstreams").
 *
 * @module
 */

import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createProbeUpstreamServer } from './probe-upstream/probe-server.js';

await createProbeUpstreamServer().connect(new StdioServerTransport());
