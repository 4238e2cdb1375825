// What the real-backend browser tests share: customers made through the API, requests from an address of their
// own, the superuser's token.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { DEFAULT_SUPERUSER } from '../../scripts/backend/pocketbase-server.mjs';
import { expect, REAL_BACKEND } from './fixtures';
import { newCustomer } from './helpers';

export interface Customer {
  id: string;
  email: string;
  password: string;
  name: string;
}

let ipCounter = 0;
/** Every request this context makes to PocketBase comes from an address of its own. */
export async function ownAddress(context: BrowserContext): Promise<void> {
  const ip = `203.0.${113 + Math.floor(Math.random() * 10)}.${(ipCounter++ % 250) + 1}`;
  await context.route(`${REAL_BACKEND.pb}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
  );
}

export async function superuserToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${REAL_BACKEND.pb}/api/collections/_superusers/auth-with-password`, {
    data: { identity: DEFAULT_SUPERUSER.email, password: DEFAULT_SUPERUSER.password },
  });
  return ((await response.json()) as { token: string }).token;
}

/**
 * A verified customer (registered through the API; the e-mail journey is real/server.spec.ts's), with the e-mail
 * given when a test needs one of its own (a long one, say).
 */
export async function verifiedCustomer(request: APIRequestContext, email?: string): Promise<Customer> {
  const data = { ...newCustomer(), ...(email ? { email } : {}) };
  const cpf = data.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  const created = await request.post(`${REAL_BACKEND.pb}/api/collections/usuarios/records`, {
    data: {
      nome_completo: data.name,
      email: data.email,
      cpf,
      celular: '(11) 98765-4321',
      password: data.password,
      passwordConfirm: data.password,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const verified = await request.patch(`${REAL_BACKEND.pb}/api/collections/usuarios/records/${id}`, {
    headers: { Authorization: await superuserToken(request) },
    data: { verified: true },
  });
  expect(verified.ok()).toBe(true);
  return { id, email: data.email, password: data.password, name: data.name };
}

/** A customer who bought `tipo` (with Flex when asked) by card (through the API, as the app's checkout sends it). */
export async function customerWithOrder(
  request: APIRequestContext,
  tipo: 'individual' | 'familiar' = 'individual',
  flex = false,
): Promise<Customer & { token: string }> {
  const customer = await verifiedCustomer(request);
  const auth = await request.post(`${REAL_BACKEND.pb}/api/collections/usuarios/auth-with-password`, {
    data: { identity: customer.email, password: customer.password },
  });
  const token = ((await auth.json()) as { token: string }).token;
  // From an address of its own, like a browser context with ownAddress: the per-IP card limit counts each customer apart.
  const headers = { Authorization: token, 'x-forwarded-for': `198.51.100.${(ipCounter++ % 250) + 1}` };
  const asaas = await request.post(`${REAL_BACKEND.pb}/payments/asaas/customer`, { headers, data: {} });
  const { id } = (await asaas.json()) as { id: string };
  const value = (tipo === 'familiar' ? 999 : 699) + (flex ? 199 : 0);
  const charge = await request.post(`${REAL_BACKEND.pb}/payments/asaas/installment`, {
    headers,
    data: {
      customer: id,
      installmentCount: 1,
      value,
      totalValue: value,
      billingType: 'CREDIT_CARD',
      creditCard: {
        holderName: 'GIULIA C TESTE',
        number: '4111111111111111',
        expiryMonth: '12',
        expiryYear: '2030',
        ccv: '123',
      },
      creditCardHolderInfo: {
        name: customer.name,
        email: customer.email,
        cpfCnpj: '52998224725',
        postalCode: '01310100',
        addressNumber: '1000',
        phone: '11987654321',
      },
      tipo_servico: tipo,
      flex,
      externalReference: `tentativa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  expect(charge.ok(), await charge.text()).toBe(true);
  return { ...customer, token };
}
