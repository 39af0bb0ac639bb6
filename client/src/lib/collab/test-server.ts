// Test support: a Hocuspocus server on a free loopback port, over real WebSockets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hocuspocus, WebSocketLike } from '@hocuspocus/server';
import { WebSocketServer, type RawData } from 'ws';

/** Serves `hocuspocus` on 127.0.0.1 at a free port; `url` is its /collab address. */
export async function serveHocuspocus(hocuspocus: Hocuspocus): Promise<{ http: Server; wss: WebSocketServer; url: string }> {
  const wss = new WebSocketServer({ noServer: true });
  const http = createServer();
  http.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = hocuspocus.handleConnection(ws as unknown as WebSocketLike, new Request(new URL(request.url ?? '/', 'http://localhost')));
      ws.on('message', (data: RawData) => connection.handleMessage(new Uint8Array(data as Buffer)));
      ws.on('close', (code: number, reason: Buffer) => connection.handleClose({ code, reason: reason.toString() }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, wss, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/collab` };
}
