// Image variants, server side: the image-variants function's work (sharp). Only that function
// imports this area; the site reads variants' state through @shop/core/server/catalog.
export * from "./process.server.ts";
