// @vitest-environment node
// Asaas's payment events (pocketbase/pb_hooks/lib/webhook_comum.js), which the kit's webhook.js and the demo double
// both run: which events count, what Asaas's answer about the payment means, what is recorded for the event.
import { describe, expect, it } from 'vitest';
import webhook from '../../pocketbase/pb_hooks/lib/webhook_comum.js';
import R from '../../pocketbase/pb_hooks/lib/regras.json';

describe('webhook_comum', () => {
  it('an event that changes no charge, an unknown payment, a charge never made: recorded as ignored', () => {
    expect(webhook.contaEvento('PAYMENT_CONFIRMED', R)).toBe(true);
    expect(webhook.contaEvento('PAYMENT_VIEWED', R)).toBe(false);
    expect(webhook.ignorado('PAYMENT_VIEWED', true, true, R)).toBe('ignorado: evento sem efeito');
    expect(webhook.ignorado('PAYMENT_CONFIRMED', false, false, R)).toBe(
      'ignorado: pagamento que o Asaas não conhece',
    );
    expect(webhook.ignorado('PAYMENT_CONFIRMED', true, false, R)).toBe(
      'ignorado: cobrança que o servidor não fez',
    );
    expect(webhook.ignorado('PAYMENT_CONFIRMED', true, true, R)).toBeNull();
  });

  it('Asaas’s answer about an event’s payment: found, unknown (404), or no answer (the event waits)', () => {
    expect(webhook.leituraDoAsaas({ status: 200, json: { id: 'pay_1' } })).toEqual({
      achado: { id: 'pay_1' },
    });
    expect(webhook.leituraDoAsaas({ status: 404, json: null })).toEqual({ achado: null });
    expect(webhook.leituraDoAsaas({ status: 200, json: {} })).toEqual({ indisponivel: true });
    expect(webhook.leituraDoAsaas({ status: 503, json: null })).toEqual({ indisponivel: true });
    expect(webhook.leituraDoAsaas({ status: 0, json: null })).toEqual({ indisponivel: true });
  });

  it('a payment’s charge is looked for by its id, its installment plan, then an attempt with no id yet', () => {
    expect(
      webhook.buscasDoPagamento({ id: 'pay_1', installment: 'ins_1', externalReference: 'tentativa-1' }),
    ).toEqual([{ asaas_id: 'pay_1' }, { parcelamento: 'ins_1' }, { tentativa: 'tentativa-1', asaas_id: '' }]);
    expect(webhook.buscasDoPagamento({ id: 'pay_1', installment: null })).toEqual([{ asaas_id: 'pay_1' }]);
    expect(webhook.buscasDoPagamento({})).toEqual([]);
  });

  it('the result names the charge, its status, and a duplicate as such', () => {
    expect(webhook.resultado({ id: 'c1', status: 'CONFIRMED', duplicada: false })).toBe(
      'cobrança c1: CONFIRMED',
    );
    expect(webhook.resultado({ id: 'c2', status: 'RECEIVED', duplicada: true })).toBe(
      'cobrança c2: RECEIVED (duplicada)',
    );
  });
});
