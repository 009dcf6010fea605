/**
 * The presence socket (`/socket/<dataset>`): the Studio reports where each editor is over
 * JSON-RPC and stays connected. The local API accepts every call and answers it, and
 * relays nothing: there is one local editor, and no collaborator to show.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

interface RpcRequest {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
}

export function createPresenceSocket() {
  const server = new WebSocketServer({ noServer: true });
  let subscriptions = 0;
  server.on('connection', (socket: WebSocket) => {
    socket.on('message', (data) => {
      let request: RpcRequest;
      try {
        request = JSON.parse(String(data)) as RpcRequest;
      } catch {
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32700, message: 'parse error' },
          }),
        );
        return;
      }
      if (request.id === undefined) return;
      const method = request.method ?? '';
      const result = method.endsWith('_subscribe') ? `sub${++subscriptions}` : true;
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
    });
  });
  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      server.handleUpgrade(req, socket, head, (ws) => server.emit('connection', ws, req));
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}
