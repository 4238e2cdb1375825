// The contract suite, booking day (issue #26): the same calls against the demo's stand-in and the real server,
// where the double used to decide by itself. The consulate edit, the appointments' refusals, the handling record
// and the consulate's cancellation are now the kit's shared decisions (lib/dia_comum.js), which both run: each
// case here failed on the double before it called them.
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import type { AtendimentoRecord } from '@/lib/api/booking-day';
import { resetDb } from '@/mocks/db';
import { DIA_SEED } from '../../demo-seed/processo-seed';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { answer, answerInFull, BACKENDS, signedIn } from './contract-backends';

const { MSG } = diaComum;
const NOT_A_LIST = 'As janelas devem ser uma lista.';

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();
  const as = (account: keyof typeof DEMO_ACCOUNTS) => signedIn(backend, account);
  const consulate = (pb: PocketBase, codigo: string) =>
    pb
      .collection('consulados')
      .getFirstListItem<{ id: string; codigo: string }>(pb.filter('codigo = {:codigo}', { codigo }));

  /** The ready case taken by staff, who record an attempt on it: staff's and its owner's clients. */
  const heldAndTried = async () => {
    const staff = await as('admin');
    const owner = await as('diaPronto');
    const bookingId = DIA_SEED.pronto.booking;
    await staff.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
    await staff
      .collection('tentativas_agendamento')
      .create({ agendamento: bookingId, resultado: 'sem_vagas', nota: 'Sem vagas às 9h.' });
    return { staff, owner, bookingId };
  };

  /** Staff's edit of São Paulo's consulate: what it answered, and the consulate as it was before. */
  const editSaoPaulo = async (body: Record<string, unknown>) => {
    const staff = await as('admin');
    const before = await consulate(staff, 'sao_paulo');
    const answered = await answerInFull(staff.collection('consulados').update(before.id, body));
    return { answered, before, after: await consulate(staff, 'sao_paulo') };
  };

  it('a consulate edit with two bad fields answers one 400 naming each, in pt-BR, and changes nothing', async () => {
    const { answered, before, after } = await editSaoPaulo({ codigo: 'outro_codigo', fuso: 'Marte/Olympus' });
    expect(answered).toMatchObject({
      status: 400,
      data: {
        codigo: { code: 'validation_forbidden', message: MSG.consuladoCodigo },
        fuso: { code: 'validation_invalid_fuso', message: MSG.fuso },
      },
    });
    expect(after).toEqual(before);
  });

  it('a consulate edit whose janelas text is not JSON is refused with the fields’ reasons, not a 500', async () => {
    // PocketBase stores such a text as a JSON string, which is not a list.
    const { answered, before, after } = await editSaoPaulo({
      janelas: '[{"dia": 1, "hora": ',
      fuso: 'Marte/Olympus',
    });
    expect(answered).toMatchObject({
      status: 400,
      data: {
        janelas: { code: 'validation_invalid_janelas', message: NOT_A_LIST },
        fuso: { code: 'validation_invalid_fuso', message: MSG.fuso },
      },
    });
    expect(after).toEqual(before);
  });

  it('an appointment that sets a field only the server writes is refused with its name', async () => {
    const staff = await as('admin');
    const form = new FormData();
    form.append('agendamento', DIA_SEED.agendado.booking);
    form.append('requerentes', 'demoreq00070001');
    form.append('data', '2026-12-15');
    form.append('hora', '10:00');
    form.append('confirmado_em', '2026-12-01 10:00:00.000Z');
    expect(await answer(staff.collection('compromissos').create(form))).toMatchObject({
      status: 400,
      message: 'Campo não permitido: confirmado_em.',
    });
  });

  it("an appointment naming another booking's applicant is refused, naming the field", async () => {
    const staff = await as('admin');
    const form = new FormData();
    form.append('agendamento', DIA_SEED.pronto.booking);
    form.append('requerentes', DIA_SEED.agendado.compromissos[0]?.requerentes[0] ?? '');
    form.append('data', '2026-12-15');
    form.append('hora', '10:00');
    expect(await answerInFull(staff.collection('compromissos').create(form))).toMatchObject({
      status: 400,
      data: { requerentes: { code: 'validation_invalid_value', message: MSG.requerenteDeOutro } },
    });
  });

  it.each([
    [
      'a note past its 300 characters',
      { resultado: 'sem_vagas', nota: 'x'.repeat(301) },
      {
        nota: {
          code: 'validation_max_text_constraint',
          message: 'Must be no more than 300 character(s).',
          params: { max: 300 },
        },
      },
    ],
    [
      'an outcome that is not one of the list',
      { resultado: 'constructor' },
      {
        resultado: {
          code: 'validation_invalid_value',
          message: 'Invalid value constructor.',
          params: { value: 'constructor' },
        },
      },
    ],
  ])('an attempt with %s is refused by PocketBase, not cut or stored', async (_, body, data) => {
    const staff = await as('admin');
    const attempts = () =>
      staff
        .collection('tentativas_agendamento')
        .getFullList({ filter: staff.filter('agendamento = {:a}', { a: DIA_SEED.pronto.booking }) });
    const before = (await attempts()).length;
    const answered = await answerInFull(
      staff.collection('tentativas_agendamento').create({ agendamento: DIA_SEED.pronto.booking, ...body }),
    );
    expect(answered).toEqual({ status: 400, message: 'Failed to create record.', data });
    expect(await attempts()).toHaveLength(before);
  });

  it.each([
    ['a move of the day', `/api/dia/${DIA_SEED.pronto.booking}/pedir`],
    ['an attempt', '/api/collections/tentativas_agendamento/records'],
  ])('%s whose body is not JSON gets PocketBase’s 400, before anything of its own', async (_, route) => {
    const staff = await as('admin');
    const call = staff.send(route, {
      method: 'POST',
      body: '{"tipo": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await answer(call)).toMatchObject({
      status: 400,
      message: 'Something went wrong while processing your request.',
    });
  });

  it("the booking's handling record, made by the first move, is at the booking's consulate", async () => {
    const staff = await as('admin');
    const bookingId = DIA_SEED.agendado.booking;
    const { consulado: codigo } = await staff
      .collection('agendamentos')
      .getOne<{ consulado: string }>(bookingId);
    expect(codigo).toBe('sao_paulo');
    const handling = await staff.send<{ consulado: string; responsavel: string }>(
      `/api/dia/${bookingId}/assumir`,
      { method: 'POST' },
    );
    expect(handling).toMatchObject({
      consulado: (await consulate(staff, codigo)).id,
      responsavel: DEMO_ACCOUNTS.admin.id,
    });
    await staff.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
  });

  it('who on staff holds a case or tried it is read by staff, never by its owner (dia_comum.js CAMPOS_DA_EQUIPE)', async () => {
    const { staff, owner, bookingId } = await heldAndTried();
    const mine = owner.filter('agendamento = {:id}', { id: bookingId });
    const handling = await owner.collection('atendimentos').getFirstListItem(mine);
    const attempts = await owner.collection('tentativas_agendamento').getFullList({ filter: mine });
    expect(attempts.length).toBeGreaterThan(0);
    for (const field of diaComum.CAMPOS_DA_EQUIPE.atendimentos) expect(handling).not.toHaveProperty(field);
    for (const attempt of attempts)
      for (const field of diaComum.CAMPOS_DA_EQUIPE.tentativas_agendamento)
        expect(attempt).not.toHaveProperty(field);
    const admin = DEMO_ACCOUNTS.admin.id;
    expect(await staff.collection('atendimentos').getFirstListItem(mine)).toMatchObject({
      responsavel: admin,
    });
    expect(
      await staff.collection('tentativas_agendamento').getFirstListItem(mine, { sort: '-created' }),
    ).toMatchObject({ autor: admin });
    await staff.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
  });

  it('the export holds the booking day too, as its owner reads it: the handling and attempts, without staff', async () => {
    const { staff, owner, bookingId } = await heldAndTried();
    const exported = await owner.send<Record<string, Record<string, unknown>[]>>('/api/conta/exportar', {});
    const mine = { filter: owner.filter('agendamento = {:id}', { id: bookingId }), sort: '-created' };
    const attempts = await owner.collection('tentativas_agendamento').getFullList(mine);
    const handling = await owner.collection('atendimentos').getFullList(mine);
    expect(attempts.length).toBeGreaterThan(0);
    expect(exported.tentativas?.map((t) => t.id)).toEqual(attempts.map((t) => t.id));
    expect(exported.tentativas?.[0]).toMatchObject({ resultado: 'sem_vagas', nota: 'Sem vagas às 9h.' });
    expect(exported.atendimentos?.map((a) => a.id)).toEqual(handling.map((a) => a.id));
    for (const key of ['compromissos', 'lembretes']) expect(Array.isArray(exported[key])).toBe(true);
    const text = JSON.stringify({ atendimentos: exported.atendimentos, tentativas: exported.tentativas });
    expect(text).not.toContain(DEMO_ACCOUNTS.admin.nome_completo);
    expect(text).not.toContain(DEMO_ACCOUNTS.admin.id);
    await staff.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
  });

  it("what was relayed to the case's holder is gone once they let it go ('Soltar'): taken again, it is asked again", async () => {
    const staff = await as('admin');
    const owner = await as('diaPronto');
    const bookingId = DIA_SEED.pronto.booking;
    const handling = await staff.send<{ id: string }>(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
    await staff.send(`/api/dia/${bookingId}/pedir`, { method: 'POST', body: { tipo: 'codigo' } });
    const relay = await owner
      .collection('retransmissoes')
      .create({ agendamento: bookingId, atendimento: handling.id, tipo: 'codigo', valor: '4' });
    await owner.collection('retransmissoes').update(relay.id, { valor: '482913', enviar: true });
    expect((await staff.collection('retransmissoes').getOne<{ valor: string }>(relay.id)).valor).toBe(
      '482913',
    );
    await staff.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
    await staff.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
    expect(
      await staff
        .collection('retransmissoes')
        .getFullList({ filter: staff.filter('id = {:id}', { id: relay.id }) }),
    ).toEqual([]);
    await staff.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
  });

  it("a code staff record as wrong or expired reads so on its owner's handling, never the code, until staff ask again", async () => {
    const staff = await as('admin');
    const owner = await as('diaPronto');
    const bookingId = DIA_SEED.pronto.booking;
    const handling = await staff.send<{ id: string }>(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
    const ask = () => staff.send(`/api/dia/${bookingId}/pedir`, { method: 'POST', body: { tipo: 'codigo' } });
    await ask();
    // As the standby page reads it: the owner's own handling, live (dia_comum.js estadoDoPedido).
    const mine = owner.filter('agendamento = {:id}', { id: bookingId });
    const own = () => owner.collection('atendimentos').getFirstListItem<AtendimentoRecord>(mine);
    expect(diaComum.estadoDoPedido(await own())).toBe('pedido');
    await owner
      .collection('retransmissoes')
      .create({ agendamento: bookingId, atendimento: handling.id, tipo: 'codigo', valor: '482913' });
    expect(diaComum.estadoDoPedido(await own())).toBe('recebido');
    await staff
      .collection('tentativas_agendamento')
      .create({ agendamento: bookingId, resultado: 'codigo_errado' });
    const refused = await own();
    expect(diaComum.estadoDoPedido(refused)).toBe('recusado');
    expect(refused.recusado_em).not.toBe('');
    expect(JSON.stringify(refused)).not.toContain('482913');
    expect(await owner.collection('retransmissoes').getFullList()).toEqual([]);
    // Asked again: the field again, nothing handed over since.
    await ask();
    expect(diaComum.estadoDoPedido(await own())).toBe('pedido');
    await staff.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
  });

  it("the consulate's cancellation: staff only, then a booking that exists, then one with an appointment", async () => {
    const cancel = (pb: PocketBase, id: string) =>
      answer(pb.send(`/api/agendamentos/${id}/cancelamento-consulado`, { method: 'POST', body: {} }));
    expect(await cancel(await as('diaFlex'), DIA_SEED.flex.booking)).toMatchObject({
      status: 403,
      message: MSG.apenasEquipe,
    });
    const staff = await as('admin');
    expect(await cancel(staff, 'naoexiste000000')).toMatchObject({
      status: 404,
      message: MSG.naoEncontrado,
    });
    // Ready to book, not booked: nothing to cancel.
    expect(await cancel(staff, DIA_SEED.pronto.booking)).toMatchObject({
      status: 400,
      message: MSG.semAtivo,
    });
  });
});
