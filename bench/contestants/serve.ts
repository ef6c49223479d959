import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message from the runner to a contestant. */
export type ToServer = { type: 'usage' } | { type: 'exit' };

/** What a contestant reports: its port once listening, and its resource use when asked. */
export type FromServer =
  | { type: 'ready'; port: number; name: string }
  | {
      type: 'usage';
      cpuMicros: number;
      rss: number;
      heapUsed: number;
      /** After a full GC, when the server runs with `--expose-gc`. */
      rssAfterGc: number | undefined;
      heapAfterGc: number | undefined;
    };

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Connects a listening contestant server to the runner over IPC: reports the
 * port, answers `usage` with `process.cpuUsage()` (user + system µs) and
 * memory, and exits cleanly on `exit` (so `--cpu-prof` can write its profile).
 */
export function announce(server: Server, name: string): void {
  const send = (message: FromServer) => process.send?.(message);
  const address = server.address() as AddressInfo;
  process.on('message', (message: ToServer) => {
    if (message.type === 'usage') {
      const cpu = process.cpuUsage();
      const { rss, heapUsed } = process.memoryUsage();
      let after: NodeJS.MemoryUsage | undefined;
      if (gc) {
        gc();
        after = process.memoryUsage();
      }
      send({ type: 'usage', cpuMicros: cpu.user + cpu.system, rss, heapUsed, rssAfterGc: after?.rss, heapAfterGc: after?.heapUsed });
    } else if (message.type === 'exit') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 1000).unref();
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', port: address.port, name });
}

/** Starts `server` on 127.0.0.1 at an ephemeral port, then announces it. */
export function listen(server: Server, name: string): void {
  server.listen(0, '127.0.0.1', () => announce(server, name));
}
