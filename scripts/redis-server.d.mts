/** A private redis-server started by {@link startRedisServer}. */
export interface TestRedisServer {
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  /** The loopback port it listens on. */
  port: number;
  /** Stops it, keeping its port and folder for {@link TestRedisServer.restart}. */
  pause(): Promise<void>;
  /** Stops it if running and starts it again, empty, on the same port. */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a private redis-server on a free 127.0.0.1 port (installing it first when missing). */
export function startRedisServer(): Promise<TestRedisServer>;
