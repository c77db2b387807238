import net from 'node:net';

/**
 * A TCP link between one browser context and the app, which a journey can cut and restore: a real
 * loss of the network for that device. Chromium's offline emulation alone is not one: it does not
 * hold every request of a page controlled by a service worker (Playwright issue 2311). While cut,
 * every open connection is reset and new ones are reset as they arrive.
 */
export interface NetworkLink {
  /** The app's address through the link, e.g. http://127.0.0.1:41234. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function openNetworkLink(target: string): Promise<NetworkLink> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: linkPort } = server.address() as net.AddressInfo;
  const cut = () => {
    down = true;
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
  };
  return {
    url: `http://127.0.0.1:${linkPort}`,
    cut,
    restore() {
      down = false;
    },
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
