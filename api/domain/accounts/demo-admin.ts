// The administrator of the demo data set. Its credentials are public by design: they are shown
// on /admin-login while demo data is on (DEMO_DATA=0 turns both off). Never in production: there
// the credentials are not served, the seed gives the account a random password, and the published
// password is refused even by a database seeded before (docs/decisions.md, "Hardening: sessions, limits and production defaults").
export const DEMO_ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026', name: 'Demo Administrator' } as const;

/** Whether a login uses the demo administrator's published credentials where they must not work. */
export function isPublishedDemoLogin(email: string, password: string, production: boolean): boolean {
  return production && email === DEMO_ADMIN.email && password === DEMO_ADMIN.password;
}

/** The credentials /admin-login may show: only outside production, while demo data is on. */
export function publishedDemoAdmin(config: { production: boolean; demoData: boolean }) {
  return !config.production && config.demoData ? DEMO_ADMIN : null;
}
