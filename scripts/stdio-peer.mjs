// A raw JSON-RPC peer of a server spawned over stdio, for tests that need the process itself:
// its pid, its stdin to close, its exit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * Spawns `command args` with piped stdio and returns a peer that sends requests and
 * notifications, matches answers by id, and reports the exit.
 */
export function spawnStdioPeer(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ['pipe', 'pipe', options.stderr ?? 'ignore'],
    env: options.env ?? process.env,
  });
  // A server that has gone away must not crash the test with a write to its closed stdin.
  child.stdin.on('error', () => {});
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
  const waiting = new Map();
  let nextId = 1;
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const answer = waiting.get(message.id);
    if (answer !== undefined && !('method' in message)) {
      waiting.delete(message.id);
      answer(message);
    }
  });
  const write = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return {
    child,
    exited,
    request(method, params) {
      const id = nextId;
      nextId += 1;
      const answered = new Promise((resolve) => waiting.set(id, resolve));
      write({ jsonrpc: '2.0', id, method, params });
      return answered;
    },
    sendLine(text) {
      child.stdin.write(`${text}\n`);
    },
    answerTo(id) {
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    notify(method, params) {
      write({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    },
    async initialize() {
      const answer = await this.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'stdio-peer', version: '1.0.0' },
      });
      this.notify('notifications/initialized');
      return answer;
    },
    closeStdin() {
      child.stdin.end();
    },
  };
}
