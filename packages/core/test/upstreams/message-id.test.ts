import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readIdAtEnd, readMessageStart } from '../../src/upstreams/message-id.js';

const id = fc.oneof(fc.string(), fc.integer());
const member = fc.tuple(
  fc.string().filter((key) => key !== 'id'),
  fc.jsonValue(),
);
/** A message with members in any order, the id among them. */
const message = fc
  .tuple(id, fc.array(member, { maxLength: 5 }), fc.nat())
  .map(([value, members, at]) => {
    const entries: Array<[string, unknown]> = [...new Map(members)];
    entries.splice(at % (entries.length + 1), 0, ['id', value]);
    return { value, object: Object.fromEntries(entries) };
  });

describe('readMessageStart', () => {
  it('names a prefix of the members and never a wrong id, wherever the line is cut', () => {
    fc.assert(
      fc.property(message, fc.nat(), ({ value, object }, cut) => {
        const text = JSON.stringify(object);
        const start = readMessageStart(text.slice(0, cut % (text.length + 1)));
        expect(Object.keys(object).slice(0, start.members.length)).toEqual(start.members);
        if (start.id !== undefined) expect(start.id).toBe(value);
      }),
    );
  });

  it('reads the id of a whole message (law: readMessageStart(JSON.stringify(m)).id === m.id)', () => {
    fc.assert(
      fc.property(message, ({ value, object }) => {
        expect(readMessageStart(JSON.stringify(object)).id).toBe(value);
      }),
    );
  });

  it('reads no id from text that is no JSON object', () => {
    expect(readMessageStart('xxxx').id).toBeUndefined();
    expect(readMessageStart('{"id":12').id).toBeUndefined();
    expect(readMessageStart('{"params":{"id":1},"method":"m"').id).toBeUndefined();
  });
});

describe('readIdAtEnd', () => {
  it('reads the id of a message whose last member is its id, from any tail that holds it', () => {
    fc.assert(
      fc.property(id, fc.jsonValue(), (value, params) => {
        const text = JSON.stringify({ method: 'm', params, jsonrpc: '2.0', id: value });
        const idMember = JSON.stringify({ id: value }).length;
        expect(readIdAtEnd(text.slice(-idMember))).toBe(value);
      }),
    );
  });

  it('reads no id from a message whose last member is another', () => {
    fc.assert(
      fc.property(id, fc.jsonValue(), (value, params) => {
        expect(readIdAtEnd(JSON.stringify({ id: value, params: { params } }))).toBeUndefined();
      }),
    );
  });
});
