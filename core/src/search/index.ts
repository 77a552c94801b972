// Product search: the engine over the catalogue (MiniSearch, with the shop's words and
// synonyms) and the text rules shared with the URLs (browser-safe; docs/decisions/021-search.md).
export * from "./colours.ts";
export * from "./engine.ts";
export * from "./text.ts";
export * from "./vocabulary.ts";
