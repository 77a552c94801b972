// What pages put in their meta tags.

/** The description cut to about 160 characters at a word, for the meta description. */
export function metaDescription(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= 160) return plain;
  return `${plain.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}
