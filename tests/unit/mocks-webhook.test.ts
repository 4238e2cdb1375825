import { vi } from 'vitest';

// The kit records every event it answers in asaas_eventos (pb_hooks/lib/webhook.js processar), so Asaas delivering
// it again, however much later, changes nothing. The double keeps them in its store, which a reload keeps.
describe("the double's webhook: each Asaas event once, across a reload", () => {
  it('records the event in the store (asaas_eventos) and answers it again as repeated after a reload', async () => {
    vi.stubEnv('MODE', 'production');
    try {
      vi.resetModules();
      const db = await import('@/mocks/db');
      db.resetDb();
      const charge = db.getDb().cobrancas.find((c) => c.asaas_id && c.status === 'CONFIRMED');
      if (!charge) throw new Error('no paid charge in the seed');
      const event = { id: 'evt_recarga_1', event: 'PAYMENT_CONFIRMED', payment: { id: charge.asaas_id } };
      const first = await import('@/mocks/jsvm/kit');
      const answer = (await first.entregar(event).json()) as object;
      expect(answer).toMatchObject({ recebido: true });
      expect(answer).not.toHaveProperty('repetido');
      expect(db.getDb().asaas_eventos).toContainEqual(
        expect.objectContaining({
          evento_id: 'evt_recarga_1',
          evento: 'PAYMENT_CONFIRMED',
          asaas_id: charge.asaas_id,
        }),
      );

      vi.resetModules();
      const reloaded = await import('@/mocks/jsvm/kit');
      expect(await reloaded.entregar(event).json()).toEqual({ recebido: true, repetido: true });
      (await import('@/mocks/db')).resetDb();
    } finally {
      vi.unstubAllEnvs();
      sessionStorage.clear();
    }
  });

  it('does not record an event Asaas could not be asked about: it is handled when delivered again', async () => {
    const { getDb, resetDb } = await import('@/mocks/db');
    const { demoAsaas } = await import('@/mocks/asaas');
    const { entregar } = await import('@/mocks/jsvm/kit');
    resetDb();
    const charge = getDb().cobrancas.find((c) => c.asaas_id && c.status === 'CONFIRMED');
    demoAsaas().configure({ rateLimitNext: 1 });
    const event = { id: 'evt_sem_resposta', event: 'PAYMENT_CONFIRMED', payment: { id: charge?.asaas_id } };
    // Not a 200: Asaas delivers it again later.
    expect(entregar(event).status).not.toBe(200);
    expect(getDb().asaas_eventos.map((e) => e.evento_id)).not.toContain('evt_sem_resposta');
    expect(await entregar(event).json()).toMatchObject({ recebido: true });
    expect(getDb().asaas_eventos.map((e) => e.evento_id)).toContain('evt_sem_resposta');
  });
});
