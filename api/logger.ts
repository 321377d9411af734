import pino, { type DestinationStream } from 'pino';
import { requestScope } from './http/request-id.ts';

// Structured JSON logs. A line written while a request is served carries its requestId (taken
// from the request's async scope, see api/http/request-id.ts), whoever writes it: the request
// line, Yoga, the domain, the mailer. `destination` lets tests read the lines.
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      base: { service: 'data-pit' },
      redact: ['req.headers.cookie', 'password', '*.password'],
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { requestId: scope.requestId } : {};
      },
    },
    destination,
  );
}
export type Logger = ReturnType<typeof createLogger>;
