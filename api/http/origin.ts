/**
 * Which browser origins may talk to the API with the user's cookies: the site's own origin, plus
 * the origins listed in CORS_ORIGINS (docs/decisions.md, "Hardening: the HTTP edge"). The same rule decides CORS
 * headers on /graphql and /api/* and which WebSocket upgrades are accepted.
 */

/** `https://example.com:8443` from CORS_ORIGINS: scheme, host and optional port, nothing else. */
export function parseOrigin(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(text)) return null;
  try {
    const url = new URL(text);
    // An origin has no user info (a trailing slash is tolerated: .origin drops it).
    if (url.username || url.password || url.origin === 'null') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Parses a comma-separated CORS_ORIGINS. Throws on an entry that is not a bare http(s) origin,
 * so a typo stops the server at start instead of silently refusing a front end.
 */
export function parseOriginList(value: string | undefined): string[] {
  if (!value || !value.trim()) return [];
  const origins: string[] = [];
  for (const entry of value.split(',')) {
    if (!entry.trim()) continue;
    const origin = parseOrigin(entry);
    if (!origin) {
      throw new Error(`CORS_ORIGINS: "${entry.trim()}" is not an origin (scheme://host[:port], e.g. https://app.example.com, comma-separated)`);
    }
    origins.push(origin);
  }
  return origins;
}

export interface OriginPolicy {
  /** Listed in CORS_ORIGINS: may make credentialed cross-origin requests. */
  isListed(origin: string): boolean;
  /** The site's own origin or a listed one. `host` is the request's Host header. */
  isAllowed(origin: string, host: string | null | undefined): boolean;
}

/**
 * `publicUrl` (PUBLIC_URL) counts as the site's own origin too, so a reverse proxy that rewrites
 * the Host header does not lock the site's own pages out.
 */
export function originPolicy(listed: readonly string[], publicUrl?: string): OriginPolicy {
  const allowList = new Set(listed);
  const publicOrigin = publicUrl ? parseOrigin(new URL(publicUrl).origin) : null;
  const isListed = (origin: string) => {
    const normalised = parseOrigin(origin);
    return normalised !== null && allowList.has(normalised);
  };
  return {
    isListed,
    isAllowed(origin, host) {
      const normalised = parseOrigin(origin);
      if (!normalised) return false;
      if (allowList.has(normalised) || normalised === publicOrigin) return true;
      // Same origin: the page was served by this host (and port). The scheme is not compared,
      // since TLS usually ends at a proxy in front of this server.
      return !!host && sameHost(new URL(normalised).host, host);
    },
  };
}

// `Host: example.com:443` and `https://example.com` name the same host: compare with default ports dropped.
function sameHost(originHost: string, hostHeader: string): boolean {
  try {
    return [`http://${hostHeader}`, `https://${hostHeader}`].some((u) => new URL(u).host === originHost);
  } catch {
    return false;
  }
}
