import type { FastifyInstance } from "fastify";
import { openFileLimit } from "#server/lib/open-file-limit.ts";
import { CAPS } from "#server/limits.ts";

export type ConnectionLimits = { perAddress: number; total: number };

/** The total cap as configured, lowered so the open-file limit is never what refuses a client. */
export function connectionLimits(fileLimit = openFileLimit()): ConnectionLimits {
  const { perAddress, total, reservedFds } = CAPS.connections;
  const fitting = fileLimit === undefined ? total : Math.max(perAddress, fileLimit - reservedFds);
  return { perAddress, total: Math.min(total, fitting) };
}

/**
 * Bounds open sockets (issue 25, F4): thousands of idle keep-alive connections from one machine
 * used to reach the open-file limit, and then nobody was served. A socket past its address's cap
 * is closed as it is accepted; past the total, Node drops it (server.maxConnections). A trusted
 * proxy's address carries every client, so it is exempt from the per-address cap (its own
 * per-client caps apply, README: Behind a reverse proxy).
 */
export function registerConnectionLimits(
  app: FastifyInstance,
  limits: ConnectionLimits,
  isExempt: (address: string) => boolean,
): void {
  const server = app.server;
  server.maxConnections = limits.total;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress;
    if (!address || isExempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  let lastWarning = 0;
  const warn = (message: string) => {
    // At most one line every 10 s: a flood must not become a flood of log lines.
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    app.log.warn({ limits }, message);
  };
  server.on("drop", () => warn("connection refused: the server holds its maximum of connections"));
}
