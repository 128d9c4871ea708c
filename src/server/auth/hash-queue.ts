import { availableParallelism } from "node:os";

/** Thrown when the queue is full: the caller answers 503 with Retry-After. */
export class HashQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many sign-ins at once. Please try again in a moment.");
  }
}

/**
 * Runs at most `concurrency` password hashes at a time, with at most `maxWaiting` more queued;
 * past that, refuses at once. Hashing runs on libuv's 4 threads, which file reads and DNS share,
 * so a flood must queue here instead of there (docs/decisions/007-password-hashing.md).
 */
export function createHashQueue({
  concurrency = Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxWaiting = 32,
}: {
  concurrency?: number;
  maxWaiting?: number;
} = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new HashQueueFull(2);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** True when the next task would be refused: callers can refuse before doing other work. */
    get full() {
      return running >= concurrency && waiting.length >= maxWaiting;
    },
    /** Hashes running and waiting, for tests and logs. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type HashQueue = ReturnType<typeof createHashQueue>;
