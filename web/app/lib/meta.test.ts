import { describe, expect, it } from "vitest";
import { metaDescription, publicPageMeta } from "./meta";
import { pageTitle, privatePageMeta } from "./title";

const args = (pathname: string, origin?: string) =>
  ({
    location: { pathname, search: "?size=M", hash: "", state: null, key: "k" },
    matches: [{ id: "root", pathname: "/", data: origin ? { origin } : undefined, params: {} }],
  }) as unknown as Parameters<typeof publicPageMeta>[0];

describe("publicPageMeta", () => {
  it("gives the title, description, canonical URL on the shop's origin and Open Graph tags", () => {
    expect(
      publicPageMeta(args("/company/privacy", "https://shop.example.com"), {
        title: pageTitle("Privacy"),
        description: "What we keep.",
      }),
    ).toEqual([
      { title: "Privacy | Threadline" },
      { name: "description", content: "What we keep." },
      { tagName: "link", rel: "canonical", href: "https://shop.example.com/company/privacy" },
      { property: "og:site_name", content: "Threadline" },
      { property: "og:type", content: "website" },
      { property: "og:title", content: "Privacy | Threadline" },
      { property: "og:description", content: "What we keep." },
      { property: "og:url", content: "https://shop.example.com/company/privacy" },
    ]);
  });

  it("takes the canonical path, social title, type and image a page gives", () => {
    const tags = publicPageMeta(args("/product/coat", "https://shop.example.com/"), {
      title: "Coat | Threadline",
      description: "A coat.",
      path: "/product/coat",
      socialTitle: "Coat",
      type: "product",
      image: "https://img.example.com/coat.jpg",
    });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example.com/product/coat",
    });
    expect(tags).toContainEqual({ property: "og:title", content: "Coat" });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://img.example.com/coat.jpg",
    });
  });

  it("leaves out the URLs when the root's data is missing (an error page)", () => {
    const tags = publicPageMeta(args("/product"), { title: "T", description: "D" });
    expect(
      tags.some((tag) => "rel" in tag || ("property" in tag && tag.property === "og:url")),
    ).toBe(false);
  });
});

describe("privatePageMeta", () => {
  it("gives a title and a description, and no canonical URL", () => {
    expect(privatePageMeta("Cart | Threadline", "Your cart.")).toEqual([
      { title: "Cart | Threadline" },
      { name: "description", content: "Your cart." },
    ]);
  });
});

describe("metaDescription", () => {
  it("cuts a long text at a word, about 160 characters", () => {
    const cut = metaDescription(`${"word ".repeat(50)}end`);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
  });
});
