// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { purchaseStatus, type LocalStep, type ServerView } from '@/features/checkout/purchase-status';
import { chargeAwaitsOutcome, endedAfterWaiting, paymentsShouldBePolled } from '@/lib/api/charges';
import type { ChargeRecord } from '@/lib/types';

function charge(metodo: ChargeRecord['metodo'], status: string): ChargeRecord {
  return {
    id: 'cobranca0000001',
    collectionId: 'pbc_cobrancas',
    collectionName: 'cobrancas',
    created: '2026-11-23 12:00:00.000Z',
    updated: '2026-11-23 12:00:00.000Z',
    usuario: 'usuario00000001',
    tentativa: 'tentativa-0001',
    asaas_id: 'pay_0001',
    metodo,
    tipo_servico: 'individual',
    flex: false,
    valor: 699,
    parcelas: 1,
    status,
    ativa: true,
    motivo: '',
  };
}

const free: ServerView = { kind: 'loaded', hasOrder: false, liveCharge: null };
const ordered: ServerView = { kind: 'loaded', hasOrder: true, liveCharge: null };
const withCharge = (c: ChargeRecord): ServerView => ({ kind: 'loaded', hasOrder: false, liveCharge: c });
const idle: LocalStep = { kind: 'idle' };
/** The day after the test charges were last updated. */
const NEXT_DAY = Date.parse('2026-11-24T12:00:00.000Z');

const status = (
  server: ServerView,
  step: LocalStep = idle,
  { pixSeen = false, open = true, signedIn = true } = {},
) => purchaseStatus({ signedIn, server, step, pixSeen, open });

describe('the purchase area on arrival: the server says', () => {
  it.each([
    ['loading', { kind: 'loading' } as ServerView, { kind: 'loading' }],
    ['an error', { kind: 'error' } as ServerView, { kind: 'load-error' }],
    ['an order', ordered, { kind: 'ordered' }],
    ['nothing yet', free, { kind: 'choosing', ended: null }],
    [
      'a card charge in risk analysis',
      withCharge(charge('cartao_credito', 'AWAITING_RISK_ANALYSIS')),
      { kind: 'in-analysis', shown: 'notice' },
    ],
    [
      'a pending card charge',
      withCharge(charge('cartao_credito', 'PENDING')),
      { kind: 'in-analysis', shown: 'notice' },
    ],
    [
      'a card charge of unknown outcome',
      withCharge(charge('cartao_credito', 'INDETERMINADA')),
      { kind: 'unknown', shown: 'notice' },
    ],
    [
      'a card charge still being sent',
      withCharge(charge('cartao_credito', 'ENVIANDO')),
      { kind: 'unknown', shown: 'notice' },
    ],
    [
      'a paid live charge whose order this read missed (read again)',
      withCharge(charge('cartao_credito', 'CONFIRMED')),
      { kind: 'loading' },
    ],
    [
      'a Pix of unknown outcome',
      withCharge(charge('pix', 'INDETERMINADA')),
      { kind: 'unknown', shown: 'notice' },
    ],
    ['an overdue Pix', withCharge(charge('pix', 'OVERDUE')), { kind: 'choosing', ended: null }],
  ])('%s', (_, server, expected) => {
    expect(status(server)).toEqual(expected);
  });

  it('a Pix waiting to be paid: its QR code', () => {
    const pix = charge('pix', 'PENDING');
    expect(status(withCharge(pix))).toEqual({ kind: 'pix-waiting', charge: pix });
  });

  it('a Pix paid while its QR code was on this page: "Pagamento confirmado" here, not tracking', () => {
    expect(status(ordered, idle, { pixSeen: true })).toEqual({ kind: 'pix-paid' });
  });

  it("free to pay, before 'Contratar': nothing", () => {
    expect(status(free, idle, { open: false })).toEqual({ kind: 'closed', ended: null });
  });

  it.each(['NAO_CRIADA', 'REPROVED_BY_RISK_ANALYSIS', 'CAPTURE_REFUSED'])(
    'a card charge that ended %s after the wait: free to pay, and the page says nothing was charged',
    (ending) => {
      const ended = { ...charge('cartao_credito', ending), ativa: false };
      const server: ServerView = { ...free, endedCharge: endedAfterWaiting(ended, NEXT_DAY) };
      expect(status(server, idle, { open: false })).toEqual({ kind: 'closed', ended });
      expect(status(server)).toEqual({ kind: 'choosing', ended });
    },
  );

  it.each([
    ['refused on the spot (its answer was on screen)', 'RECUSADA', false],
    ['an expired Pix', 'OVERDUE', false],
    ['still live', 'NAO_CRIADA', true],
  ])('no "not concluded" notice for a charge %s', (_, ending, ativa) => {
    expect(endedAfterWaiting({ ...charge('cartao_credito', ending), ativa }, NEXT_DAY)).toBeNull();
  });

  it('the notice is said for 30 days after the charge ended, not for ever', () => {
    const ended = { ...charge('cartao_credito', 'NAO_CRIADA'), ativa: false };
    expect(endedAfterWaiting(ended, Date.parse('2026-12-23T12:00:00.000Z'))).toBe(ended);
    expect(endedAfterWaiting(ended, Date.parse('2026-12-23T12:00:01.000Z'))).toBeNull();
  });

  it('signed out: nothing, whatever else', () => {
    expect(status(ordered, { kind: 'paying' }, { signedIn: false })).toEqual({ kind: 'signed-out' });
  });
});

describe('the purchase area while this page pays', () => {
  it('the charge under way, whatever the server said before', () => {
    expect(status({ kind: 'loading' }, { kind: 'paying' })).toEqual({ kind: 'paying' });
  });

  it.each([
    [{ kind: 'confirmed', asaasId: 'pay_1' }, { kind: 'confirmed' }],
    [
      { kind: 'analysis', asaasId: 'pay_1' },
      { kind: 'in-analysis', shown: 'answer' },
    ],
    [{ kind: 'unknown' }, { kind: 'unknown', shown: 'answer' }],
    [
      { kind: 'declined', reason: 'Transação não autorizada. Saldo insuficiente.' },
      { kind: 'declined', reason: 'Transação não autorizada. Saldo insuficiente.' },
    ],
    [
      { kind: 'limited', message: 'Muitas tentativas.' },
      { kind: 'limited', message: 'Muitas tentativas.' },
    ],
  ] as const)(
    'the answer %o stays on screen while the server still says a charge is live',
    (outcome, expected) => {
      const server = withCharge(charge('cartao_credito', 'AWAITING_RISK_ANALYSIS'));
      expect(status(server, { kind: 'answered', outcome })).toEqual(expected);
    },
  );

  it('a held or unknown answer gives way to the order the server has learnt of since', () => {
    expect(status(ordered, { kind: 'answered', outcome: { kind: 'unknown' } })).toEqual({
      kind: 'confirmed',
    });
    expect(status(ordered, { kind: 'answered', outcome: { kind: 'analysis', asaasId: 'pay_1' } })).toEqual({
      kind: 'confirmed',
    });
  });

  it('the payments are asked for again while the charge waits for its outcome, and while a paid charge has no order read yet', () => {
    expect(paymentsShouldBePolled(charge('pix', 'PENDING'), [])).toBe(true);
    expect(paymentsShouldBePolled(charge('pix', 'RECEIVED'), [])).toBe(true);
    expect(paymentsShouldBePolled(charge('cartao_credito', 'CONFIRMED'), [])).toBe(true);
    expect(paymentsShouldBePolled(charge('cartao_credito', 'AWAITING_RISK_ANALYSIS'), [])).toBe(true);
    expect(paymentsShouldBePolled(charge('cartao_credito', 'ENVIANDO'), [])).toBe(true);
    expect(paymentsShouldBePolled(charge('cartao_credito', 'INDETERMINADA'), [])).toBe(true);
    expect(paymentsShouldBePolled(charge('pix', 'RECEIVED'), [{ status_asaas: 'RECEIVED' }])).toBe(false);
    // A fully refunded order is closed: the new charge's order is still awaited.
    expect(paymentsShouldBePolled(charge('pix', 'RECEIVED'), [{ status_asaas: 'REFUNDED' }])).toBe(true);
    expect(paymentsShouldBePolled(charge('pix', 'OVERDUE'), [])).toBe(false);
    expect(paymentsShouldBePolled(null, [])).toBe(false);
  });

  it('the live charge is asked for again while it waits for its outcome, not once it is settled', () => {
    for (const status of ['PENDING', 'AWAITING_RISK_ANALYSIS', 'ENVIANDO', 'INDETERMINADA'])
      expect(chargeAwaitsOutcome(charge('cartao_credito', status)), status).toBe(true);
    for (const status of ['CONFIRMED', 'RECEIVED', 'REFUNDED', 'OVERDUE'])
      expect(chargeAwaitsOutcome(charge('cartao_credito', status)), status).toBe(false);
    expect(chargeAwaitsOutcome(null)).toBe(false);
  });

  it('a declined answer stays even when the server has nothing live (paying again is the next step)', () => {
    expect(status(free, { kind: 'answered', outcome: { kind: 'declined', reason: 'Recusado.' } })).toEqual({
      kind: 'declined',
      reason: 'Recusado.',
    });
  });

  it.each([
    [{ kind: 'conflict' }, ordered, { kind: 'ordered' }],
    [
      { kind: 'conflict' },
      withCharge(charge('cartao_credito', 'ENVIANDO')),
      { kind: 'unknown', shown: 'notice' },
    ],
    [{ kind: 'signed-out' }, free, { kind: 'choosing', ended: null }],
  ] as const)(
    'an answer without a screen of its own (%o) shows the server’s state',
    (outcome, server, expected) => {
      expect(status(server, { kind: 'answered', outcome })).toEqual(expected);
    },
  );
});
