/**
 * The data sets and published figures that `bench/REPORT.md` cites, and where each data set can
 * be had.
 *
 * @module
 */

import type { BenchmarkDataset, PublishedFigure } from '../benchmark.js';

/** BEIR SciFact, train split. */
export const SCIFACT_DATASET: BenchmarkDataset = {
  name: 'BEIR SciFact (5,183 abstracts, 809 train queries)',
  folder: 'docs/scifact',
  source: 'BEIR, Thakur et al. 2021, arXiv:2104.08663; AllenAI SciFact corpus, CC BY-NC 2.0',
  address: 'https://github.com/beir-cellar/beir (data set "scifact")',
  license: 'CC BY-NC 2.0 (evaluation only)',
};

/** Seal-Tools, dev split. */
export const SEAL_TOOLS_DATASET: BenchmarkDataset = {
  name: 'Seal-Tools (4,076 tools, 700 dev queries)',
  folder: 'tools/seal-tools',
  source: 'github.com/fairyshine/Seal-Tools at ce753ec, Apache-2.0; NLPCC 2024, arXiv:2405.08355',
  address: 'https://github.com/fairyshine/Seal-Tools (commit ce753ec)',
  license: 'Apache-2.0',
};

/** MetaTool, dev split. */
export const METATOOL_DATASET: BenchmarkDataset = {
  name: 'MetaTool (199 ChatGPT-plugin tools, 1,872 single-tool dev queries)',
  folder: 'tools/metatool',
  source: 'github.com/HowieHwong/MetaTool at 35e81bb, MIT; Huang et al., ICLR 2024',
  address:
    'https://github.com/HowieHwong/MetaTool (commit 35e81bb, dataset/plugin_des.json and dataset/data/all_clean_data.csv)',
  license: 'MIT',
};

/** The LiveMCPBench tool catalog. */
export const LIVEMCPBENCH_DATASET: BenchmarkDataset = {
  name: 'LiveMCPBench catalog (527 tools of 70 real MCP servers)',
  folder: 'tools/livemcpbench',
  source:
    'github.com/icip-cas/LiveMCPBench at a928e57, tools/LiveMCPTool/tools.json, Apache-2.0; Mo et al. 2025',
  address:
    'https://github.com/icip-cas/LiveMCPBench (commit a928e57, tools/LiveMCPTool/tools.json)',
  license: 'Apache-2.0',
};

/** Lexical baselines published for SciFact (on its test split; our runs use the train split). */
export const SCIFACT_BM25_FIGURES: readonly PublishedFigure[] = [
  {
    figure: 'BM25 nDCG@10 0.665 on the SciFact test split',
    source: 'BEIR paper, Table 2',
  },
  {
    figure:
      'Lucene/Anserini BM25 nDCG@10 0.6647 (title and text as fields) and 0.6789 (joined), test split',
    source: 'Anserini BEIR regressions (github.com/castorini/anserini)',
  },
];
