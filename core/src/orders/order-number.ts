// Order numbers: short and readable on invoices, e-mails and the phone ("TL-7K3QX9PM"): "TL-"
// and 8 characters of Crockford's base32 (no I, L, O or U, so nothing reads as 1 or 0) from 40
// random bits. Uniqueness is enforced by a conditional claim when the order is written.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ORDER_NUMBER_PREFIX = "TL-";
export const ORDER_NUMBER_PATTERN = /^TL-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/** The order number for 5 random bytes (40 bits → 8 base32 characters). */
export function orderNumberFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 5) throw new RangeError("an order number takes exactly 5 bytes");
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = "";
  for (let i = 0; i < 8; i++) {
    text = ALPHABET[Number(value & 31n)] + text;
    value >>= 5n;
  }
  return ORDER_NUMBER_PREFIX + text;
}

export function newOrderNumber(): string {
  return orderNumberFromBytes(randomBytes(5));
}

/** Reads a typed order number: case and spaces ignored, O→0, I/L→1 (Crockford); else null. */
export function parseOrderNumber(text: string): string | null {
  const cleaned = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/^TL/, "")
    .replaceAll("O", "0")
    .replace(/[IL]/g, "1");
  const number = ORDER_NUMBER_PREFIX + cleaned;
  return ORDER_NUMBER_PATTERN.test(number) ? number : null;
}
