// A crash loses nothing: PocketBase killed (SIGKILL) right after a card charge left for Asaas, then started
// again on the same data, ends with exactly one order once Asaas's answer is known (lib/pedidos.js conciliar:
// a charge left ENVIANDO is settled by asking Asaas for its attempt id).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterEach, expect, it } from 'vitest';
import { startAsaasStandIn, type AsaasStandIn } from '../../scripts/backend/asaas-stand-in.mjs';
import {
  freePort,
  startPocketBase,
  type RunningPocketBase,
} from '../../scripts/backend/pocketbase-server.mjs';
import { CARDS, registration } from './helpers';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('SIGKILL while a card charge is at Asaas: after the restart, exactly one order', async () => {
  const asaas: AsaasStandIn = await startAsaasStandIn({ apiKey: 'chave-crash', noAnswerMs: 4000 });
  cleanup.push(() => asaas.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-crash-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ASAAS_API_URL: asaas.url,
    ASAAS_API_KEY: 'chave-crash',
    ASAAS_WEBHOOK_TOKEN: 'token-crash',
    ASAAS_TIMEOUT_S: '30',
    // Longer than Asaas takes to answer (4 s here; 60 s at most in production, against 600 s by default).
    ASAAS_CONCILIAR_APOS_S: '8',
    ASAAS_CONSULTA_INTERVALO_MS: '0',
    MAIL_SENDER_ADDRESS: 'nao-responda@passaporte-italiano.test',
  };
  const port = await freePort();
  let pb: RunningPocketBase = await startPocketBase({ port, env, dataDir });
  cleanup.push(() => pb.stop());

  const admin = new PocketBase(pb.url);
  admin.authStore.save(pb.superuser.token);
  const input = registration();
  const user = await admin.collection('usuarios').create({ ...input, verified: true });
  const customer = new PocketBase(pb.url);
  customer.autoCancellation(false);
  await customer.collection('usuarios').authWithPassword(input.email, input.password);
  const { id: asaasCustomer } = await customer.send<{ id: string }>('/payments/asaas/customer', {
    method: 'POST',
    body: {},
  });
  // The charge leaves for Asaas, which takes its time to answer (the 'no answer' card)...
  const charging = customer
    .send('/payments/asaas/installment', {
      method: 'POST',
      body: {
        installmentCount: 1,
        customer: asaasCustomer,
        value: 699,
        totalValue: 699,
        billingType: 'CREDIT_CARD',
        creditCard: {
          holderName: 'MARIA C SOUZA',
          number: CARDS.noAnswer,
          expiryMonth: '12',
          expiryYear: '2031',
          ccv: '123',
        },
        creditCardHolderInfo: {
          name: input.nome_completo,
          email: input.email,
          cpfCnpj: input.cpf.replace(/\D/g, ''),
          postalCode: '01310100',
          addressNumber: '1000',
          phone: '11987654321',
        },
        tipo_servico: 'individual',
        flex: false,
        externalReference: `tentativa-crash-${Date.now()}`,
      },
    })
    .catch((error: unknown) => error);
  await until(
    async () => asaas.state.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').length,
    (n) => n === 1,
  );
  // ...and the server dies before it hears back.
  await pb.crash();
  await charging;
  pb = await startPocketBase({ port, env, dataDir });
  const again = new PocketBase(pb.url);
  again.autoCancellation(false);
  await again.collection('usuarios').authWithPassword(input.email, input.password);
  const su = new PocketBase(pb.url);
  su.authStore.save(pb.superuser.token);
  const filter = su.filter('usuario = {:u}', { u: user.id });
  expect(await su.collection('cobrancas').getFullList({ filter })).toMatchObject([{ status: 'ENVIANDO' }]);

  // Once Asaas lists the charge, the customer's next look settles it: one order, however often they look.
  const payments = await until(
    async () => {
      await again.collection('cobrancas').getFullList();
      return su.collection('pagamentos').getFullList({ filter });
    },
    (list) => list.length > 0,
  );
  for (let i = 0; i < 3; i++) await again.collection('pagamentos').getFullList();
  expect(payments).toHaveLength(1);
  expect(await su.collection('pagamentos').getFullList({ filter })).toHaveLength(1);
  expect(await su.collection('agendamentos').getFullList({ filter })).toMatchObject([
    { status_agendamento: 'NOVO' },
  ]);
  expect(await su.collection('cobrancas').getFullList({ filter })).toMatchObject([
    { status: 'CONFIRMED', ativa: true },
  ]);
  expect(asaas.state.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments')).toHaveLength(
    1,
  );
});
