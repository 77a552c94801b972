// Readiness check for start-up scripts and load balancers: no data access, never cached.
export function loader() {
  return new Response("ok", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
