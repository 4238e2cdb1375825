/**
 * The demo backend as a real HTTP server on loopback, for browser tests of a production build (built with
 * VITE_API_URL pointing here): the same handlers as the service worker, reached over the network with CORS,
 * as a PocketBase host would be. Test-only endpoints: POST /__reset, GET /__mailbox, GET /ip.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { getResponse, HttpResponse } from 'msw';
import { getDb, resetDb } from './db';
import { DEMO_PUBLIC_IP, handlers } from './handlers';
import { getMailbox } from './mailbox';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept-Language',
};

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}

async function answer(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === '/__reset' && request.method === 'POST') {
    resetDb();
    return new Response(null, { status: 204 });
  }
  if (pathname === '/__mailbox') return HttpResponse.json(getMailbox());
  if (pathname === '/__charges') return HttpResponse.json(getDb().asaasCharges);
  if (pathname === '/ip') return HttpResponse.json({ ip: DEMO_PUBLIC_IP });
  return (
    (await getResponse(handlers, request)) ??
    HttpResponse.json(
      { status: 404, message: "The requested resource wasn't found.", data: {} },
      { status: 404 },
    )
  );
}

export function startStandIn(port: number, host = '127.0.0.1') {
  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS).end();
        return;
      }
      const body = await readBody(req);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(key, value);
      }
      const request = new Request(`http://${host}:${port}${req.url ?? '/'}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' || !body ? undefined : new Uint8Array(body),
      });
      const response = await answer(request);
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS });
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'application/json', ...CORS });
      res.end(JSON.stringify({ status: 500, message: String(error), data: {} }));
    }
  });
  server.listen(port, host, () => console.log(`stand-in PocketBase + Asaas at http://${host}:${port}`));
  return server;
}

const port = Number(process.env.STAND_IN_PORT ?? 0);
if (port) startStandIn(port);
