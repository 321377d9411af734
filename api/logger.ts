import pino from 'pino';

// Structured JSON logs; every request logs with its request id (see api/app.ts).
export function createLogger(level: string) {
  return pino({ level, base: { service: 'data-pit' }, redact: ['req.headers.cookie', 'password', '*.password'] });
}
export type Logger = ReturnType<typeof createLogger>;
