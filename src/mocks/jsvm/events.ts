/**
 * The kit's registered routes answering the double's requests: a route event (routerAdd) built from the MSW request
 * and the signed-in account, as PocketBase builds it (record requests: record-requests.ts); an ApiError thrown
 * becomes PocketBase's error answer.
 */
import { http, HttpResponse, type PathParams } from 'msw';
import { currentUser, latency, MSG, param, pbError, readJson, type Json } from '../http';
import { ApiError, app, BadRequestError, chain, Record, registry } from './pocketbase';
import type { Route } from './pocketbase';

/** A handler's throw as PocketBase answers it; anything but an ApiError is its generic 400 (and logged). */
export function answerError(err: unknown): Response {
  if (err instanceof ApiError) return pbError(err.status, err.message, err.data);
  console.error(err);
  return pbError(400, MSG.badRequest);
}

/** The request's headers as the kit reads them in requestInfo(): lower case, '-' as '_'. */
const headersOf = (request: Request) =>
  Object.fromEntries([...request.headers].map(([k, v]) => [k.toLowerCase().replace(/-/g, '_'), v]));

/**
 * A route event: e.app, e.auth, e.request, e.requestInfo(), the answers (e.json, e.noContent, e.string). A body
 * that is not JSON (`body` null) fails requestInfo(), as PocketBase's binding of it does: its generic 400.
 */
export function routeEvent(request: Request, params: PathParams, body: Json | null) {
  const user = currentUser(request);
  const auth = user ? new Record('usuarios', user as unknown as Json) : null;
  const url = new URL(request.url);
  // The answer's headers, which e.response.header() gives the kit before it writes (pedidos.js responderEExecutar).
  const headers = new Headers();
  const e = {
    app,
    auth,
    response: { header: () => headers } as Response | { header: () => Headers },
    request: {
      method: request.method,
      url: { path: url.pathname, rawQuery: url.search.slice(1), query: () => url.searchParams },
      header: { get: (name: string) => request.headers.get(name) ?? '' },
      pathValue: (name: string) => param(params, name),
    },
    requestInfo: () => ({
      auth,
      body: body ?? bodyRefused(),
      method: request.method,
      query: Object.fromEntries(url.searchParams),
      headers: headersOf(request),
    }),
    json: (status: number, data: unknown) => {
      e.response = HttpResponse.json(JSON.parse(JSON.stringify(data ?? null)), { status });
    },
    noContent: (status = 204) => {
      e.response = new HttpResponse(null, { status });
    },
    string: (status: number, text: string) => {
      e.response = new HttpResponse(text, { status, headers });
    },
    /** The answer sent before the handler goes on: the demo's is sent when the handler is done. */
    flush: () => undefined,
    hasSuperuserAuth: () => false,
    realIP: () => request.headers.get('X-Forwarded-For') ?? '127.0.0.1',
    next: (): unknown => undefined,
  };
  return e;
}

const bodyRefused = (): never => {
  throw new BadRequestError();
};

/** PocketBase's answer when a route's middleware ($apis.requireAuth, requireSuperuserAuth) refuses, else null. */
function refusal(middlewares: unknown[], signedIn: boolean): Response | null {
  for (const m of middlewares as Json[]) {
    if (m.requireAuth && !signedIn) return pbError(401, MSG.unauthorized);
    if (m.requireSuperuserAuth) return pbError(signedIn ? 403 : 401, MSG.superuser);
  }
  return null;
}

function routeOf(method: string, path: string): Route {
  const route = registry.routes.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`the kit registers no route ${method} ${path}`);
  return route;
}

/**
 * The route's answer to a request (its middleware refusal checked already): its function middlewares in turn
 * (lib/arranque.js exigir), each going on with `e.next()`, then its handler.
 */
function answerOf(route: Route, request: Request, params: PathParams, body: Json | null): Response {
  const e = routeEvent(request, params, body);
  const middlewares = route.middlewares
    .filter((m): m is (e: Json) => unknown => typeof m === 'function')
    .map((handler) => ({ kind: 'middleware', handler, tags: [] }));
  try {
    chain(middlewares, e, () => route.handler(e));
    return e.response instanceof Response ? e.response : new HttpResponse(null, { status: 204 });
  } catch (err) {
    return answerError(err);
  }
}

/**
 * A request to the kit's route `method path` answered at once, as a caller outside the browser's fetch makes it
 * (the demo's Asaas posting its webhook, jsvm/kit.ts): `body` is the request's, already read.
 */
export function kitRequest(method: string, path: string, request: Request, body: Json): Response {
  const route = routeOf(method, path);
  return refusal(route.middlewares, !!currentUser(request)) ?? answerOf(route, request, {}, body);
}

/**
 * The MSW route of the kit's route `method path` (as routerAdd registered it: `{id}` in the path); `after` runs
 * once the kit's answer is ready, given it (what the demo's Asaas sends after its answers, jsvm/kit.ts).
 */
export function kitRoute(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  after?: (answer: Response) => void,
) {
  const route = routeOf(method, path);
  const lower = method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
  return http[lower](`*${path.replace(/\{(\w+)\}/g, ':$1')}`, async ({ request, params }) => {
    const denied = refusal(route.middlewares, !!currentUser(request));
    await latency();
    if (denied) return denied;
    const body = method === 'GET' ? {} : await readJson(request);
    const answer = answerOf(route, request, params, body);
    after?.(answer);
    return answer;
  });
}
