import net from 'node:net';

/**
 * A TCP proxy in front of a server (Redis, in the rate-limit tests) that can stop passing bytes on, which is
 * how a hung server or a lost network looks to a client: connected, never answering. `url` is the target's
 * URL with the proxy's address in it.
 */
export async function startTcpProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  let paused = false;
  const clients = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted += 1;
    clients.add(client);
    const upstream = net.connect(Number(target.port), target.hostname);
    client.on('data', (chunk) => {
      if (!paused) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!paused) client.write(chunk);
    });
    const end = () => {
      clients.delete(client);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    /** From now on nothing gets through, either way; connections stay open. */
    pause(): void {
      paused = true;
    },
    /** Client connections accepted so far, and open now. */
    acceptedConnections: () => accepted,
    openConnections: () => clients.size,
    async close(): Promise<void> {
      for (const client of clients) client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address where nothing listens: a port that was free a moment ago. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
