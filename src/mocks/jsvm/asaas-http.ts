/**
 * `$http.send` for the kit's lib/asaas.js: a call to the demo's Asaas address (env.ts) answered at once by the
 * demo's Asaas (src/mocks/asaas.ts asaasCall: the events it sends before its answer reach the webhook then, those
 * it sends after wait for the route's end, jsvm/kit.ts). No answer (the fake's 'hang') is a timeout, as $http
 * throws one. Any other address keeps what $http.send did before this file.
 */
import { asaasCall } from '../asaas';
import { DEMO_ASAAS_URL } from './env';

interface Pedido {
  url: string;
  method?: string;
  body?: string;
}
const jsvm = globalThis as unknown as {
  $http: { send: (pedido: Pedido) => { statusCode: number; json: unknown } };
};

const before = jsvm.$http.send;
jsvm.$http.send = (pedido: Pedido) => {
  if (!pedido.url.startsWith(DEMO_ASAAS_URL)) return before(pedido);
  const url = new URL(pedido.url);
  const body = pedido.body ? (JSON.parse(pedido.body) as Record<string, unknown>) : {};
  const answer = asaasCall(pedido.method ?? 'GET', url.pathname, body, url.searchParams);
  if (typeof answer.status !== 'number') throw new Error(`Post "${pedido.url}": context deadline exceeded`);
  return { statusCode: answer.status, json: answer.body };
};
