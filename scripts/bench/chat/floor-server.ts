// The floor of the fanout benchmark: the least a websocket server on `ws` can do to send one broadcast
// to every client, run pinned to the server's core in place of the real server, with the same clients.
// It speaks just enough of `actioncable-v1-json` (the subprotocol and a welcome) and answers
// `POST /send?n=<n>&encode=once|per-client` (body: a real broadcast frame captured from the server, its
// marker renumbered) by sending the frame to every client, JSON-encoding it once or once per client,
// and answers the time its send loop took, so the report can say what sending alone costs.
//
// Usage: taskset -c 0 npx tsx scripts/bench/chat/floor-server.ts   (prints `READY <port>`)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

const wss = new WebSocketServer({
  noServer: true,
  handleProtocols: (protocols) => (protocols.has('actioncable-v1-json') ? 'actioncable-v1-json' : false),
});
wss.on('connection', (socket) => socket.send(JSON.stringify({ type: 'welcome' })));

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (request.method !== 'POST' || url.pathname !== '/send') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const n = Number(url.searchParams.get('n'));
    const frame = JSON.parse(
      Buffer.concat(chunks)
        .toString()
        .replace(/bench#\d+;/, `bench#${n};`),
    ) as object;
    const perClient = url.searchParams.get('encode') === 'per-client';
    const started = performance.now();
    const once = perClient ? '' : JSON.stringify(frame);
    let clients = 0;
    for (const client of wss.clients) {
      if (client.readyState !== WebSocket.OPEN) continue;
      client.send(perClient ? JSON.stringify(frame) : once);
      clients += 1;
    }
    const loopMs = performance.now() - started;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ clients, loopMs }));
  });
});
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});
server.listen(0, '127.0.0.1', () => {
  console.log(`READY ${(server.address() as AddressInfo).port}`);
});
