// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withdrawalLastDay } from '@/components/withdrawal';
import type { PaymentRecord } from '@/lib/types';

const payment = (overrides: Partial<PaymentRecord>): PaymentRecord => ({
  id: 'p1',
  created: '2026-11-24 12:00:00.000Z',
  updated: '2026-11-24 12:00:00.000Z',
  usuario: 'u1',
  tipo_servico: 'individual',
  preco_servico: 699,
  metodo_pagamento: 'cartao_credito',
  numero_parcelas: 1,
  asaas_id_pagamento: 'pay_1',
  flex: false,
  status_asaas: 'CONFIRMED',
  ...overrides,
});

describe('the last day to withdraw (as pb_hooks/lib/estornos.js decides)', () => {
  it('is the 7th day after the day of the payment, in São Paulo', () => {
    expect(withdrawalLastDay(payment({ pago_em: '2026-11-24 12:00:00.000Z' }))).toBe('2026-12-01');
  });

  it('counts from the São Paulo day: 23:30 there on the 23rd is still the 23rd', () => {
    expect(withdrawalLastDay(payment({ pago_em: '2026-11-24 02:30:00.000Z' }))).toBe('2026-11-30');
  });

  it('counts from `created` on rows without `pago_em`', () => {
    expect(withdrawalLastDay(payment({ created: '2026-11-20 15:00:00.000Z' }))).toBe('2026-11-27');
    expect(withdrawalLastDay(payment({ pago_em: '' }))).toBe('2026-12-01');
  });
});
