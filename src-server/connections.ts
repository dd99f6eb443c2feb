import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Keeps count of the requests in progress on each connection, so that shutdown can close
 * the connections with nothing in progress. Node's own `closeIdleConnections()` leaves out
 * sockets that never sent a request (browsers and undici open some ahead of time), and
 * `server.close()` would wait for them for as long as the client keeps them.
 */
export function trackConnections(server: Server) {
  const inProgress = new Map<Socket, number>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    inProgress.set(socket, 0);
    socket.on('close', () => inProgress.delete(socket));
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    response.on('close', () => {
      const left = (inProgress.get(socket) ?? 1) - 1;
      inProgress.set(socket, left);
      if (draining && left === 0) socket.destroy();
    });
  });

  return {
    /** From now on, close every connection as soon as it has nothing in progress. */
    drain(): void {
      draining = true;
      for (const [socket, count] of inProgress) {
        if (count === 0) socket.destroy();
      }
    },
  };
}
