import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';

/**
 * A tiny sentence-embedding model written to a folder in the Hugging Face layout, so the real
 * ONNX Runtime and the real tokenizer run end to end with nothing downloaded. Its
 * `last_hidden_state` is a lookup: each token's row of {@link TINY_WORD_VECTORS} plus the row of
 * its token type in {@link TINY_TYPE_VECTORS}.
 */

/** The vocabulary: four special tokens, then words of three topics, and one word piece. */
export const TINY_VOCABULARY = [
  '[PAD]',
  '[UNK]',
  '[CLS]',
  '[SEP]',
  'weather',
  'forecast',
  'rain',
  'umbrella',
  'file',
  'disk',
  'read',
  'folder',
  'song',
  'music',
  'play',
  'the',
  '##s',
] as const;

/** Vector length of the tiny model. */
export const TINY_DIMENSIONS = 8;

/**
 * One row per vocabulary entry. Columns 0-2 are topics (weather, files, music), 3 marks `[CLS]`,
 * 4 marks `[SEP]`, 5-6 tell words of one topic apart.
 */
export const TINY_WORD_VECTORS: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 0.5, 0.5, 0],
  [0, 0, 0, 1, 0, 0, 0, 0],
  [0, 0, 0, 0, 1, 0, 0, 0],
  [1, 0, 0, 0, 0, 0.25, 0, 0],
  [1, 0, 0, 0, 0, 0, 0.25, 0],
  [1, 0, 0, 0, 0, -0.25, 0, 0],
  [1, 0, 0, 0, 0, 0, -0.25, 0],
  [0, 1, 0, 0, 0, 0.25, 0, 0],
  [0, 1, 0, 0, 0, 0, 0.25, 0],
  [0, 1, 0, 0, 0, -0.25, 0, 0],
  [0, 1, 0, 0, 0, 0, -0.25, 0],
  [0, 0, 1, 0, 0, 0.25, 0, 0],
  [0, 0, 1, 0, 0, 0, 0.25, 0],
  [0, 0, 1, 0, 0, -0.25, 0, 0],
  [0.1, 0.1, 0.1, 0, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 0.125, 0.125, 0],
];

/** The rows added for token type 0 and 1. */
export const TINY_TYPE_VECTORS: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0, 0, 0.5],
  [0, 0, 0, 0, 0, 0, 0, -0.5],
];

/** The model's token bound (`max_position_embeddings`), special tokens included. */
export const TINY_MAX_TOKENS = 12;

/** The id of a vocabulary entry. */
export function tinyId(token: (typeof TINY_VOCABULARY)[number]): number {
  return TINY_VOCABULARY.indexOf(token);
}

/**
 * The graph written to `onnx/model.onnx`: `lookup` is the working model; the others are the
 * wrong ones a user may point at (token vectors of rank 2, no `last_hidden_state`, an input that
 * is not text).
 */
export type TinyGraph = 'lookup' | 'rank2' | 'logits' | 'image-input';

/** Writes the tiny model's four files into `folder` (created if missing). */
export function writeTinyModel(folder: string, graph: TinyGraph = 'lookup'): void {
  mkdirSync(join(folder, 'onnx'), { recursive: true });
  writeFileSync(join(folder, 'onnx', 'model.onnx'), encodeModel(graph));
  writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify(TOKENIZER));
  writeFileSync(
    join(folder, 'tokenizer_config.json'),
    JSON.stringify({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 512,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
    }),
  );
  writeFileSync(
    join(folder, 'config.json'),
    JSON.stringify({
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: TINY_DIMENSIONS,
      vocab_size: TINY_VOCABULARY.length,
      max_position_embeddings: TINY_MAX_TOKENS,
      type_vocab_size: TINY_TYPE_VECTORS.length,
    }),
  );
}

/** A WordPiece tokenizer in `tokenizer.json`'s format, lower-casing as BERT's uncased models do. */
const TOKENIZER = {
  version: '1.0',
  truncation: null,
  padding: null,
  added_tokens: TINY_VOCABULARY.slice(0, 4).map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  })),
  normalizer: {
    type: 'BertNormalizer',
    clean_text: true,
    handle_chinese_chars: true,
    strip_accents: null,
    lowercase: true,
  },
  pre_tokenizer: { type: 'BertPreTokenizer' },
  post_processor: {
    type: 'TemplateProcessing',
    single: [
      { SpecialToken: { id: '[CLS]', type_id: 0 } },
      { Sequence: { id: 'A', type_id: 0 } },
      { SpecialToken: { id: '[SEP]', type_id: 0 } },
    ],
    pair: [
      { SpecialToken: { id: '[CLS]', type_id: 0 } },
      { Sequence: { id: 'A', type_id: 0 } },
      { SpecialToken: { id: '[SEP]', type_id: 0 } },
      { Sequence: { id: 'B', type_id: 1 } },
      { SpecialToken: { id: '[SEP]', type_id: 1 } },
    ],
    special_tokens: {
      '[CLS]': { id: '[CLS]', ids: [tinyId('[CLS]')], tokens: ['[CLS]'] },
      '[SEP]': { id: '[SEP]', ids: [tinyId('[SEP]')], tokens: ['[SEP]'] },
    },
  },
  decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
  model: {
    type: 'WordPiece',
    unk_token: '[UNK]',
    continuing_subword_prefix: '##',
    max_input_chars_per_word: 100,
    vocab: Object.fromEntries(TINY_VOCABULARY.map((token, id) => [token, id])),
  },
};

/**
 * The part of the ONNX schema (onnx.proto, IR version 8) that the tiny graphs use, with its
 * field numbers.
 */
const ONNX_SCHEMA = protobuf.Root.fromJSON({
  nested: {
    OperatorSetIdProto: {
      fields: { domain: { type: 'string', id: 1 }, version: { type: 'int64', id: 2 } },
    },
    Dimension: {
      oneofs: { value: { oneof: ['dimValue', 'dimParam'] } },
      fields: { dimValue: { type: 'int64', id: 1 }, dimParam: { type: 'string', id: 2 } },
    },
    TensorShapeProto: { fields: { dim: { rule: 'repeated', type: 'Dimension', id: 1 } } },
    TensorTypeProto: {
      fields: { elemType: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } },
    },
    TypeProto: { fields: { tensorType: { type: 'TensorTypeProto', id: 1 } } },
    ValueInfoProto: {
      fields: { name: { type: 'string', id: 1 }, type: { type: 'TypeProto', id: 2 } },
    },
    TensorProto: {
      fields: {
        dims: { rule: 'repeated', type: 'int64', id: 1 },
        dataType: { type: 'int32', id: 2 },
        floatData: { rule: 'repeated', type: 'float', id: 4 },
        name: { type: 'string', id: 8 },
      },
    },
    AttributeProto: {
      fields: {
        name: { type: 'string', id: 1 },
        i: { type: 'int64', id: 3 },
        type: { type: 'int32', id: 20 },
      },
    },
    NodeProto: {
      fields: {
        input: { rule: 'repeated', type: 'string', id: 1 },
        output: { rule: 'repeated', type: 'string', id: 2 },
        name: { type: 'string', id: 3 },
        opType: { type: 'string', id: 4 },
        attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
      },
    },
    GraphProto: {
      fields: {
        node: { rule: 'repeated', type: 'NodeProto', id: 1 },
        name: { type: 'string', id: 2 },
        initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
        input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
        output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
      },
    },
    ModelProto: {
      fields: {
        irVersion: { type: 'int64', id: 1 },
        producerName: { type: 'string', id: 2 },
        graph: { type: 'GraphProto', id: 7 },
        opsetImport: { rule: 'repeated', type: 'OperatorSetIdProto', id: 8 },
      },
    },
  },
});

/** Element types of onnx.proto's `TensorProto.DataType`. */
const FLOAT = 1;
const INT64 = 7;
/** `AttributeProto.AttributeType.INT`. */
const INT_ATTRIBUTE = 2;

function tensorInfo(name: string, elemType: number, dims: readonly (string | number)[]) {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: dims.map((dim) => (typeof dim === 'string' ? { dimParam: dim } : { dimValue: dim })),
        },
      },
    },
  };
}

function table(name: string, rows: readonly (readonly number[])[]) {
  return {
    name,
    dims: [rows.length, TINY_DIMENSIONS],
    dataType: FLOAT,
    floatData: rows.flat(),
  };
}

function gather(name: string, data: string, indices: string, output: string) {
  return {
    name,
    opType: 'Gather',
    input: [data, indices],
    output: [output],
    attribute: [{ name: 'axis', i: 0, type: INT_ATTRIBUTE }],
  };
}

function encodeModel(graph: TinyGraph): Uint8Array {
  const output = graph === 'logits' ? 'logits' : 'last_hidden_state';
  const textInputs = ['input_ids', 'attention_mask', 'token_type_ids'];
  const inputs = graph === 'image-input' ? [...textInputs, 'pixel_values'] : textInputs;
  const nodes =
    graph === 'rank2'
      ? [
          {
            name: 'cast',
            opType: 'Cast',
            input: ['input_ids'],
            output: [output],
            attribute: [{ name: 'to', i: FLOAT, type: INT_ATTRIBUTE }],
          },
        ]
      : [
          gather('words', 'word_vectors', 'input_ids', 'word_rows'),
          gather('types', 'type_vectors', 'token_type_ids', 'type_rows'),
          { name: 'sum', opType: 'Add', input: ['word_rows', 'type_rows'], output: [output] },
        ];
  const model = {
    irVersion: 8,
    producerName: 'x-core-tests',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'tiny-encoder',
      node: nodes,
      initializer: [
        table('word_vectors', TINY_WORD_VECTORS),
        table('type_vectors', TINY_TYPE_VECTORS),
      ],
      input: inputs.map((name) => tensorInfo(name, INT64, ['batch', 'sequence'])),
      output: [
        tensorInfo(
          output,
          FLOAT,
          graph === 'rank2' ? ['batch', 'sequence'] : ['batch', 'sequence', TINY_DIMENSIONS],
        ),
      ],
    },
  };
  const ModelProto = ONNX_SCHEMA.lookupType('ModelProto');
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}
