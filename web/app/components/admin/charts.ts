// The dashboard's charts and what draws them (visx, d3's scales): imported only through
// ./LazyCharts.tsx, dynamically, so that they are a chunk of their own on the server as in the
// browser, read by the dashboard and by no other page (docs/decisions/022-lean-bundles.md).
export { OrdersByStateChart } from "./OrdersByStateChart";
export { RevenueChart } from "./RevenueChart";
