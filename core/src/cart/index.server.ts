// Cart (server): "Add to cart" posted without JavaScript, checked against the product's stock.
export * from "./add.server.ts";
