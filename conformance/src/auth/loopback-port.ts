/**
 * A free TCP port on 127.0.0.1, for a target that must be told its canonical URI (the `resource`
 * of its `--oauth` file) before it listens.
 *
 * @module
 */

import { once } from 'node:events';
import { createServer } from 'node:net';

/**
 * A port the system just handed out on 127.0.0.1 and that is free again. Another process could
 * take it before the target binds it; the target then fails to start and says so.
 */
export async function reserveLoopbackPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
