// Where the catalogue's published search index lives (browser-safe: the stacks grant access to
// exactly this object; ./search-index.server.ts reads and writes it).

/** The one object, in the stage's search bucket (SEARCH_BUCKET). */
export const SEARCH_INDEX_KEY = "catalog/search-index.json.gz";

/** The catalogue index (gsi1: CATALOG) from which the search index is built. */
export const CATALOG_INDEX = "gsi1";
