// A stopping web process stops listening but keeps the connections it has, idle ones included, for the
// grace period: what was on its way to it still gets an answer.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { stopAccepting } from '../stop-accepting.js';

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('stopAccepting', () => {
  it('refuses new connections and still answers the next request of an idle keep-alive connection', async () => {
    server = http.createServer((request, response) => response.end(`answered ${request.url}`));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const socket = await connect(port);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const waitFor = async (text: string) => {
      while (!received.includes(text)) await new Promise((r) => setTimeout(r, 5));
    };
    socket.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor('answered /first');
    // Now idle between requests: http.Server.close would cut it.
    const started = performance.now();
    await stopAccepting(server, 200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(server.listening).toBe(false);
    await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    socket.write('GET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await ended;
    expect(received).toContain('answered /second');
  });
});
