/**
 * The services Collect depends on besides its database, named in logs, answers and metrics
 * (issue 26 item 8): an S3 outage used to be logged as "database unavailable".
 */
export type Dependency = "object storage" | "mail" | "push";

/** A dependency failed to answer: the request may succeed later (503, Retry-After). */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    options: { cause: unknown },
  ) {
    super(`${dependency} unavailable`, options);
    this.name = "DependencyUnavailable";
  }
}

const failures = new Map<Dependency, number>();

/** Counts one failure of `dependency` (read by /metrics as dependency_errors_total). */
export function recordFailure(dependency: Dependency): void {
  failures.set(dependency, (failures.get(dependency) ?? 0) + 1);
}

export function failureCounts(): ReadonlyMap<Dependency, number> {
  return failures;
}

/**
 * Every method of `service` with its failures counted and rethrown as DependencyUnavailable
 * (async iterables included). What it answers is unchanged.
 */
export function watched<T extends object>(dependency: Dependency, service: T): T {
  const fail = (error: unknown): never => {
    recordFailure(dependency);
    throw error instanceof DependencyUnavailable
      ? error
      : new DependencyUnavailable(dependency, { cause: error });
  };
  return new Proxy(service, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(target, args);
        } catch (error) {
          return fail(error);
        }
        if (result instanceof Promise) return result.catch(fail);
        if (result && typeof result === "object" && Symbol.asyncIterator in result) {
          return (async function* () {
            try {
              yield* result as AsyncIterable<unknown>;
            } catch (error) {
              fail(error);
            }
          })();
        }
        return result;
      };
    },
  });
}
