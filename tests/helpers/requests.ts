import { afterEach, beforeEach } from 'vitest';
import { server } from './server';

export interface SeenRequest {
  method: string;
  host: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/**
 * Records every request the app sends to the stand-in, with its JSON body, for "what the server received".
 * Call it at describe level: it starts afresh before each test.
 */
export function recordRequests() {
  const seen: SeenRequest[] = [];
  const pending: Promise<void>[] = [];
  const listener = ({ request }: { request: Request }) => {
    const clone = request.clone();
    const url = new URL(request.url);
    pending.push(
      clone.text().then((text) => {
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON: keep the text */
        }
        seen.push({
          method: request.method,
          host: url.host,
          path: url.pathname,
          search: url.searchParams,
          headers: request.headers,
          body,
        });
      }),
    );
  };
  beforeEach(() => {
    seen.length = 0;
    pending.length = 0;
    server.events.on('request:start', listener);
  });
  afterEach(() => {
    server.events.removeListener('request:start', listener);
  });
  return {
    async all() {
      await Promise.all(pending);
      return seen;
    },
    async to(method: string, pathEnd: string) {
      await Promise.all(pending);
      return seen.filter((r) => r.method === method && r.path.endsWith(pathEnd));
    },
  };
}
