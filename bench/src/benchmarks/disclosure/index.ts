import { join } from 'node:path';
import { countTokens } from '@x/core/tokens';
import { systemPromptGuidance } from '@x/progressive-disclosure';
import type { Benchmark, RunMode } from '../../benchmark.js';
import { LIVEMCPBENCH_DATASET } from '../../datasets/citations.js';
import { loadServedCatalog } from '../../datasets/served-catalog.js';
import { BenchError } from '../../errors.js';
import { displayDataPath, isFolder } from '../../paths.js';
import { measureDisclosure } from './measure.js';
import {
  type DisclosureOutcome,
  formatDisclosureTable,
  outcomeFigures,
  renderDisclosureChart,
} from './report.js';
import { type DisclosedServer, discloseCatalog, discloseOfficialServers } from './servers.js';

/** The seed of the draws of k tools. */
const SEED = 11;
/** The numbers of tools a model uses. */
const KS = [1, 3, 10] as const;
/** Draws of k tools per k in each mode (k = 1 reads every tool once when there are no more tools than draws). */
const DRAWS: Record<RunMode, number> = { quick: 10, standard: 100, full: 1_000 };

/**
 * `pnpm bench disclosure`: stage 1 of `@x/progressive-disclosure` against the full `tools/list`
 * for the official servers and the 527 LiveMCPBench tools, and what using 1, 3 and 10 tools costs.
 */
export const disclosureBenchmark: Benchmark = {
  name: 'disclosure',
  description:
    'progressive disclosure: stage-1 tools/list and k descriptions vs the full tools/list',
  about: {
    datasets: [LIVEMCPBENCH_DATASET],
    published: [
      {
        figure:
          'progressive disclosure cuts the initial context footprint by 80-90% against full tool descriptions (a claim, no data set named)',
        source: 'progressive-disclosure §1.2',
      },
    ],
  },
  async run(context) {
    const live = join(context.dataFolder, 'tools', 'livemcpbench');
    if (!isFolder(live)) {
      throw new BenchError({ code: 'NO_DATA', message: `missing data set ${live}` });
    }
    const catalog = loadServedCatalog(live);
    const source = `${displayDataPath(live, context.dataFolder)} through @x/core/catalog-server (prefixServer), wrapped in process`;
    const setups: (() => Promise<DisclosedServer>)[] = [
      () => discloseOfficialServers(context.repositoryRoot),
      () => discloseCatalog(catalog, { name: 'livemcpbench', title: 'LiveMCPBench', source }),
      () =>
        discloseCatalog(
          catalog,
          {
            name: 'livemcpbench-spec-literal',
            title: 'LiveMCPBench, spec-literal',
            source: `${source}; stage 1 as the spec writes it: {"type":"object","additionalProperties":true} and 32-token summaries`,
          },
          { schemaStyle: 'explicit', maxSummaryTokens: 32 },
        ),
    ];
    const outcomes: DisclosureOutcome[] = [];
    for (const setup of setups) {
      const server = await setup();
      try {
        context.note(`disclosure: measuring ${server.title}`);
        const cost = await measureDisclosure(server, {
          ks: KS,
          draws: DRAWS[context.mode],
          seed: SEED,
        });
        outcomes.push({
          server: { name: server.name, title: server.title, source: server.source },
          cost,
        });
      } finally {
        await server.close();
      }
    }
    const guidance = countTokens(systemPromptGuidance());
    return {
      text: [
        formatDisclosureTable(outcomes),
        `Not counted above: the system prompt guidance (${guidance} tokens, once per conversation).`,
      ].join('\n'),
      result: {
        tokenizer: 'cl100k_base',
        counting: {
          toolsList:
            'compact JSON of the tools array of tools/list (all pages), as @x/core/tokens countJsonTokens counts it; tools named <server>__<tool>',
          read: 'text of resources/read of resource:///tool_descriptions?tools=<k names>',
          use: 'stage-1 tools/list + the mean read of k distinct tools drawn at random',
          stageOne:
            'library defaults (type-only input schema, summaries of at most 20 tokens) unless the set says otherwise',
        },
        mode: context.mode,
        seed: SEED,
        draws: DRAWS[context.mode],
        systemPromptGuidanceTokens: guidance,
        sets: outcomes.map(outcomeFigures),
      },
      chart: renderDisclosureChart(outcomes),
    };
  },
};
