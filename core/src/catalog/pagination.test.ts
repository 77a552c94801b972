import { describe, expect, it } from "vitest";
import { paginationWindow } from "./pagination.ts";

describe("paginationWindow", () => {
  it("shows nothing without pages and a single page for one", () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([1]);
  });

  it.each([1, 4, 7])("shows all of 7 pages, at page %i", (current) => {
    expect(paginationWindow(current, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("8 pages, at the first", () => {
    expect(paginationWindow(1, 8)).toEqual([1, 2, 3, "ellipsis", 8]);
  });

  it("8 pages, in the middle", () => {
    expect(paginationWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, "ellipsis", 8]);
    expect(paginationWindow(5, 8)).toEqual([1, "ellipsis", 3, 4, 5, 6, 7, 8]);
  });

  it("8 pages, at the last", () => {
    expect(paginationWindow(8, 8)).toEqual([1, "ellipsis", 6, 7, 8]);
  });

  it("10 pages, in the middle: ellipses on both sides, even for one skipped page", () => {
    expect(paginationWindow(5, 10)).toEqual([1, "ellipsis", 3, 4, 5, 6, 7, "ellipsis", 10]);
  });

  it("next to the ends, no ellipsis where nothing is skipped", () => {
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis", 10]);
    expect(paginationWindow(8, 10)).toEqual([1, "ellipsis", 6, 7, 8, 9, 10]);
  });

  it("clamps a current page outside 1..pageCount", () => {
    expect(paginationWindow(0, 8)).toEqual(paginationWindow(1, 8));
    expect(paginationWindow(99, 8)).toEqual(paginationWindow(8, 8));
    expect(paginationWindow(Number.NaN, 8)).toEqual(paginationWindow(1, 8));
  });

  it("always includes the first page, the last page and the current page", () => {
    for (let pageCount = 8; pageCount <= 30; pageCount++) {
      for (let current = 1; current <= pageCount; current++) {
        const items = paginationWindow(current, pageCount);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(pageCount);
        expect(items).toContain(current);
        // Pages increase, and an ellipsis stands exactly where pages are skipped.
        const pages = items.filter((item): item is number => item !== "ellipsis");
        for (let i = 1; i < items.length; i++) {
          const before = items[i - 1];
          const item = items[i];
          if (item === undefined || item === "ellipsis") continue;
          if (before === "ellipsis") expect(items[i - 2]).toBeLessThan(item - 1);
          else expect(before).toBe(item - 1);
        }
        expect(pages.length).toBeLessThanOrEqual(7);
      }
    }
  });
});
