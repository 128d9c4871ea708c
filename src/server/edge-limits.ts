const MINUTE = 60_000;

/**
 * Limits on what one address (or everyone together) may hold open or call without signing in:
 * connections, event streams and the pay page's view beacon (README, Running at scale). Each
 * bounds a flood that cost the whole server before (issue 25: F4, F12, F17).
 */
export const EDGE_LIMITS = {
  connections: {
    /** Open sockets from one address; a trusted proxy's own address is exempt (TRUST_PROXY). */
    perAddress: 256,
    /** Open sockets in all (server.maxConnections), lowered to fit the open-file limit. */
    total: 10_000,
    /** File descriptors kept for everything else (database, files, logs) below the open-file limit. */
    reservedFds: 256,
  },
  eventStreams: {
    perUser: 20,
    perAddress: 60,
    total: 4_000,
    /** A stream ends after this (±10%); the browser's EventSource opens the next one by itself. */
    maxLifetimeMs: 30 * MINUTE,
    /** The heartbeat, and the session re-check that closes a revoked session's streams (≤ 5 s). */
    heartbeatMs: 4_000,
  },
  /** POST /api/payment-screen/:code/view per client address. */
  payView: { max: 120, windowMs: MINUTE },
} as const;
