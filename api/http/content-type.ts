/**
 * The essence of a Content-Type header ("type/subtype", lower-cased), or null when the header is
 * missing or not a single well-formed media type. Parameters after `;` never count, so
 * `text/plain; x=application/json` is text/plain and cannot pass for JSON (a browser may send it
 * cross-site without a CORS preflight).
 */
export function mediaTypeOf(header: string | null | undefined): string | null {
  if (!header) return null;
  const essence = header.split(';', 1)[0]!.trim().toLowerCase();
  // RFC 9110 token "/" token; a comma means several headers were joined: refuse the ambiguity.
  return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(essence) ? essence : null;
}

export function isJsonMediaType(header: string | null | undefined): boolean {
  return mediaTypeOf(header) === 'application/json';
}
