// The start-up checks (pocketbase/pb_hooks/lib/arranque.js), each on a PocketBase of its own started with the
// environment under test: nothing is charged while the Asaas key, the webhook token or the sender is missing or a
// template value, and a proxy's header without TRUSTED_PROXY_HEADER is reported.
import PocketBase from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startPocketBase } from '../../scripts/backend/pocketbase-server.mjs';
import { failure, registration } from './helpers';

const INDISPONIVEL =
  'O serviço de pagamento está indisponível no momento. Tente novamente em alguns minutos.';

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

/** A PocketBase with the kit and `env`, and a verified customer signed in on it whose requests carry `headers`. */
async function serverWith(env: Record<string, string>, headers: Record<string, string> = {}) {
  const pb = await startPocketBase({ port: await freePort(), env });
  stop = pb.stop;
  const admin = new PocketBase(pb.url);
  admin.authStore.save(pb.superuser.token);
  const input = registration();
  await admin.collection('usuarios').create({ ...input, verified: true });
  const customer = new PocketBase(pb.url);
  customer.beforeSend = (url, options) => ({
    url,
    options: { ...options, headers: { ...options.headers, ...headers } },
  });
  await customer.collection('usuarios').authWithPassword(input.email, input.password);
  return { pb, customer };
}

const COMPLETE = {
  ASAAS_API_KEY: 'chave-real',
  ASAAS_API_URL: 'http://127.0.0.1:9/v3',
  ASAAS_TIMEOUT_S: '1',
  ASAAS_WEBHOOK_TOKEN: 'token-real',
  MAIL_SENDER_ADDRESS: 'nao-responda@passaporte-italiano.test',
};

describe('start-up checks', () => {
  it.each([
    [
      'the template values',
      {
        ASAAS_API_KEY: 'PREENCHER',
        ASAAS_WEBHOOK_TOKEN: 'PREENCHER',
        MAIL_SENDER_ADDRESS: 'nao-responda@seu-dominio.com.br',
      },
    ],
    [
      'nothing set (PocketBase’s own example sender)',
      { ASAAS_API_KEY: '', ASAAS_WEBHOOK_TOKEN: '', MAIL_SENDER_ADDRESS: '' },
    ],
  ])(
    '%s: a clear log line at start, and every charge refused in pt-BR before Asaas is asked',
    async (_, env) => {
      const { pb, customer } = await serverWith({ ...COMPLETE, ...env });
      expect(pb.output()).toMatch(
        /Configuração incompleta: cobranças RECUSADAS.*ASAAS_API_KEY ausente ou valor de modelo; ASAAS_WEBHOOK_TOKEN ausente ou valor de modelo; MAIL_SENDER_ADDRESS ausente ou valor de modelo/,
      );
      for (const path of ['/payments/asaas/customer', '/payments/asaas/installment', '/payments/asaas/pix']) {
        const error = await failure(customer.send(path, { method: 'POST', body: {} }));
        expect(error.status, path).toBe(503);
        expect(error.response.message, path).toBe(INDISPONIVEL);
      }
      // The rest of the site works: the customer's own account reads fine.
      expect((await customer.collection('usuarios').authRefresh()).record.email).toBeTruthy();
    },
  );

  it('one missing piece is enough: the webhook token alone keeps charges off', async () => {
    const { pb, customer } = await serverWith({ ...COMPLETE, ASAAS_WEBHOOK_TOKEN: '' });
    expect(pb.output()).toMatch(
      /cobranças RECUSADAS[^\n]*: ASAAS_WEBHOOK_TOKEN ausente ou valor de modelo\s*$/m,
    );
    expect((await failure(customer.send('/payments/asaas/pix', { method: 'POST', body: {} }))).status).toBe(
      503,
    );
  });

  it('a complete setup logs no error; a proxy’s header without TRUSTED_PROXY_HEADER is warned about once', async () => {
    const { pb, customer } = await serverWith(COMPLETE, { 'X-Forwarded-For': '203.0.113.7' });
    expect(pb.output()).not.toContain('Configuração incompleta');
    // The charge goes on to Asaas (unreachable here, hence a 503 after the check, not from it).
    await failure(customer.send('/payments/asaas/customer', { method: 'POST', body: {} }));
    await failure(customer.send('/payments/asaas/customer', { method: 'POST', body: {} }));
    expect(pb.output()).toContain('Asaas sem resposta em POST /customers');
    const warnings =
      pb.output().match(/Atrás de um proxy \(X-Forwarded-For\) sem TRUSTED_PROXY_HEADER/g) ?? [];
    expect(warnings).toHaveLength(1);
    expect(pb.output()).not.toContain('Configuração incompleta');
  });

  it('listening on loopback with an https address and no TRUSTED_PROXY_HEADER: a warning at start-up', async () => {
    const behind = await serverWith({ ...COMPLETE, APP_URL: 'https://passaporte.example.test' });
    expect(behind.pb.output()).toMatch(
      /Atrás de um proxy reverso \(escuta em 127\.0\.0\.1:\d+, endereço público https:\/\/passaporte\.example\.test\) sem TRUSTED_PROXY_HEADER/,
    );
    await stop?.();
    const configured = await serverWith({
      ...COMPLETE,
      APP_URL: 'https://passaporte.example.test',
      TRUSTED_PROXY_HEADER: 'X-Forwarded-For',
    });
    expect(configured.pb.output()).not.toContain('Atrás de um proxy reverso');
  });
});
