// `npm run dev`: the API with reload on :3001 and Vite with hot reload on :5173 (open that one).
import { spawn } from "node:child_process";
import path from "node:path";
import { loadDotEnv } from "./env-file.mjs";

const root = path.resolve(import.meta.dirname, "..");
loadDotEnv(root);
const env = { ...process.env, PORT: "3001", PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" };
const children = [
  spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "watch", "src/server/main.ts"], {
    cwd: root,
    env,
    stdio: "inherit",
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { cwd: root, env, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
