/**
 * What our stdio servers read their stdin through: the upstreams' bounded line reader, with
 * answers of our own to the lines it cannot deliver.
 *
 * @module
 */
import type { JSONRPCErrorResponse } from '@modelcontextprotocol/server';
import { BoundedLineReader, type OversizedLine } from '../upstreams/bounded-line-reader.js';
import { readIdAtEnd, readMessageStart } from '../upstreams/message-id.js';
import { malformedRequestAnswer, requestTooLargeAnswer } from './malformed-request.js';
import { unsupportedVersionAnswer } from './request-version.js';

/** Where the reader sends its error answers and reports what it drops. */
export interface StdinReaderSink {
  /** Sends an error answer to the client. */
  answer(message: JSONRPCErrorResponse): void;
  /** Reports a line that was dropped with no answer. */
  report(error: Error): void;
}

function oversizedAnswer(
  line: OversizedLine,
  maxLineBytes: number,
): JSONRPCErrorResponse | undefined {
  const start = readMessageStart(line.head);
  // Only a request is answered: its method shows among the first members (as every SDK writes
  // it); an answer or a notification of ours awaits nothing back.
  if (!start.members.includes('method')) return undefined;
  if (start.members.includes('result') || start.members.includes('error')) return undefined;
  const id = start.id ?? readIdAtEnd(line.tail);
  return id === undefined ? undefined : requestTooLargeAnswer(id, line.bytes, maxLineBytes);
}

/**
 * A {@link BoundedLineReader} of `maxLineBytes` per line for a server's stdin, which never
 * closes the connection: a line above the bound is skipped and answered with
 * `REQUEST_TOO_LARGE` when its id can be read from its ends, a request that is JSON but not a
 * JSON-RPC request MCP accepts is answered -32600 or -32602 (see {@link malformedRequestAnswer}),
 * a request whose `_meta` names a protocol version the server does not speak is answered -32022
 * (see {@link unsupportedVersionAnswer}), and anything else it cannot deliver is reported in one
 * line.
 */
export function createStdinReader(maxLineBytes: number, sink: StdinReaderSink): BoundedLineReader {
  const reader = new BoundedLineReader(
    maxLineBytes,
    (line) => {
      const answer = oversizedAnswer(line, maxLineBytes);
      if (answer === undefined) {
        sink.report(
          new Error(
            `a line of ${line.bytes} bytes on stdin, above the limit of ${maxLineBytes} bytes (maxMessageBytes), was dropped: no request id could be read from it`,
          ),
        );
      } else sink.answer(answer);
      return undefined;
    },
    (value) => {
      const answer = malformedRequestAnswer(value);
      if (answer === undefined) {
        sink.report(new Error('a line on stdin that is no JSON-RPC message was dropped'));
      } else sink.answer(answer);
      return undefined;
    },
  );
  const read = reader.readMessage.bind(reader);
  reader.readMessage = () => {
    for (let message = read(); message !== null; message = read()) {
      const refusal = unsupportedVersionAnswer(message);
      if (refusal === undefined) return message;
      sink.answer(refusal);
    }
    return null;
  };
  return reader;
}
