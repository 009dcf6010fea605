/** A Node HTTP server of a test or benchmark, on a free loopback port, stopped with its connections. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalHttpServer {
  readonly url: string;
  stop(): Promise<void>;
}

export async function listenLocally(server: Server): Promise<LocalHttpServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
