// The real backend seeded as `npm run backend` seeds it (scripts/backend/seed.mjs seedDemo, which the global setup
// runs) holds the demo's booking day (demo-seed/dia.ts seedDia), as README's demo-accounts table says: each
// dia.* account reads its own handling, attempts and appointments through the collections' rules, as the app reads
// them. Other files move these cases (take, ask, cancel), so this checks what they never change: which records
// exist, whose they are and what was seeded in them.
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import { DIA_SEED } from '../../demo-seed/processo-seed';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import { buildSeed, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';
import { asaasPayments, client, superuser } from './helpers';

async function as(account: keyof typeof DEMO_ACCOUNTS): Promise<PocketBase> {
  const pb = client();
  await pb.collection('usuarios').authWithPassword(DEMO_ACCOUNTS[account].email, DEMO_PASSWORD);
  return pb;
}

const own = (pb: PocketBase, collection: string, booking: string) =>
  pb
    .collection(collection)
    .getFullList({ filter: pb.filter('agendamento = {:b}', { b: booking }), sort: 'created' });

const consulate = async (pb: PocketBase, id: string) =>
  (await pb.collection('consulados').getOne<{ codigo: string }>(id)).codigo;

/**
 * yyyy-mm-dd, `n` São Paulo days from when the server was seeded (as the seed dates its appointments:
 * processo-seed.ts demoDay), which is an hour after the seeded records' `created` (dia.ts seedDia): a run
 * across São Paulo's midnight would otherwise expect the next day.
 */
const inDays = (n: number, seeded: Record<string, unknown> | undefined) =>
  prazo.diaSaoPaulo(Date.parse(String(seeded?.created).replace(' ', 'T')) + 3_600_000 + n * 86_400_000);

describe('the seeded booking day (README: demo accounts)', () => {
  it('dia.pronto: its case on standby at São Paulo, with the attempt of the window before', async () => {
    const pb = await as('diaPronto');
    const [handling] = await own(pb, 'atendimentos', DIA_SEED.pronto.booking);
    expect(handling).toMatchObject({ id: `at${DIA_SEED.pronto.booking.slice(2)}` });
    expect(await consulate(pb, String(handling?.consulado))).toBe('sao_paulo');
    const attempts = await own(pb, 'tentativas_agendamento', DIA_SEED.pronto.booking);
    expect(attempts[0]).toMatchObject({ resultado: 'sem_vagas' });
    // Marked as the kit marks an attempt: the window it fell in, and the guarantee as this server has it (on).
    expect(attempts[0]?.janela).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:00\.000Z$/);
    expect(attempts[0]?.garantia).toBe('conta');
  });

  it('dia.codigo: its handling, where staff asked for the code', async () => {
    const pb = await as('diaCodigo');
    const [handling] = await own(pb, 'atendimentos', DIA_SEED.codigo.booking);
    expect(handling).toMatchObject({ id: `at${DIA_SEED.codigo.booking.slice(2)}` });
    expect(handling?.pedido_em).not.toBe('');
    // Who on staff holds it is staff's to read (dia_comum.js CAMPOS_DA_EQUIPE).
    for (const field of diaComum.CAMPOS_DA_EQUIPE.atendimentos) expect(handling).not.toHaveProperty(field);
  });

  it('dia.compromisso: two attempts, and the appointment made, with its proof', async () => {
    const pb = await as('diaAgendado');
    const { booking, tentativas, compromissos } = DIA_SEED.agendado;
    const attempts = await own(pb, 'tentativas_agendamento', booking);
    expect(attempts.slice(0, 2).map((t) => [t.resultado, t.created])).toEqual(
      tentativas.map((t) => [t.resultado, t.created]),
    );
    const [appointment] = await own(pb, 'compromissos', booking);
    const { comprovante, ...seeded } = compromissos[0]!;
    expect(appointment).toMatchObject(seeded);
    expect(await consulate(pb, String(appointment?.consulado))).toBe('sao_paulo');
    // A protected file, read with the owner's file token (as src/lib/api/case-file.ts reads one).
    const token = await pb.files.getToken();
    const proof = await fetch(pb.files.getURL(appointment!, String(appointment?.comprovante), { token }));
    expect([proof.status, appointment?.comprovante]).toEqual([200, expect.stringMatching(/\.pdf$/)]);
    expect(comprovante).toMatch(/\.pdf$/);
    // The booking's copy of its appointment, as the kit writes it (lib/dia.js atualizarAgendamento; other files
    // move the case on from AGENDADO).
    const copy = await pb.collection('agendamentos').getOne(booking);
    expect(copy.data_agendamento).toMatch(new RegExp(`^${seeded.data}`));
    expect(copy).toMatchObject({ hora_agendamento: seeded.hora, local_agendamento: seeded.local });
  });

  it('dia.confirmar: its appointment at Curitiba in 7 days, a consulate that asks for the confirmation', async () => {
    const pb = await as('diaConfirmar');
    const { booking, dias, hora, requerente } = DIA_SEED.confirmar;
    const [appointment] = await own(pb, 'compromissos', booking);
    expect(appointment).toMatchObject({ data: inDays(dias, appointment), hora, requerentes: [requerente] });
    const curitiba = await pb
      .collection('consulados')
      .getOne<{ codigo: string; confirmacao: string }>(String(appointment?.consulado));
    expect(curitiba).toMatchObject({ codigo: 'curitiba', confirmacao: 'sim' });
  });

  it('dia.flex: its appointment at São Paulo in 20 days', async () => {
    const pb = await as('diaFlex');
    const { booking, dias, hora, requerente } = DIA_SEED.flex;
    const [appointment] = await own(pb, 'compromissos', booking);
    expect(appointment).toMatchObject({ data: inDays(dias, appointment), hora, requerentes: [requerente] });
    expect(await consulate(pb, String(appointment?.consulado))).toBe('sao_paulo');
  });

  it("another customer reads none of them; staff read every one, and São Paulo's demo window", async () => {
    const other = await as('cliente');
    for (const collection of ['atendimentos', 'tentativas_agendamento', 'compromissos'])
      expect(await own(other, collection, DIA_SEED.pronto.booking)).toEqual([]);
    const staff = await as('admin');
    expect((await staff.collection('compromissos').getFullList()).map((c) => c.agendamento)).toEqual(
      expect.arrayContaining([DIA_SEED.agendado.booking, DIA_SEED.confirmar.booking, DIA_SEED.flex.booking]),
    );
    const sp = await staff
      .collection('consulados')
      .getFirstListItem<{ janelas: { servico: string }[] }>('codigo = "sao_paulo"');
    expect(sp.janelas.map((j) => j.servico)).toContain('Demonstração');
  });
});

describe("the seeded orders at Asaas (README: 'npm run backend')", () => {
  it("every seeded charge is in the stand-in's books as paid, for its value, so staff can refund a seeded order", async () => {
    const staff = await superuser();
    const charges = await staff
      .collection('cobrancas')
      .getFullList<{ asaas_id: string; status: string; valor: number; parcelas: number }>({
        filter: 'asaas_id != ""',
      });
    const ids = new Set(buildSeed().cobrancas.map((c) => c.asaas_id));
    const seeded = charges.filter((c) => ids.has(c.asaas_id));
    expect(seeded.length).toBeGreaterThan(10);
    const held = await asaasPayments();
    for (const charge of seeded) {
      expect(held.find((p) => p.id === charge.asaas_id)).toMatchObject({
        id: charge.asaas_id,
        status: charge.status,
        value: comum.parcelamento(charge.valor, charge.parcelas).valor,
      });
    }
  });
});
