import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * RFC 8785 (JSON Canonicalization Scheme): keys sorted by UTF-16 code units, ECMAScript number form,
 * no whitespace. Two JSON texts with the same meaning have the same canonical form, so it can be hashed.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON representation');
  return text;
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
