// The table definition and its keys are plain data, importable anywhere (stacks/, local cloud, core).
export * from "./keys.ts";
export * from "./table.ts";
