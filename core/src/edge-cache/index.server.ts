// The edge cache's server side: the sales' scheduled purge (./markdowns.server.ts).
export * from "./markdowns.server.ts";
