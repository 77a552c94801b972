// The ceiling for the benchmark: Node's own `http` module answering with a fixed body of a given
// size (GET /<bytes>), in a process of its own, as a web page of that size would be served at best.
import { spawn } from "node:child_process";
import { once } from "node:events";

const SERVER = `
const http = require("node:http");
const bodies = new Map();
const server = http.createServer((req, res) => {
  const size = Math.max(0, Math.min(Number(req.url.slice(1)) || 0, 10_000_000));
  let body = bodies.get(size);
  if (!body) { body = Buffer.alloc(size, "a"); bodies.set(size, body); }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": size });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log("port " + server.address().port));
`;

export interface StaticServer {
  /** URL answering with `bytes` bytes of HTML. */
  url(bytes: number): string;
  stop(): Promise<void>;
}

export async function startStaticServer(): Promise<StaticServer> {
  const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.setEncoding("utf8");
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`static server exited (${code})`)));
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
      const match = /port (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    url: (bytes) => `http://127.0.0.1:${port}/${bytes}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
