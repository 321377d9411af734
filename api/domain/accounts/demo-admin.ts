// The administrator of the demo data set. Its credentials are public by design: they are shown
// on /admin-login while demo data is on (DEMO_DATA=0 turns both off).
export const DEMO_ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026', name: 'Demo Administrator' } as const;
