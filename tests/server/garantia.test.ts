// The guarantee (issue #29 item 4; pocketbase/pb_hooks/lib/garantia.js), with the tier's server started with it on
// and 2 windows (global-setup: TEST_GARANTIA): a case ready to book is refunded in full, told why and closed after
// 2 windows of its consulate in which staff tried, not before, never twice, and not for windows in which the
// customer owed a correction, a document or the code; and, on a server of its own with it off, never.
import PocketBase from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import { DADOS_CURITIBA, PDF_BYTES } from '../../scripts/fixtures/processo-fixture.mjs';
import { TEST_GARANTIA } from '../../scripts/backend/real-backend.mjs';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import consulados from '../../pocketbase/pb_hooks/lib/consulados.json';
import {
  PB_URL,
  asaasCustomer,
  asaasRequests,
  cardRequest,
  failure,
  mailsTo,
  newCustomer,
  payByCard,
  ownServer,
  paidCustomer,
  superuser,
  type Customer,
} from './helpers';

const SP = { ...DADOS_CURITIBA, uf: 'SP', cidade: 'São Paulo', cep: '01310-100' };
const saoPaulo = consulados.consulados.find((c) => c.codigo === 'sao_paulo')!;
const SEMANA = 7 * 86_400_000;
/** São Paulo's window running now, and earlier ones (whole weeks before it: real window starts). */
const atual = janelas.janelaAnterior(saoPaulo.janelas, consulados.fuso, Date.now())!;
const passada = (semanas: number) => new Date(atual - semanas * SEMANA).toISOString().replace('T', ' ');

/** A paid customer's booking with an applicant under São Paulo's consulate, approved (ANALISE_OK). */
async function readyCase(admin: PocketBase, customer: Customer) {
  const booking = await customer.pb.collection('agendamentos').getFirstListItem('');
  await customer.pb
    .collection('requerentes')
    .create({ agendamento: booking.id, ...SP, nome: 'Ana', sobrenome: 'Rossi' });
  await admin.collection('agendamentos').update(booking.id, { status_agendamento: 'ANALISE_OK' });
  return booking.id;
}

/** An attempt recorded in a window already past (a superuser may set the window; staff may not). */
const attemptIn = (admin: PocketBase, agendamento: string, janela: string, resultado = 'sem_vagas') =>
  admin.collection('tentativas_agendamento').create({ agendamento, resultado, janela });

/** The cron's job, answered when done (POST /api/crons/garantia runs it in the background). */
const runCron = (admin: PocketBase) =>
  admin.send<{ estornados: string[] }>('/api/garantia/rodar', { method: 'POST' });

async function refundsAsked(paymentAsaasId: string) {
  return (await asaasRequests()).filter(
    (r) => r.method === 'POST' && r.path === `/v3/payments/${paymentAsaasId}/refund`,
  );
}

describe('with the guarantee on (2 windows)', () => {
  it('refunds in full after 2 windows tried, not before nor in the window running now, and never twice', async () => {
    const admin = await superuser();
    const staff = await newCustomer({ admin: true, nome_completo: 'Paula Garantia Lima' });
    const { customer, charge } = await paidCustomer();
    const id = await readyCase(admin, customer);
    expect(await (await fetch(`${PB_URL}/api/garantia`)).json()).toEqual({ ativa: true, janelas: 2 });

    // Staff cannot place an attempt in another window, nor mark it themselves.
    const forged = await failure(
      staff.pb
        .collection('tentativas_agendamento')
        .create({ agendamento: id, resultado: 'sem_vagas', janela: passada(3), garantia: 'conta' }),
    );
    expect(forged.status).toBe(400);

    await attemptIn(admin, id, passada(2));
    await attemptIn(admin, id, passada(2)); // a second attempt in the same window: still one window
    // Staff's attempt now falls in the window running now: counted, but that window is not over.
    const now = await staff.pb
      .collection('tentativas_agendamento')
      .create({ agendamento: id, resultado: 'sem_vagas' });
    expect(now).toMatchObject({ garantia: 'conta' });
    expect(Date.parse(now.janela.replace(' ', 'T'))).toBe(atual);
    await runCron(admin);
    expect((await admin.collection('agendamentos').getOne(id)).status_agendamento).toBe('ANALISE_OK');
    expect(await refundsAsked(charge.id)).toHaveLength(0);

    // A second window over: the refund, once, however often the job runs (at the same moment too).
    await attemptIn(admin, id, passada(1));
    const runs = await Promise.all([runCron(admin), runCron(admin), runCron(admin)]);
    expect(runs.flatMap((r) => r.estornados).filter((b) => b === id)).toEqual([id]);
    expect((await runCron(admin)).estornados).not.toContain(id);
    expect(await refundsAsked(charge.id)).toHaveLength(1);
    const booking = await admin.collection('agendamentos').getOne(id);
    expect(booking.status_agendamento).toBe('CANCELADO');
    const [payment] = await admin
      .collection('pagamentos')
      .getFullList({ filter: `usuario = "${customer.id}"` });
    expect(payment).toMatchObject({ valor_estornado: payment!.preco_servico });
    expect(payment!.garantia_estorno_em).not.toBe('');
    const history = await admin
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${id}"` });
    expect(JSON.stringify(history)).toMatch(
      /Garantia: 2 janelas de liberação de vagas tentadas sem agendamento/,
    );
    const [mail] = await mailsTo(customer.email, { subject: /Garantia: devolvemos o valor integral/ });
    expect(mail?.text).toMatch(
      /Tentamos agendar o seu atendimento em 2 janelas de liberação de vagas do consulado de São Paulo/,
    );
    expect(mail?.text).toMatch(/estorno integral de R\$ 699,00/);
  });

  it('does not count the windows in which the customer owed a correction, a document or the code', async () => {
    const admin = await superuser();
    const staff = await newCustomer({ admin: true, nome_completo: 'Rafael Garantia Costa' });
    const { customer, charge } = await paidCustomer();
    const id = await readyCase(admin, customer);
    const marks = async () =>
      (
        await admin
          .collection('tentativas_agendamento')
          .getFullList({ filter: `agendamento = "${id}"`, sort: 'created' })
      ).map((t) => t.garantia);

    // A correction owed (ANALISE_ERRO), then a refused document (sent back while in ANALISE_ERRO).
    await admin.collection('agendamentos').update(id, { status_agendamento: 'ANALISE_ERRO' });
    const [applicant] = await admin
      .collection('requerentes')
      .getFullList({ filter: `agendamento = "${id}"` });
    const doc = await admin.collection('documentos').create({
      agendamento: id,
      requerente: applicant!.id,
      item: 'foto',
      status: 'recusado',
      motivo: 'ilegivel',
      arquivos: [new File([PDF_BYTES], 'foto.pdf', { type: 'application/pdf' })],
    });
    await attemptIn(admin, id, passada(4));
    await admin.collection('agendamentos').update(id, { status_agendamento: 'ANALISE_OK' });
    await attemptIn(admin, id, passada(3));
    await admin.collection('documentos').update(doc.id, { status: 'aprovado' });

    // The code asked for and not handed over.
    await staff.pb.send(`/api/dia/${id}/assumir`, { method: 'POST' });
    await staff.pb.send(`/api/dia/${id}/pedir`, { method: 'POST', body: { tipo: 'codigo' } });
    await attemptIn(admin, id, passada(2));
    await runCron(admin);
    expect(await marks()).toEqual(['correcao', 'documentos', 'codigo']);
    expect((await admin.collection('agendamentos').getOne(id)).status_agendamento).toBe('ANALISE_OK');

    // Handed over: that window counts (one of two: still no refund).
    const atendimento = await admin.collection('atendimentos').getFirstListItem(`agendamento = "${id}"`);
    await customer.pb
      .collection('retransmissoes')
      .create({ agendamento: id, atendimento: atendimento.id, tipo: 'codigo', valor: '123456' });
    await attemptIn(admin, id, passada(1));
    await runCron(admin);
    expect((await marks()).at(-1)).toBe('conta');
    expect((await admin.collection('agendamentos').getOne(id)).status_agendamento).toBe('ANALISE_OK');
    expect(await refundsAsked(charge.id)).toHaveLength(0);
  });
});

describe('with the guarantee on: a code that opens nothing', () => {
  it('does not count the windows whose attempt ended on a wrong or expired code the customer handed over', async () => {
    const admin = await superuser();
    const staff = await newCustomer({ admin: true, nome_completo: 'Bruna Garantia Dias' });
    const { customer, charge } = await paidCustomer();
    const id = await readyCase(admin, customer);
    await staff.pb.send(`/api/dia/${id}/assumir`, { method: 'POST' });
    const atendimento = await admin.collection('atendimentos').getFirstListItem(`agendamento = "${id}"`);
    // In each of two windows: the code asked, six digits handed over, and the portal refused them.
    for (const semanas of [2, 1]) {
      await staff.pb.send(`/api/dia/${id}/pedir`, { method: 'POST', body: { tipo: 'codigo' } });
      await customer.pb
        .collection('retransmissoes')
        .create({ agendamento: id, atendimento: atendimento.id, tipo: 'codigo', valor: '000000' });
      await attemptIn(admin, id, passada(semanas), 'codigo_errado');
    }
    await runCron(admin);
    const attempts = await admin
      .collection('tentativas_agendamento')
      .getFullList({ filter: `agendamento = "${id}"`, sort: 'created' });
    expect(attempts.map((t) => [t.resultado, t.garantia])).toEqual([
      ['codigo_errado', 'codigo'],
      ['codigo_errado', 'codigo'],
    ]);
    expect((await admin.collection('agendamentos').getOne(id)).status_agendamento).toBe('ANALISE_OK');
    expect(await refundsAsked(charge.id)).toHaveLength(0);
    // The owner reads the attempt and the kit's words for it in the history.
    const own = await customer.pb.collection('tentativas_agendamento').getFullList();
    expect(own.map((t) => t.resultado)).toEqual(['codigo_errado', 'codigo_errado']);
  });
});

describe('with the guarantee off', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it('says so, and no case is refunded however many windows were tried', async () => {
    // The number without the switch: still off.
    const {
      url,
      admin,
      customer,
      stop: stopServer,
    } = await ownServer({ ...TEST_GARANTIA, GARANTIA_ATIVA: '' });
    stop = stopServer;
    expect(await (await fetch(`${url}/api/garantia`)).json()).toEqual({ ativa: false, janelas: 0 });
    const charge = await payByCard(customer, cardRequest(await asaasCustomer(customer), customer));
    const id = await readyCase(admin, customer);
    for (const semanas of [3, 2, 1]) await attemptIn(admin, id, passada(semanas));
    await runCron(admin);
    const attempts = await admin.collection('tentativas_agendamento').getFullList();
    expect(attempts.map((t) => t.garantia)).toEqual(['fora', 'fora', 'fora']);
    expect((await admin.collection('agendamentos').getOne(id)).status_agendamento).toBe('ANALISE_OK');
    expect(await refundsAsked(charge.id)).toHaveLength(0);
  });
});
