import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { App } from './app';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export type RunningServer = { server: Server; port: number; close: () => Promise<void> };

/**
 * Serves the app over HTTP. WebSocket upgrades go to `onUpgrade` (the sync server in the
 * single-process mode); without one, they are refused.
 */
export async function startHttpServer(opts: {
  app: App;
  port: number;
  host?: string;
  onUpgrade?: UpgradeHandler;
}): Promise<RunningServer> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: opts.app.fetch, port: opts.port, hostname: opts.host ?? '0.0.0.0' }, () => resolve(s as Server));
  });
  server.on('upgrade', (request, socket, head) => {
    if (opts.onUpgrade) return opts.onUpgrade(request, socket, head);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
