/**
 * Where the server's logs go: stdout, never blocking. pino's default writes stdout with
 * fs.writeSync and, when the pipe is full because its reader stopped reading, retries every
 * 100 ms with the main thread blocked (requests stall, SIGTERM's shutdown never ends); an async
 * fs.write instead parks a libuv thread in write() for good, and exit then waits on it forever.
 * process.stdout on a pipe queues in memory on the event loop instead: here that queue is bounded
 * (further lines are dropped while it is full), a closed pipe silences logging, and shutdown
 * waits a bounded time for the last lines. Lines written in one turn of the event loop go out in
 * one write (one syscall per access line was a tenth of a small route's CPU in a profile).
 */
export type LogDestination = {
  stream: { write(line: string): boolean };
  /** Resolves once queued lines are written, or after `ms` with whatever could not be. */
  flush(ms: number): Promise<void>;
};

const MAX_QUEUED = 8 * 1024 * 1024;

export function stdoutDestination(
  out: Pick<NodeJS.WritableStream, "write" | "on" | "once"> & { writableLength: number } = process.stdout,
): LogDestination {
  let broken = false;
  let pending = "";
  out.on("error", () => {
    // EPIPE and the like: the reader is gone for good.
    broken = true;
  });
  const writePending = () => {
    if (!broken && pending) out.write(pending);
    pending = "";
  };
  return {
    stream: {
      write(line) {
        if (broken || out.writableLength + pending.length >= MAX_QUEUED) return true;
        if (!pending) setImmediate(writePending);
        pending += line;
        return true;
      },
    },
    flush: (ms) =>
      new Promise<void>((resolve) => {
        writePending();
        if (broken || out.writableLength === 0) return resolve();
        const timer = setTimeout(resolve, ms);
        timer.unref();
        out.once("drain", () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
