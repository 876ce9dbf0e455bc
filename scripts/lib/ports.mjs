// Free TCP ports on loopback, for the scripts that start servers of their own (the crash test, the soak).
import net from 'node:net';

/**
 * `count` ports the system says are free now (all held open together, so they differ). A fixed port may be
 * held by another program's process; one picked here is only very unlikely to be taken before it is used.
 */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/** One port the system says is free now. */
export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}
