// The table definition is plain data, importable anywhere (stacks/, local cloud, core).
export * from "./table.ts";
