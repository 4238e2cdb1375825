// Booking day on a real PocketBase (issue #27): the relay of the Prenot@mi password and code (the owner writes,
// the staff member holding the case reads, nobody else by list, view, filter, expand or realtime; gone after
// its lifetime, from the data files too; never in the history, logs, e-mails or export), the applicants' own
// Prenot@mi contacts, attempts and appointments written by staff only, and the consulates' edits in history.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import {
  PB_URL,
  client,
  failure,
  mailsTo,
  newCustomer,
  paidCustomer,
  superuser,
  type Customer,
} from './helpers';
import { DADOS_CURITIBA, PDF_BYTES } from '../../scripts/fixtures/processo-fixture.mjs';
import { subscribeRealtime } from '../../scripts/backend/realtime-client.mjs';

const DATA_DIR = inject('dataDir');

let owner: Customer;
let other: Customer;
let holder: Customer;
let otherStaff: Customer;
let visitor: PocketBase;
let bookingId: string;
let applicants: RecordModel[];

const SP = { ...DADOS_CURITIBA, uf: 'SP', cidade: 'São Paulo', cep: '01310-100' };

/** A live SSE connection to PocketBase's realtime API, subscribed to `topic` as `pb`'s user (or a visitor). */
async function realtime(pb: PocketBase | null, topic: string) {
  const events: { name: string; data: { action: string; record: Record<string, unknown> } }[] = [];
  const { status, close } = await subscribeRealtime(PB_URL, pb?.authStore.token ?? '', topic, (event) =>
    events.push(event),
  );
  expect(status).toBe(204);
  return { events, close };
}

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How often `text` occurs in each file of the server's data directory (data.db, its WAL, the logs' db). */
function inEachDataFile(text: string): Record<string, number> {
  const needle = Buffer.from(text);
  const counts: Record<string, number> = {};
  for (const name of readdirSync(DATA_DIR)) {
    const file = path.join(DATA_DIR, name);
    if (!/\.db(-wal|-shm)?$/.test(name)) continue;
    const bytes = readFileSync(file);
    for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1))
      counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** How often `text` occurs in all the server's data files. */
const inDataFiles = (text: string): number => Object.values(inEachDataFile(text)).reduce((a, b) => a + b, 0);

const pedir = (pb: PocketBase, tipo: string) =>
  pb.send(`/api/dia/${bookingId}/pedir`, { method: 'POST', body: { tipo } });

async function atendimento() {
  return (await superuser()).collection('atendimentos').getFirstListItem(`agendamento = "${bookingId}"`);
}

beforeAll(async () => {
  owner = (await paidCustomer({ tipo: 'familiar' })).customer;
  other = (await paidCustomer()).customer;
  holder = await newCustomer({ admin: true, nome_completo: 'Paula Atendente Lima' });
  otherStaff = await newCustomer({ admin: true, nome_completo: 'Rafael Outro Costa' });
  visitor = client();
  bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  applicants = [
    await owner.pb
      .collection('requerentes')
      .create({ agendamento: bookingId, ...SP, nome: 'Ana', sobrenome: 'Rossi' }),
    await owner.pb
      .collection('requerentes')
      .create({ agendamento: bookingId, ...SP, nome: 'Luca', sobrenome: 'Rossi' }),
  ];
  // The case approved (the review is issue #20's, tested there): straight to ANALISE_OK.
  await (await superuser())
    .collection('agendamentos')
    .update(bookingId, { status_agendamento: 'ANALISE_OK' });
});

describe('the consulates', () => {
  it('are seeded with what is known, unknown stated, and staff edits go into their history', async () => {
    const all = await owner.pb.collection('consulados').getFullList({ sort: 'codigo' });
    expect(all.map((c) => c.codigo)).toEqual([
      'belo_horizonte',
      'brasilia',
      'curitiba',
      'porto_alegre',
      'recife',
      'rio_de_janeiro',
      'sao_paulo',
    ]);
    const sp = all.find((c) => c.codigo === 'sao_paulo')!;
    // The migration's windows, and the one the demo's seed added (the global setup: seed.mjs seedDemo, as
    // demo-seed/dia.ts seedDia), 10 minutes after it ran.
    expect(sp.janelas).toEqual([
      { dia: 1, hora: '16:00', servico: 'Primeiro passaporte' },
      { dia: 2, hora: '16:00', servico: 'Renovação' },
      { dia: expect.any(Number), hora: expect.stringMatching(/^\d\d:\d\d$/), servico: 'Demonstração' },
    ]);
    expect(sp).toMatchObject({ canal: 'prenotami', modo_familia: 'individual', fuso: 'America/Sao_Paulo' });
    expect(sp.fonte).toMatch(/italianismo/);
    const rio = all.find((c) => c.codigo === 'rio_de_janeiro')!;
    expect(rio).toMatchObject({ janelas_estado: 'desconhecidas', janelas: [], confirmacao: 'desconhecido' });

    // Customers and visitors cannot edit; a bad window is refused in pt-BR.
    expect((await failure(owner.pb.collection('consulados').update(sp.id, { endereco: 'x' }))).status).toBe(
      404,
    );
    expect((await failure(visitor.collection('consulados').getOne(sp.id))).status).toBe(404);
    const bad = await failure(
      holder.pb.collection('consulados').update(sp.id, { janelas: [{ dia: 9, hora: '16:00' }] }),
    );
    expect(bad.response.data.janelas.message).toBe('Janela 1: escolha o dia da semana.');

    await holder.pb
      .collection('consulados')
      .update(sp.id, { endereco: 'Av. Paulista, 1963', verificado_em: '2026-11-26' });
    const history = await holder.pb
      .collection('historico_consulados')
      .getFullList({ filter: `consulado = "${sp.id}" && autor = "${holder.id}"` });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ autor: holder.id, autor_nome: 'Paula Atendente Lima' });
    expect(history[0]!.alteracoes).toEqual([{ campo: 'endereco', de: '', para: 'Av. Paulista, 1963' }]);
    expect(await owner.pb.collection('historico_consulados').getFullList()).toEqual([]);
  });
});

describe("the applicants' own Prenot@mi accounts", () => {
  it("refuses the company's contacts and another applicant's, and leaves the state to staff", async () => {
    const [ana, luca] = applicants as [RecordModel, RecordModel];
    await owner.pb
      .collection('requerentes')
      .update(ana.id, { prenotami_email: 'Ana.Rossi@Exemplo.com.br', prenotami_celular: '(11) 91234-5678' });
    const company = await failure(
      owner.pb.collection('requerentes').update(luca.id, { prenotami_email: holder.email }),
    );
    expect(company.response.data.prenotami_email.message).toMatch(/^Este é um contato da nossa empresa/);
    const same = await failure(
      owner.pb
        .collection('requerentes')
        .update(luca.id, { prenotami_email: 'ana.rossi@exemplo.com.br', prenotami_celular: '11 91234-5678' }),
    );
    expect(same.response.data.prenotami_email.message).toMatch(/^Este e-mail já é de outro requerente/);
    expect(same.response.data.prenotami_celular.message).toMatch(/^Este celular já é de outro requerente/);
    const state = await failure(
      owner.pb.collection('requerentes').update(luca.id, { prenotami_estado: 'verificada' }),
    );
    expect(state.response.data.prenotami_estado.message).toBe(
      'O estado da conta do Prenot@mi é mantido pela nossa equipe.',
    );
    expect(
      (
        await failure(
          owner.pb.send(`/api/dia/requerentes/${luca.id}/prenotami`, {
            method: 'POST',
            body: { estado: 'criada' },
          }),
        )
      ).status,
    ).toBe(403);
    await holder.pb.send(`/api/dia/requerentes/${ana.id}/prenotami`, {
      method: 'POST',
      body: { estado: 'verificada' },
    });
    expect(await owner.pb.collection('requerentes').getOne(ana.id)).toMatchObject({
      prenotami_email: 'ana.rossi@exemplo.com.br',
      prenotami_celular: '11912345678',
      prenotami_estado: 'verificada',
    });
  });
});

describe('the relay', () => {
  it('is written by the owner only while asked, read by the holder only, live to them at once', async () => {
    // Nothing asked yet: the owner cannot write; staff who do not hold the case cannot ask.
    const at0 = await owner.pb.send<RecordModel>(`/api/dia/${bookingId}/pronto`, { method: 'POST' });
    expect(at0.pronto).toBe(true);
    expect((await failure(pedir(holder.pb, 'codigo'))).status).toBe(403);
    const assumed = await holder.pb.send<RecordModel>(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
    expect(assumed.responsavel_nome).toBe('Paula Atendente Lima');
    const taken = await failure(otherStaff.pb.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' }));
    expect([taken.status, taken.message]).toEqual([409, 'Este caso já está com Paula Atendente Lima.']);
    expect(
      (
        await failure(
          owner.pb
            .collection('retransmissoes')
            .create({ agendamento: bookingId, atendimento: at0.id, tipo: 'codigo', valor: '1' }),
        )
      ).status,
    ).toBe(400);

    // The customer's page hears the request at once; staff hear the keystrokes.
    const standby = await realtime(owner.pb, `atendimentos/${at0.id}`);
    const holderFeed = await realtime(holder.pb, 'retransmissoes/*');
    const otherStaffFeed = await realtime(otherStaff.pb, 'retransmissoes/*');
    const otherFeed = await realtime(other.pb, 'retransmissoes/*');
    const visitorFeed = await realtime(null, 'retransmissoes/*');
    await pedir(holder.pb, 'codigo');
    const asked = await until(
      () => standby.events,
      (e) => e.some((x) => x.data.record?.pedido === 'codigo'),
    );
    expect(asked.some((x) => x.data.record?.pedido === 'codigo')).toBe(true);

    // A code found nowhere in the data files yet (six digits also occur in CPFs, phones, timestamps).
    let code = '';
    do code = String(100000 + Math.floor(Math.random() * 899999));
    while (inDataFiles(code) > 0);
    const relay = await owner.pb
      .collection('retransmissoes')
      .create({ agendamento: bookingId, atendimento: at0.id, tipo: 'codigo', valor: code.slice(0, 1) });
    // A client cannot lengthen its life, nor move it.
    expect(
      (
        await failure(
          owner.pb.collection('retransmissoes').update(relay.id, { expira_em: '2099-01-01 00:00:00.000Z' }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await failure(owner.pb.collection('retransmissoes').update(relay.id, { valor: '12a' }))).response.data
        .valor.message,
    ).toBe('O código tem 6 números.');
    for (let n = 2; n <= 6; n++)
      await owner.pb.collection('retransmissoes').update(relay.id, { valor: code.slice(0, n) });
    const seen = await until(
      () => holderFeed.events,
      (e) => e.some((x) => x.data.record?.valor === code),
    );
    expect(seen.some((x) => x.data.record?.valor === code)).toBe(true);
    expect((await holder.pb.collection('retransmissoes').getOne(relay.id)).valor).toBe(code);
    // Typed, saved and relayed, the code is in no request log: PocketBase writes its logs every 3 s, and logs a
    // request's address, never its body. (The filter probes below put the code in their own addresses, so the
    // logs are checked here, before them.)
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(Object.keys(inEachDataFile(code)).filter((name) => name.startsWith('auxiliary'))).toEqual([]);

    // Nobody else: not the owner reading back, another customer, other staff, a visitor; not by filter or expand.
    for (const pb of [owner.pb, other.pb, otherStaff.pb, visitor]) {
      expect(await pb.collection('retransmissoes').getFullList()).toEqual([]);
      expect(await pb.collection('retransmissoes').getFullList({ filter: `valor = "${code}"` })).toEqual([]);
      expect((await failure(pb.collection('retransmissoes').getOne(relay.id))).status).toBe(404);
      // Through a back-relation, not even asked: refused (lib/consulta_comum.js).
      const viaBooking = await failure(
        pb.collection('agendamentos').getFullList({
          filter: `retransmissoes_via_agendamento.valor ?= "${code}"`,
          expand: 'retransmissoes_via_agendamento',
        }),
      );
      expect(viaBooking.status).toBe(400);
      expect(
        await pb
          .collection('agendamentos')
          .getFullList({ expand: 'retransmissoes_via_agendamento', fields: 'id,expand' })
          .then((rows) => JSON.stringify(rows)),
      ).not.toContain(code);
    }
    const ownBooking = await owner.pb.collection('agendamentos').getOne(bookingId, {
      expand: 'retransmissoes_via_agendamento,atendimentos_via_agendamento',
    });
    expect(JSON.stringify(ownBooking)).not.toContain(code);
    expect(
      JSON.stringify(otherStaffFeed.events) +
        JSON.stringify(otherFeed.events) +
        JSON.stringify(visitorFeed.events),
    ).not.toContain(code);

    // Several codes in one attempt: asked again, a second one.
    await pedir(holder.pb, 'codigo');
    const second = await owner.pb
      .collection('retransmissoes')
      .create({ agendamento: bookingId, atendimento: at0.id, tipo: 'codigo', valor: '654321' });
    expect((await holder.pb.collection('retransmissoes').getOne(second.id)).valor).toBe('654321');

    // Gone after its lifetime (3 s on this server, 600 in production): never served, then out of the data files.
    const gone = await until(
      () => holder.pb.collection('retransmissoes').getFullList(),
      (list) => !list.some((r) => r.id === relay.id),
    );
    expect(gone.some((r) => r.id === relay.id)).toBe(false);
    expect(
      (await failure(owner.pb.collection('retransmissoes').update(relay.id, { valor: '1' }))).status,
    ).toBe(404);
    // The cron's run answers at once and runs apart: wait for its work. While a reader holds the WAL, the
    // truncation is tried again for a few seconds, then on the next runs (every minute): up to 150 s here, on a
    // busy machine, with a run fired every 20 s (runs fired every second instead contend with each other's
    // checkpoints).
    const su = await superuser();
    let fired = 0;
    // The data file and its WAL, where the kit kept it (the logs now hold the filter probes' own addresses).
    const inData = () =>
      Object.entries(inEachDataFile(code))
        .filter(([name]) => name.startsWith('data.db'))
        .reduce((sum, [, n]) => sum + n, 0);
    const left = await until(
      async () => {
        if (Date.now() - fired > 20_000) {
          fired = Date.now();
          await su.crons.run('dia_agendamento');
        }
        return inData();
      },
      (n) => n === 0,
      150_000,
    );
    expect(left, JSON.stringify(inEachDataFile(code))).toBe(0);
    expect(await su.collection('retransmissoes').getFullList({ filter: `id = "${relay.id}"` })).toEqual([]);
    for (const feed of [standby, holderFeed, otherStaffFeed, otherFeed, visitorFeed]) feed.close();

    // Never in the history, the logs, an e-mail or the export; the history says when it came.
    const history = await holder.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    const lines = JSON.stringify(history);
    expect(lines).not.toContain(code);
    expect(lines).toMatch(/código recebido às \d\d:\d\d:\d\d/);
    const logs = await su.logs.getList(1, 200, { sort: '-created' });
    expect(JSON.stringify(logs)).not.toContain(code);
    expect(JSON.stringify(await mailsTo(owner.email, { count: 99, timeoutMs: 200 }))).not.toContain(code);
    expect(JSON.stringify(await owner.pb.send('/api/conta/exportar', {}))).not.toContain(code);
  }, 240_000);

  it('relays the password the same way and deletes its bytes', async () => {
    const at = await atendimento();
    await pedir(holder.pb, 'senha');
    const secret = `Prenotami-${Date.now().toString(36)}-Segredo`;
    const relay = await owner.pb
      .collection('retransmissoes')
      .create({ agendamento: bookingId, atendimento: at.id, tipo: 'senha', valor: secret.slice(0, 5) });
    await owner.pb.collection('retransmissoes').update(relay.id, { valor: secret, enviar: true });
    expect((await holder.pb.collection('retransmissoes').getOne(relay.id)).valor).toBe(secret);
    // A code is refused while the password is asked.
    expect(
      (
        await failure(
          owner.pb
            .collection('retransmissoes')
            .create({ agendamento: bookingId, atendimento: at.id, tipo: 'codigo', valor: '1' }),
        )
      ).status,
    ).toBe(409);
    await until(
      () => holder.pb.collection('retransmissoes').getFullList(),
      (list) => list.length === 0,
    );
    await (await superuser()).crons.run('dia_agendamento');
    expect(
      await until(
        () => inDataFiles(secret),
        (n) => n === 0,
      ),
    ).toBe(0);
    expect(inDataFiles(secret.slice(0, 5) + '-')).toBe(0);
    const history = await holder.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    expect(JSON.stringify(history)).toMatch(/senha recebida às \d\d:\d\d:\d\d/);
  });
});

describe('attempts and appointments', () => {
  it('are written by staff only; every applicant booked makes it AGENDADO with the earliest', async () => {
    const attempt = { agendamento: bookingId, resultado: 'sem_vagas' };
    for (const pb of [owner.pb, other.pb, visitor]) {
      expect(
        (await failure(pb.collection('tentativas_agendamento').create(attempt))).status,
      ).toBeGreaterThanOrEqual(400);
      expect(
        (
          await failure(
            pb.collection('compromissos').create({
              agendamento: bookingId,
              requerentes: [applicants[0]!.id],
              data: '2026-12-10',
              hora: '09:00',
            }),
          )
        ).status,
      ).toBeGreaterThanOrEqual(400);
    }
    const outro = await failure(
      holder.pb.collection('tentativas_agendamento').create({ agendamento: bookingId, resultado: 'outro' }),
    );
    expect(outro.response.data.nota.message).toBe('Descreva o que aconteceu.');
    await holder.pb.collection('tentativas_agendamento').create(attempt);
    const seen = await owner.pb.collection('tentativas_agendamento').getFullList();
    expect(seen).toHaveLength(1);
    // Who tried is staff's to know (ataque-equipe.test.ts): the owner reads the attempt, staff its author.
    expect(seen[0]).toMatchObject({ resultado: 'sem_vagas' });
    expect(seen[0]).not.toHaveProperty('autor_nome');
    expect(
      await holder.pb.collection('tentativas_agendamento').getFirstListItem(`agendamento = "${bookingId}"`),
    ).toMatchObject({ autor_nome: 'Paula Atendente Lima' });
    expect(await other.pb.collection('tentativas_agendamento').getFullList()).toEqual([]);

    const [ana, luca] = applicants as [RecordModel, RecordModel];
    const pdf = new File([PDF_BYTES], 'confirmacao.pdf', { type: 'application/pdf' });
    await holder.pb.collection('compromissos').create({
      agendamento: bookingId,
      requerentes: [luca.id],
      data: '2026-12-15',
      hora: '10:30',
      codigo_portal: 'SP-2',
      comprovante: pdf,
    });
    expect((await owner.pb.collection('agendamentos').getOne(bookingId)).status_agendamento).toBe(
      'ANALISE_OK',
    );
    const first = await holder.pb.collection('compromissos').create({
      agendamento: bookingId,
      requerentes: [ana.id],
      data: '2026-12-10',
      hora: '09:00',
      codigo_portal: 'SP-1',
      comprovante: pdf,
    });
    expect(first.local).toBe('Consulado-Geral da Itália em São Paulo, Av. Paulista, 1963');
    const booking = await owner.pb.collection('agendamentos').getOne(bookingId);
    expect(booking).toMatchObject({
      status_agendamento: 'AGENDADO',
      hora_agendamento: '09:00',
      local_agendamento: first.local,
    });
    expect(booking.data_agendamento).toMatch(/^2026-12-10/);
    const [mail] = await mailsTo(owner.email, { subject: /agendamento foi concluído/ });
    expect(mail?.html).toContain('Ana Rossi:</strong> 10/12/2026 às 09:00');
    expect(mail?.html).toContain('Luca Rossi:</strong> 15/12/2026 às 10:30');

    // The confirmation is protected: the owner downloads it with a file token; another customer cannot.
    const url = (token: string) =>
      `${PB_URL}/api/files/compromissos/${first.id}/${first.comprovante}?token=${token}`;
    expect((await fetch(url(await owner.pb.files.getToken()))).status).toBe(200);
    expect((await fetch(url(await other.pb.files.getToken()))).status).toBe(404);
    expect((await fetch(url(''))).status).toBe(404);
  });
});

describe('the standby e-mail', () => {
  it('goes a set time before a window (PRONTIDAO_ANTECEDENCIA_MIN, 30), once per window', async () => {
    const ready = (await paidCustomer()).customer;
    const id = (await ready.pb.collection('agendamentos').getFirstListItem('')).id;
    await ready.pb
      .collection('requerentes')
      .create({ agendamento: id, ...SP, nome: 'Bia', sobrenome: 'Neri' });
    const su = await superuser();
    await su.collection('agendamentos').update(id, { status_agendamento: 'ANALISE_OK' });
    const sp = await su.collection('consulados').getFirstListItem("codigo = 'sao_paulo'");
    // A window `min` minutes from now, as São Paulo's clock says it (UTC-3, no summer time).
    const windowIn = (min: number) => {
      const local = new Date(Date.now() + min * 60000 - 3 * 3600000);
      return [{ dia: local.getUTCDay(), hora: local.toISOString().slice(11, 16), servico: 'Teste' }];
    };
    try {
      // 45 minutes away: beyond the 30-minute lead, nobody is told yet.
      await holder.pb.collection('consulados').update(sp.id, { janelas: windowIn(45) });
      await su.crons.run('dia_agendamento');

      // The customer, on the page already, says "Estou pronto" before the notice: it holds for this window.
      await ready.pb.send(`/api/dia/${id}/pronto`, { method: 'POST' });

      // 20 minutes away: told once, however often the cron runs, even three runs at the same moment (the
      // minute's own run can coincide with a superuser's).
      await holder.pb.collection('consulados').update(sp.id, { janelas: windowIn(20) });
      await Promise.all([1, 2, 3].map(() => su.crons.run('dia_agendamento')));
      await su.crons.run('dia_agendamento');
      const [mail, ...more] = await mailsTo(ready.email, { subject: /^Fique de prontidão/ });
      expect(more).toEqual([]);
      expect(mail!.subject).toMatch(
        /^Fique de prontidão: (hoje|em \d\d\/\d\d\/\d{4}) às \d\d:\d\d tentaremos agendar$/,
      );
      await su.crons.run('dia_agendamento');
      // Waits up to 1.5 s for a second one (from the 45-minute run or a repeat): there is none.
      expect(
        await mailsTo(ready.email, { subject: /^Fique de prontidão/, count: 2, timeoutMs: 1500 }),
      ).toHaveLength(1);
      const handling = await su.collection('atendimentos').getFirstListItem(`agendamento = "${id}"`);
      expect(handling.aviso_em).not.toBe('');
      expect(handling.pronto).toBe(true);
      expect(Date.parse(handling.janela.replace(' ', 'T')) - Date.now()).toBeGreaterThan(18 * 60000);
    } finally {
      await holder.pb.collection('consulados').update(sp.id, { janelas: sp.janelas });
    }
  });
});
