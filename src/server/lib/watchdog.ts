import { Worker } from "node:worker_threads";

/**
 * Kills this process after `ms` unless it has exited by then. The timer runs in a worker
 * thread, so it fires even when the main thread is stuck (a blocked write, a runaway loop),
 * which a setTimeout on the main thread cannot promise.
 */
export function startWatchdog(ms: number): void {
  const worker = new Worker(
    `const { workerData } = require("node:worker_threads");
     setTimeout(() => process.kill(workerData.pid, "SIGKILL"), workerData.ms);`,
    { eval: true, workerData: { pid: process.pid, ms } },
  );
  worker.unref();
}
