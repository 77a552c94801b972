// The sitemap's pages from the catalogue read model (./read-model.server.ts, docs/architecture.md
// §2): one round trip (the catalogue version) when warm, whatever the catalogue's size; no Scan.
import type { Context } from "../context/index.server.ts";
import { catalogSnapshot, rememberForVersion } from "./read-model.server.ts";
import { catalogSitemapUrls, type SitemapUrl } from "./sitemap.ts";

/**
 * The shop's public pages as of the catalogue version read now (see `catalogSitemapUrls`),
 * computed once per version and kept with it.
 */
export async function sitemapUrls(
  ctx: Context,
  staticPaths: readonly string[],
): Promise<readonly SitemapUrl[]> {
  const snapshot = await catalogSnapshot(ctx);
  return rememberForVersion(snapshot, `sitemap\n${staticPaths.join("\n")}`, async () =>
    catalogSitemapUrls(snapshot.bySlug.values(), staticPaths),
  );
}
