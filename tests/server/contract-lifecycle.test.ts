// The contract suite, whole journeys: the same calls against the demo's stand-in and the real server, from
// registration to a refund. Prices, statuses, subjects and texts come from the rulebook both load
// (pocketbase/pb_hooks/lib/regras.json), so a rule changed on one side only fails here.
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import estornoComum from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import { resetDb } from '@/mocks/db';
import { excessoDeArquivos, REGRAS } from '@/lib/processo';
import limites from '../../pocketbase/pb_hooks/lib/limites.json';
import { DIA_SEED } from '../../demo-seed/processo-seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';
import { answer, answerInFull, BACKENDS, type Backend } from './contract-backends';
import { DADOS_CURITIBA, PDF_BYTES } from '../../scripts/fixtures/processo-fixture.mjs';
import { CARDS, nextCpf } from './helpers';

const POLL = { timeout: 20_000, interval: 100 };
const DAY_MS = 86_400_000;
/** São Paulo's day `days` before today, 00:01 there (03:01 UTC): a payment made just after midnight. */
const spDayStart = (days: number): string => {
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  return `${new Date(Date.parse(`${today}T03:01:00.000Z`) - days * DAY_MS).toISOString()}`;
};
const own = (pb: PocketBase, collection: string) => pb.collection(collection).getFullList();
/** The plain text the kit sends of an e-mail in its words (email_texto.js), as the mails' captures read it. */
const plainText = (message: { paragrafos: string[] }) => emailTexto.textoDoEmail(message.paragrafos);
/** A mail's text without the app's address before a link to a booking: the kit's is APP_URL, the demo's its own. */
const withoutAppUrl = (text: string) => text.replace(/https?:\/\/[^\s/]+(?=\/booking-details\/)/g, '');
const NOME = 'Cliente do Contrato Souza';
let counter = 0;

/** Registers a customer, follows the e-mailed link and logs in: the journey of every buyer. */
async function registered(backend: Backend) {
  const pb = backend.client();
  const input = {
    nome_completo: NOME,
    email: `vida-${Date.now().toString(36)}-${counter++}@teste.passaporte.test`,
    password: 'Senha@2026',
    passwordConfirm: 'Senha@2026',
    cpf: nextCpf(),
    celular: '(31) 99123-4567',
  };
  const created = await pb.collection('usuarios').create(input);
  // PocketBase logs an unverified account in: the app reads `verified`.
  const before = await pb.collection('usuarios').authWithPassword(input.email, input.password);
  if (before.record.verified) throw new Error('a new account was verified before its link was followed');
  pb.authStore.clear();
  await pb.collection('usuarios').requestVerification(input.email);
  await pb.collection('usuarios').confirmVerification(await backend.verificationToken(input.email));
  const { record } = await pb.collection('usuarios').authWithPassword(input.email, input.password);
  return { pb, id: created.id, email: input.email, cpf: input.cpf, verified: record.verified };
}

type Customer = Awaited<ReturnType<typeof registered>>;

async function asaasCustomer({ pb }: Customer): Promise<string> {
  return (await pb.send<{ id: string }>('/payments/asaas/customer', { method: 'POST', body: {} })).id;
}

/** The card request the app sends, at the rulebook's price. */
interface Order {
  tipo: 'individual' | 'familiar';
  flex: boolean;
  parcelas: number;
}

function card(
  customer: Customer,
  asaasId: string,
  number: string,
  order: Order = { tipo: 'individual', flex: false, parcelas: 1 },
) {
  const total = regras.precos[order.tipo] + (order.flex ? regras.taxaFlex : 0);
  return {
    installmentCount: order.parcelas,
    customer: asaasId,
    value: comum.parcelamento(total, order.parcelas).valor,
    totalValue: total,
    billingType: 'CREDIT_CARD',
    creditCard: { holderName: 'CLIENTE C SOUZA', number, expiryMonth: '12', expiryYear: '2031', ccv: '123' },
    creditCardHolderInfo: {
      name: 'Cliente do Contrato Souza',
      email: customer.email,
      cpfCnpj: customer.cpf.replace(/\D/g, ''),
      postalCode: '01310100',
      addressNumber: '1000',
      phone: '31991234567',
    },
    tipo_servico: order.tipo,
    flex: order.flex,
    externalReference: `vida-${Date.now().toString(36)}-${counter++}`,
  };
}

const payByCard = (customer: Customer, body: Record<string, unknown>) =>
  customer.pb.send<{ id: string; status: string }>('/payments/asaas/installment', { method: 'POST', body });

/** A customer whose card order was paid: the server wrote the payment row and the NOVO booking. */
async function paidCustomer(backend: Backend, order?: Order) {
  const customer = await registered(backend);
  const asaasId = await asaasCustomer(customer);
  const charge = await payByCard(customer, card(customer, asaasId, CARDS.approved, order));
  await expect.poll(() => own(customer.pb, 'agendamentos'), POLL).toHaveLength(1);
  const [booking] = await own(customer.pb, 'agendamentos');
  if (!booking) throw new Error('no booking written for the paid order');
  return { customer, charge, booking };
}

/**
 * A paid customer's case file: one applicant, empty until `fill` gives them an adult's data (Curitiba), `upload`
 * for their documents and `send` for 'Enviar para análise'.
 */
async function caseFile(backend: Backend) {
  const { customer, booking } = await paidCustomer(backend);
  const { pb } = customer;
  const applicant = await pb.collection('requerentes').create({ agendamento: booking.id });
  const fill = () =>
    pb.collection('requerentes').update(applicant.id, {
      ...DADOS_CURITIBA,
      nome: 'Giulia',
      sobrenome: 'Bianchi',
      sexo: 'F',
      data_nascimento: '1985-03-02',
      cpf: nextCpf(),
    });
  const upload = (item: string) =>
    pb.collection('documentos').create({
      agendamento: booking.id,
      requerente: applicant.id,
      item,
      arquivos: [new File([PDF_BYTES], `${item}.pdf`, { type: 'application/pdf' })],
    });
  const send = () => pb.send(`/api/processo/${booking.id}/enviar`, { method: 'POST' });
  return { customer, booking, applicant, fill, upload, send };
}

const MENSAGENS = REGRAS.mensagens;

/** A staff refund of a booking's order, and what it answered. */
const staffRefund = (admin: PocketBase, agendamento: string, body: Record<string, unknown>) =>
  answerInFull(admin.send('/payments/estorno', { method: 'POST', body: { agendamento, ...body } }));

/** What `call` answers while the backend's Asaas behaves as `settings` say; `after` puts it back. */
async function meanwhile<T>(
  backend: Backend,
  settings: Parameters<Backend['asaasConfig']>[0],
  after: Parameters<Backend['asaasConfig']>[0],
  call: () => Promise<T>,
): Promise<T> {
  await backend.asaasConfig(settings);
  try {
    return await call();
  } finally {
    await backend.asaasConfig(after);
  }
}

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();
  const staff = async () => {
    const pb = backend.client();
    await pb.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    return pb;
  };

  it('register and verify: the e-mailed link verifies the account, followed twice it still answers 204', async () => {
    const customer = await registered(backend);
    expect(customer.verified).toBe(true);
    const token = await backend.verificationToken(customer.email);
    expect(await answer(backend.client().collection('usuarios').confirmVerification(token))).toEqual({
      status: 200,
    });
  });

  it('a paid card order in 3x with Flex: the payment row at the rulebook’s price, the NOVO booking', async () => {
    const customer = await registered(backend);
    const asaasId = await asaasCustomer(customer);
    const order: Order = { tipo: 'familiar', flex: true, parcelas: 3 };
    const charge = await payByCard(customer, card(customer, asaasId, CARDS.approved, order));
    expect(regras.asaas.pago).toContain(charge.status);
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([
        {
          usuario: customer.id,
          tipo_servico: 'familiar',
          flex: true,
          preco_servico: regras.precos.familiar + regras.taxaFlex,
          metodo_pagamento: 'cartao_credito',
          numero_parcelas: 3,
        },
      ]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([
      { usuario: customer.id, status_agendamento: 'NOVO' },
    ]);
  });

  it('Pix paid in cash at Asaas: the webhook writes the order, and the charge counts as paid', async () => {
    const customer = await registered(backend);
    const asaasId = await asaasCustomer(customer);
    const total = regras.precos.individual;
    const pix = await customer.pb.send<{ id: string; status: string }>('/payments/asaas/pix', {
      method: 'POST',
      body: { customer: asaasId, value: total, tipo_servico: 'individual', flex: false },
    });
    expect(pix.status).toBe('PENDING');
    await backend.asaasStatus(pix.id, 'RECEIVED_IN_CASH');
    expect((await backend.webhook('PAYMENT_UPDATED', pix.id)).status).toBe(200);
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ preco_servico: total, metodo_pagamento: 'pix', status_asaas: 'RECEIVED_IN_CASH' }]);
    expect(await own(customer.pb, 'cobrancas')).toMatchObject([{ status: 'RECEIVED_IN_CASH', ativa: true }]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'NOVO' }]);
  });

  it('unknown outcome: a 5xx whose charge went through becomes the order on the next read', async () => {
    const customer = await registered(backend);
    const asaasId = await asaasCustomer(customer);
    expect(await answer(payByCard(customer, card(customer, asaasId, CARDS.serverError)))).toEqual({
      status: 502,
      message: regras.pagamento.indeterminado,
      codes: { cobranca: 'indeterminada' },
    });
    await expect.poll(() => own(customer.pb, 'cobrancas'), POLL).toMatchObject([{ status: 'CONFIRMED' }]);
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([{ status_asaas: 'CONFIRMED' }]);
  });

  it('a staff refund in full: the payment REFUNDED, the booking CANCELADO, the history says why', async () => {
    const { customer, booking, charge } = await paidCustomer(backend);
    const admin = await staff();
    expect(
      await admin.send('/payments/estorno', {
        method: 'POST',
        body: { agendamento: booking.id, motivo: 'Contrato: estorno integral' },
      }),
    ).toEqual({ resultado: 'solicitado' });
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'REFUNDED' }]);
    expect(await own(customer.pb, 'cobrancas')).toMatchObject([{ status: 'REFUNDED', ativa: false }]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'CANCELADO' }]);
    const notes = (
      await admin.collection('historico_agendamentos').getFullList({
        filter: admin.filter('agendamento = {:id}', { id: booking.id }),
      })
    ).flatMap((h) => (h.alteracoes as { para: string }[]).map((a) => a.para));
    expect(notes).toContain(regras.textosPosPagamento.REFUNDED);
    // Staff hear of it (pedidos.js alertarPosPagamento), in the kit's words.
    const [payment] = await own(customer.pb, 'pagamentos');
    const alert = emailTexto.alertasDaCobranca.posPagamento(regras.textosPosPagamento.REFUNDED, {
      nome: NOME,
      asaasId: String(payment?.asaas_id_pagamento),
      total: comum.reais(regras.precos.individual),
    });
    await expect
      .poll(() => backend.mailTexts(DEMO_ACCOUNTS.admin.email, alert.assunto), POLL)
      .toContain(plainText(alert));
    // The customer hears of it once, in the kit's words (estornos.js avisoDoEstorno), even when Asaas says it again.
    const told = emailTexto.emailDoEstorno(
      { nome: NOME, antes: 0, total: regras.precos.individual, encerrado: true, cartao: true },
      comum.reais,
    );
    if (!told) throw new Error('a full refund e-mails the customer');
    expect(plainText(told)).toContain('O seu pedido foi cancelado');
    await expect.poll(() => backend.mailTexts(customer.email, told.assunto), POLL).toEqual([plainText(told)]);
    expect((await backend.webhook('PAYMENT_REFUNDED', charge.id)).status).toBe(200);
    expect(await backend.mailTexts(customer.email, told.assunto)).toEqual([plainText(told)]);
  });

  it('a refund whose webhook comes before Asaas’s answer: the REFUNDED it wrote stays', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const admin = await staff();
    await backend.asaasConfig({ eventsOnRefund: 'before' });
    try {
      expect(
        await admin.send('/payments/estorno', {
          method: 'POST',
          body: { agendamento: booking.id, motivo: 'Contrato: evento antes da resposta' },
        }),
      ).toEqual({ resultado: 'solicitado' });
    } finally {
      await backend.asaasConfig({ eventsOnRefund: 'after' });
    }
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { status_asaas: 'REFUNDED', valor_estornado: regras.precos.individual },
    ]);
    expect(await own(customer.pb, 'cobrancas')).toMatchObject([
      { status: 'REFUNDED', ativa: false, estorno: 'SOLICITADO' },
    ]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'CANCELADO' }]);
  });

  it('a withdrawal whose webhook comes before Asaas’s answer: the booking is cancelled once, in its history too', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const admin = await staff();
    await backend.asaasConfig({ eventsOnRefund: 'before' });
    try {
      expect(await customer.pb.send('/payments/desistencia', { method: 'POST' })).toEqual({
        resultado: 'estornada',
      });
    } finally {
      await backend.asaasConfig({ eventsOnRefund: 'after' });
    }
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'CANCELADO' }]);
    const changes = (
      await admin.collection('historico_agendamentos').getFullList({
        filter: admin.filter('agendamento = {:a}', { a: booking.id }),
        sort: 'created',
      })
    ).flatMap((h) => (h.alteracoes as { campo: string; para: string }[]) ?? []);
    expect(changes.filter((c) => c.campo === 'status_agendamento' && c.para === 'CANCELADO')).toHaveLength(1);
    expect(changes.filter((c) => c.campo === 'desistencia')).toHaveLength(1);
  });

  it('after the money: a chargeback awaiting reversal reaches the payment, and a late "pending" does not undo it', async () => {
    const { customer, charge } = await paidCustomer(backend);
    await backend.asaasStatus(charge.id, 'AWAITING_CHARGEBACK_REVERSAL');
    expect((await backend.webhook('PAYMENT_AWAITING_CHARGEBACK_REVERSAL', charge.id)).status).toBe(200);
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'AWAITING_CHARGEBACK_REVERSAL' }]);
    await backend.asaasStatus(charge.id, 'PENDING');
    expect((await backend.webhook('PAYMENT_RESTORED', charge.id)).status).toBe(200);
    expect(await own(customer.pb, 'cobrancas')).toMatchObject([{ status: 'AWAITING_CHARGEBACK_REVERSAL' }]);
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { status_asaas: 'AWAITING_CHARGEBACK_REVERSAL' },
    ]);
  });

  it('a staff save: the history records the change and the e-mail, sent with the rulebook’s subject', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const admin = await staff();
    await admin.collection('agendamentos').update(booking.id, { status_agendamento: 'ANALISE_OK' });
    const subject = regras.assuntosStatus.ANALISE_OK;
    await expect
      .poll(
        async () =>
          (
            await admin.collection('historico_agendamentos').getFullList({
              filter: admin.filter('agendamento = {:id}', { id: booking.id }),
              sort: '-created',
            })
          )[0],
        POLL,
      )
      .toMatchObject({
        autor: DEMO_ACCOUNTS.admin.id,
        autor_nome: DEMO_ACCOUNTS.admin.nome_completo,
        alteracoes: [{ campo: 'status_agendamento', de: 'NOVO', para: 'ANALISE_OK' }],
        email_para: customer.email,
        email_status: 'ENVIADO',
        email_assunto: subject,
      });
    await expect.poll(() => backend.mailed(customer.email, subject), POLL).toBe(true);
  });

  it('uploads past the per-account limit in a minute get the kit’s 429, in pt-BR', async () => {
    const { customer, upload } = await caseFile(backend);
    const { porConta } = limites.arquivos;
    const photo = await upload('foto');
    const replace = () =>
      answer(
        customer.pb.collection('documentos').update(photo.id, {
          arquivos: [new File([PDF_BYTES], 'foto.pdf', { type: 'application/pdf' })],
        }),
      );
    for (let i = 1; i < porConta; i++) expect(await replace()).toEqual({ status: 200 });
    expect(await replace()).toMatchObject({ status: 429, message: MENSAGENS.muitosEnvios });
  });

  it("a document with more files than its item takes gets the kit's pt-BR refusal before PocketBase's own", async () => {
    const { customer, booking, applicant } = await caseFile(backend);
    const photo = () => new File([PDF_BYTES], 'foto.pdf', { type: 'application/pdf' });
    const answered = await answerInFull(
      customer.pb.collection('documentos').create({
        agendamento: booking.id,
        requerente: applicant.id,
        item: 'foto',
        arquivos: [photo(), photo(), photo(), photo()],
      }),
    );
    expect(answered).toMatchObject({
      status: 400,
      message: excessoDeArquivos(1),
      data: { arquivos: { code: 'validation_max_files', message: excessoDeArquivos(1) } },
    });
  });

  it('the case file: what is missing, the send, a refusal with its note, the replacement, ANALISE_OK', async () => {
    // Every text below is decided once, by pb_hooks/lib/processo_comum.js, which both runtimes run.
    const { customer, booking, fill, upload, send } = await caseFile(backend);
    const { pb } = customer;
    const admin = await staff();
    const lacks = async () =>
      send().then(
        () => 'sent',
        (e: { status: number; response: { message: string; data: { pendencias?: string[] } } }) => ({
          status: e.status,
          message: e.response.message,
          pendencias: e.response.data.pendencias,
        }),
      );
    const incomplete = (pendencias: string[]) => ({
      status: 400,
      message: 'Complete o processo antes de enviar para análise.',
      pendencias,
    });
    // Nothing filled in: every lack, in the rulebook's words and order.
    expect(await lacks()).toEqual(
      incomplete([
        'Requerente 1: falta nome, sobrenome, sexo, data de nascimento, local de nascimento, estado civil, ' +
          'cor dos olhos, CEP, endereço, número, cidade, altura, UF, comune do AIRE, CPF, Documento de ' +
          'identidade com foto, Comprovante de endereço, Foto para passaporte.',
      ]),
    );
    await fill();
    await upload('identidade');
    expect(await lacks()).toEqual(
      incomplete(['Requerente 1: falta Comprovante de endereço, Foto para passaporte.']),
    );
    for (const item of ['comprovante_endereco', 'foto']) await upload(item);
    expect(await send()).toEqual({ enviados: 3 });
    // Staff are told, in the kit's words (email_texto.js alertasDoProcesso), with the link to the booking.
    const alert = emailTexto.alertasDoProcesso.enviado({
      nome: NOME,
      documentos: 3,
      appUrl: '',
      agendamento: booking.id,
    });
    await expect
      .poll(
        async () => (await backend.mailTexts(DEMO_ACCOUNTS.admin.email, alert.assunto)).map(withoutAppUrl),
        POLL,
      )
      .toContain(plainText(alert));
    const today = new Date(Date.now() - 3 * 3_600_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('/');
    expect((await pb.collection('agendamentos').getOne(booking.id)).formulario).toBe(
      `Processo enviado para análise em ${today}.\nRequerente 1: Giulia Bianchi · Consulado de Curitiba`,
    );
    // Staff refuse the photo and approve the rest: ANALISE_ERRO, with the refusal note.
    const [address, photo, identity] = await pb
      .collection('documentos')
      .getFullList({ filter: pb.filter('agendamento = {:id}', { id: booking.id }), sort: 'item' });
    if (!address || !photo || !identity) throw new Error('three documents were sent');
    expect(photo.item).toBe('foto');
    await admin
      .collection('documentos')
      .update(photo.id, { status: 'recusado', motivo: 'ilegivel', motivo_texto: ' Rosto cortado ' });
    for (const d of [address, identity])
      await admin.collection('documentos').update(d.id, { status: 'aprovado' });
    const refused = await pb.collection('agendamentos').getOne(booking.id);
    expect([refused.status_agendamento, refused.nota_cliente]).toEqual([
      'ANALISE_ERRO',
      'Documentos recusados:\n- Giulia Bianchi · Foto para passaporte: Ilegível: Rosto cortado\n' +
        'Envie os documentos corrigidos pela página do processo.',
    ]);
    // Too early: ANALISE_OK waits for every document to be approved.
    const toOk = () =>
      admin.collection('agendamentos').update(booking.id, { status_agendamento: 'ANALISE_OK' });
    expect(await answer(toOk())).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { status_agendamento: 'validation_case_not_approved' },
    });
    // A save without a new file is no replacement, and a name staff could not open safely is refused: the
    // refusal and its reason stay (processo_comum.js recusaDosArquivos).
    expect(await answer(pb.collection('documentos').update(photo.id, {}))).toEqual({
      status: 400,
      message: MENSAGENS.semArquivoNovo,
      codes: { arquivos: 'validation_required' },
    });
    const renamed = new File([PDF_BYTES], 'nova.html', { type: 'application/pdf' });
    expect(await answer(pb.collection('documentos').update(photo.id, { arquivos: [renamed] }))).toEqual({
      status: 400,
      message: 'O arquivo nova.html não é PDF, JPEG ou PNG.',
      codes: { arquivos: 'validation_invalid_extension' },
    });
    const kept = await pb.collection('documentos').getOne(photo.id);
    expect([kept.status, kept.motivo, kept.reenviado, kept.arquivos.length]).toEqual([
      'recusado',
      'ilegivel',
      false,
      1,
    ]);
    // The replacement goes back to review; approved, the case reaches ANALISE_OK with its summary.
    await pb.collection('documentos').update(photo.id, {
      arquivos: [new File([PDF_BYTES], 'nova.pdf', { type: 'application/pdf' })],
    });
    expect(await send()).toEqual({ enviados: 1 });
    await admin.collection('documentos').update(photo.id, { status: 'aprovado' });
    const ok = await toOk();
    expect([ok.status_agendamento, ok.consulado, ok.documentacao]).toEqual([
      'ANALISE_OK',
      'curitiba',
      'aprovada',
    ]);
  });

  it("a correction after the send: the applicant's approved documents back in review, and the booking with them", async () => {
    // Which documents go back, and when, is processo_comum.js correcao's, which both runtimes call.
    const { customer, booking, applicant, fill, upload, send } = await caseFile(backend);
    const { pb } = customer;
    const admin = await staff();
    await fill();
    for (const item of ['identidade', 'comprovante_endereco', 'foto']) await upload(item);
    // A draft is typed freely: nothing recorded.
    await pb.collection('requerentes').update(applicant.id, { complemento: 'Casa 2' });
    expect(await send()).toEqual({ enviados: 3 });
    const ofBooking = { filter: pb.filter('agendamento = {:id}', { id: booking.id }), sort: 'item' };
    for (const d of await pb.collection('documentos').getFullList(ofBooking))
      await admin.collection('documentos').update(d.id, { status: 'aprovado' });
    // A fourth document, uploaded after the review and not sent yet.
    await upload('passaporte_anterior');
    const state = async () => {
      const saved = await pb.collection('agendamentos').getOne(booking.id);
      const documents = await pb.collection('documentos').getFullList(ofBooking);
      return { documentacao: saved.documentacao, documentos: documents.map((d) => [d.item, d.status]) };
    };
    const approved = {
      documentacao: 'pendente',
      documentos: [
        ['comprovante_endereco', 'aprovado'],
        ['foto', 'aprovado'],
        ['identidade', 'aprovado'],
        ['passaporte_anterior', 'pendente'],
      ],
    };
    expect(await state()).toEqual(approved);
    // Staff's own correction is recorded and checks nothing again.
    await admin.collection('requerentes').update(applicant.id, { complemento: 'Apto 1' });
    expect(await state()).toEqual(approved);
    // The customer's: the approved documents go back to review; the one never sent stays pending.
    await pb.collection('requerentes').update(applicant.id, { cidade: 'Londrina' });
    expect(await state()).toEqual({
      documentacao: 'em_analise',
      documentos: [
        ['comprovante_endereco', 'em_analise'],
        ['foto', 'em_analise'],
        ['identidade', 'em_analise'],
        ['passaporte_anterior', 'pendente'],
      ],
    });
    const history = await admin
      .collection('historico_agendamentos')
      .getFullList({ filter: admin.filter('agendamento = {:id}', { id: booking.id }), sort: 'created' });
    const corrections = history
      .flatMap((h) => h.alteracoes as { campo: string; de: string; para: string }[])
      .filter((a) => a.campo === 'requerente');
    // Two saves in the same millisecond sort either way: the two corrections, in any order, and no more.
    expect(corrections).toHaveLength(2);
    expect(corrections).toEqual(
      expect.arrayContaining([
        { campo: 'requerente', de: 'Giulia Bianchi · complemento: Casa 2', para: 'Apto 1' },
        { campo: 'requerente', de: 'Giulia Bianchi · cidade: Curitiba', para: 'Londrina' },
      ]),
    );
  });

  it('the account routes: the export holds the order and its history as the customer sees it; deletion waits', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const exported = await customer.pb.send<Record<string, unknown[]>>('/api/conta/exportar', {});
    expect(exported).toMatchObject({
      conta: { id: customer.id, email: customer.email },
      pagamentos: [{ usuario: customer.id, preco_servico: regras.precos.individual }],
      agendamentos: [{ id: booking.id, status_agendamento: 'NOVO' }],
      historico: [
        {
          agendamento: booking.id,
          autor_nome: 'Sistema',
          alteracoes: [{ campo: 'status_agendamento', de: '', para: 'NOVO' }],
        },
      ],
      requerentes: [],
      documentos: [],
      solicitacoes_exclusao: [],
    });
    expect(exported.historico?.[0]).not.toHaveProperty('autor');
    const request = await customer.pb
      .collection('solicitacoes_exclusao')
      .create({ usuario: customer.id, motivo: '  Contrato  ' });
    // A booking that has not ended keeps the account until it does; the reason is kept as written (PocketBase's
    // text field does not trim).
    expect(request).toMatchObject({
      usuario: customer.id,
      status: 'AGUARDANDO_ATENDIMENTO',
      motivo: '  Contrato  ',
    });
  });

  it('a Pix paid after its due date: OVERDUE ends the charge, the late payment still becomes the order', async () => {
    const customer = await registered(backend);
    const asaasId = await asaasCustomer(customer);
    const pix = await customer.pb.send<{ id: string; status: string }>('/payments/asaas/pix', {
      method: 'POST',
      body: { customer: asaasId, value: regras.precos.individual, tipo_servico: 'individual', flex: false },
    });
    await backend.asaasEvent(pix.id, 'PAYMENT_OVERDUE');
    await expect
      .poll(() => own(customer.pb, 'cobrancas'), POLL)
      .toMatchObject([{ status: 'OVERDUE', ativa: false }]);
    expect(await own(customer.pb, 'pagamentos')).toEqual([]);
    await backend.asaasEvent(pix.id, 'PAYMENT_RECEIVED');
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([
        { metodo_pagamento: 'pix', status_asaas: 'RECEIVED', preco_servico: regras.precos.individual },
      ]);
    expect(await own(customer.pb, 'cobrancas')).toMatchObject([{ status: 'RECEIVED', ativa: true }]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'NOVO' }]);
  });

  it('a card in 3x is three Asaas payments: their events, before and after the answer, make exactly one order', async () => {
    const customer = await registered(backend);
    const asaasId = await asaasCustomer(customer);
    await backend.asaasConfig({ eventsOnCreate: 'before' });
    let charge: { id: string; status: string };
    try {
      charge = await payByCard(
        customer,
        card(customer, asaasId, CARDS.approved, { tipo: 'individual', flex: false, parcelas: 3 }),
      );
    } finally {
      await backend.asaasConfig({ eventsOnCreate: 'none' });
    }
    const installments = await backend.installments(charge.id);
    expect(installments).toHaveLength(3);
    for (const id of installments) await backend.asaasEvent(id, 'PAYMENT_RECEIVED');
    await expect
      .poll(() => own(customer.pb, 'cobrancas'), POLL)
      .toMatchObject([{ status: 'RECEIVED', ativa: true }]);
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { numero_parcelas: 3, preco_servico: regras.precos.individual },
    ]);
    expect(await own(customer.pb, 'agendamentos')).toHaveLength(1);
  });

  it('a card in 3x paid: the order keeps the charge’s installment plan (parcelamento)', async () => {
    const { customer } = await paidCustomer(backend, { tipo: 'individual', flex: false, parcelas: 3 });
    const [charge] = await own(customer.pb, 'cobrancas');
    expect(charge?.parcelamento).toBeTruthy();
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { numero_parcelas: 3, parcelamento: charge?.parcelamento },
    ]);
  });

  it('a paid order gets its service invoice (NFS-e on): due at once, then issued with a number', async () => {
    const { customer } = await paidCustomer(backend);
    await expect
      .poll(async () => (await own(customer.pb, 'pagamentos'))[0]?.nota_status, POLL)
      .toBe('AUTHORIZED');
    expect((await own(customer.pb, 'pagamentos'))[0]?.nota_numero).toBeTruthy();
  });

  it('staff reading the charges settle no customer’s charge of unknown outcome; its customer’s own read does', async () => {
    const customer = await registered(backend);
    const asaasId = await asaasCustomer(customer);
    expect((await answer(payByCard(customer, card(customer, asaasId, CARDS.serverError)))).status).toBe(502);
    const admin = await staff();
    const ofCustomer = () =>
      admin
        .collection('cobrancas')
        .getFullList({ filter: admin.filter('usuario = {:u}', { u: customer.id }) });
    expect(await ofCustomer()).toMatchObject([{ status: 'INDETERMINADA' }]);
    expect(await ofCustomer()).toMatchObject([{ status: 'INDETERMINADA' }]);
    await expect.poll(() => own(customer.pb, 'cobrancas'), POLL).toMatchObject([{ status: 'CONFIRMED' }]);
    expect(await ofCustomer()).toMatchObject([{ status: 'CONFIRMED' }]);
  });

  it('a partial refund, then only what remains: more is refused in pt-BR, the rest closes the order', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const admin = await staff();
    const refund = (body: Record<string, unknown>) =>
      admin.send('/payments/estorno', { method: 'POST', body: { agendamento: booking.id, ...body } });
    expect(await refund({ valor: 200, motivo: 'Contrato: parte' })).toEqual({ resultado: 'solicitado' });
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'PARTIALLY_REFUNDED', valor_estornado: 200 }]);
    const rest = regras.estorno.valorRestante.replace('{restante}', 'R$ 499,00');
    expect(await answer(refund({ valor: 499.01, motivo: 'Contrato: demais' }))).toEqual({
      status: 400,
      message: rest,
      codes: { valor: 'validation_invalid_value' },
    });
    expect(await refund({ motivo: 'Contrato: o restante' })).toEqual({ resultado: 'solicitado' });
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'REFUNDED', valor_estornado: regras.precos.individual }]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'CANCELADO' }]);
    expect(await answer(refund({ motivo: 'Contrato: de novo' }))).toMatchObject({
      status: 400,
      message: regras.estorno.jaEstornado,
    });
  });

  it('R$ 100,50 refunded, then the rest: the customer hears of each; the cancelled invoice loses the partial refund’s alert', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const admin = await staff();
    const order = async () => (await own(customer.pb, 'pagamentos'))[0];
    await expect.poll(async () => (await order())?.nota_status, POLL).toBe('AUTHORIZED');
    const told = (antes: number, total: number, encerrado: boolean) => {
      const email = emailTexto.emailDoEstorno(
        { nome: NOME, antes, total, encerrado, cartao: true },
        comum.reais,
      );
      if (!email) throw new Error('a refund e-mails the customer');
      return email;
    };
    expect(await staffRefund(admin, booking.id, { valor: 100.5, motivo: 'Contrato: desconto' })).toEqual({
      status: 200,
    });
    await expect.poll(order, POLL).toMatchObject({
      valor_estornado: 100.5,
      nota_status: 'AUTHORIZED',
      nota_alerta: regras.notaFiscal.estornoParcial,
    });
    const partial = told(0, 100.5, false);
    expect(plainText(partial)).toContain('estorno de R$ 100,50');
    await expect
      .poll(() => backend.mailTexts(customer.email, partial.assunto), POLL)
      .toEqual([plainText(partial)]);
    expect(await staffRefund(admin, booking.id, { motivo: 'Contrato: o restante' })).toEqual({ status: 200 });
    await expect
      .poll(order, POLL)
      .toMatchObject({ status_asaas: 'REFUNDED', nota_status: 'CANCELED', nota_alerta: '' });
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'CANCELADO' }]);
    const rest = told(100.5, regras.precos.individual, true);
    expect(plainText(rest)).toContain('estorno de R$ 598,50');
    await expect.poll(() => backend.mailTexts(customer.email, rest.assunto), POLL).toEqual([plainText(rest)]);
    expect(await backend.mailTexts(customer.email, partial.assunto)).toEqual([plainText(partial)]);
  });

  it('the withdrawal on its last day (the 7th after the payment day, São Paulo): refunded, booking CANCELADO', async () => {
    const { customer } = await paidCustomer(backend);
    const [payment] = await own(customer.pb, 'pagamentos');
    if (!payment) throw new Error('no payment row');
    await backend.orderFields(payment.id, { pago_em: spDayStart(7).replace('T', ' ') });
    expect(await customer.pb.send('/payments/desistencia', { method: 'POST' })).toEqual({
      resultado: 'estornada',
    });
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'REFUNDED', valor_estornado: regras.precos.individual }]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'CANCELADO' }]);
    // The customer's e-mail and staff's alert (estornos.js desistir), in the kit's words.
    const { cliente, equipe } = emailTexto.emailsDaDesistencia('estornada', {
      nome: NOME,
      valor: comum.reais(regras.precos.individual),
    });
    if (!cliente) throw new Error('a refunded withdrawal e-mails the customer');
    await expect
      .poll(() => backend.mailTexts(customer.email, cliente.assunto), POLL)
      .toEqual([plainText(cliente)]);
    await expect
      .poll(() => backend.mailTexts(DEMO_ACCOUNTS.admin.email, equipe.assunto), POLL)
      .toContain(plainText(equipe));
    // Its own e-mail only: not a staff refund's too.
    const staffs = emailTexto.emailDoEstorno(
      { nome: NOME, antes: 0, total: regras.precos.individual, encerrado: true, cartao: true },
      comum.reais,
    );
    expect(await backend.mailTexts(customer.email, staffs?.assunto ?? '')).toEqual([]);
  });

  it('the withdrawal once booked: sent to staff once (an alert in the kit’s words), nothing refunded', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const admin = await staff();
    await admin.collection('agendamentos').update(booking.id, { status_agendamento: 'AGENDADO' });
    const { cliente, equipe } = emailTexto.emailsDaDesistencia('encaminhada', { nome: NOME, valor: '' });
    expect(cliente).toBeNull();
    const alerts = async () =>
      (await backend.mailTexts(DEMO_ACCOUNTS.admin.email, equipe.assunto)).filter(
        (t) => t === plainText(equipe),
      ).length;
    const before = await alerts();
    // Sent again and again (a script), it reaches staff and the history once (emails.js alertaDaVez).
    for (let i = 0; i < 3; i++) {
      expect(await customer.pb.send('/payments/desistencia', { method: 'POST' })).toEqual({
        resultado: 'encaminhada',
      });
    }
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([{ valor_estornado: 0 }]);
    await expect.poll(alerts, POLL).toBe(before + 1);
    const notes = await admin.collection('historico_agendamentos').getFullList({
      filter: admin.filter('agendamento = {:a} && alteracoes ~ {:c}', { a: booking.id, c: 'desistencia' }),
    });
    expect(notes).toHaveLength(1);
    expect(await alerts()).toBe(before + 1);
  });

  it('buy again after a full refund: the withdrawn order is closed, a new one is paid, a third is refused', async () => {
    const { customer } = await paidCustomer(backend);
    const asaasId = await asaasCustomer(customer);
    // An open order, even one being refunded in part, blocks a new charge.
    expect(await answer(payByCard(customer, card(customer, asaasId, CARDS.approved)))).toMatchObject({
      status: 409,
      message: regras.pagamento.pedidoExiste,
    });
    expect(await customer.pb.send('/payments/desistencia', { method: 'POST' })).toEqual({
      resultado: 'estornada',
    });
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'REFUNDED' }]);
    const again = await payByCard(customer, card(customer, asaasId, CARDS.approved));
    expect(regras.asaas.pago).toContain(again.status);
    await expect.poll(async () => (await own(customer.pb, 'pagamentos')).length, POLL).toBe(2);
    const statuses = (await own(customer.pb, 'pagamentos')).map((p) => p.status_asaas as string).sort();
    expect(statuses).toEqual([again.status, 'REFUNDED'].sort());
    expect(
      (await own(customer.pb, 'agendamentos')).map((b) => b.status_agendamento as string).sort(),
    ).toEqual(['CANCELADO', 'NOVO']);
    expect(await answer(payByCard(customer, card(customer, asaasId, CARDS.approved)))).toMatchObject({
      status: 409,
      message: regras.pagamento.pedidoExiste,
    });
  });

  it('a second order while one is open: 409 naming the order (pedido_existente), by card and by Pix', async () => {
    const { customer } = await paidCustomer(backend);
    const asaasId = await asaasCustomer(customer);
    const refusal = {
      status: 409,
      message: regras.pagamento.pedidoExiste,
      data: { pedido: { code: 'pedido_existente', message: regras.pagamento.pedidoExiste } },
    };
    expect(await answerInFull(payByCard(customer, card(customer, asaasId, CARDS.approved)))).toEqual(refusal);
    const pix = customer.pb.send('/payments/asaas/pix', {
      method: 'POST',
      body: { customer: asaasId, value: regras.precos.individual, tipo_servico: 'individual', flex: false },
    });
    expect(await answerInFull(pix)).toEqual(refusal);
    expect(await own(customer.pb, 'cobrancas')).toHaveLength(1);
  });

  it('a refund Asaas does not take (its rate limit, then a 5xx): 503 with the rulebook’s text, nothing refunded', async () => {
    const { customer, charge, booking } = await paidCustomer(backend);
    const admin = await staff();
    const refund = () => staffRefund(admin, booking.id, { motivo: 'Contrato: Asaas sem estorno' });
    const unavailable = { status: 503, message: regras.estorno.falhou, data: {} };
    const call = `POST /v3/payments/${charge.id}/refund`;
    const limited = { rateLimitNext: 1, rateLimitOnly: call };
    expect(await meanwhile(backend, limited, { rateLimitNext: 0, rateLimitOnly: '' }, refund)).toEqual(
      unavailable,
    );
    // The first left its refund of unknown outcome: Asaas lists none, so this one is asked again.
    const failing = { serverErrorNext: 1, serverErrorOnly: call };
    expect(await meanwhile(backend, failing, { serverErrorNext: 0, serverErrorOnly: '' }, refund)).toEqual(
      unavailable,
    );
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { status_asaas: 'CONFIRMED', valor_estornado: 0 },
    ]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'NOVO' }]);
  });

  it('a refund Asaas made but never answered: the retry reads Asaas, counts it once and asks nothing again', async () => {
    const { customer, charge, booking } = await paidCustomer(backend);
    const admin = await staff();
    const refund = () => staffRefund(admin, booking.id, { valor: 200, motivo: 'Contrato: sem resposta' });
    const unanswered = { refundNoAnswerNext: 1 };
    expect(await meanwhile(backend, unanswered, { refundNoAnswerNext: 0 }, refund)).toEqual({
      status: 503,
      message: regras.estorno.falhou,
      data: {},
    });
    const [marked] = await own(customer.pb, 'pagamentos');
    // The call came back (without an answer): the mark stays, no longer waiting.
    expect(marked).toMatchObject({
      estorno_incerto_valor: 200,
      estorno_incerto_antes: 0,
      estorno_em_voo: false,
    });
    const incerto = estornoComum.incertoDe({ estorno_incerto_em: '', ...marked });
    if (!incerto) throw new Error('the refund of unknown outcome was not recorded on the order');
    // Asaas silent again: nothing is asked, and the mark stays.
    const silent = { serverErrorNext: 1, serverErrorOnly: `GET /v3/payments/${charge.id}` };
    expect(await meanwhile(backend, silent, { serverErrorNext: 0, serverErrorOnly: '' }, refund)).toEqual({
      status: 503,
      message: estornoComum.textoDoIncerto(regras.estorno.incertoSemResposta, incerto, comum.reais),
      data: {},
    });
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([{ estorno_incerto_valor: 200 }]);
    expect(await refund()).toEqual({ status: 200 });
    const refunds = async () => ((await backend.asaasPayment(charge.id))?.refunds as unknown[] | null) ?? [];
    expect(await refunds()).toHaveLength(1);
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { valor_estornado: 200, estorno_incerto_valor: 0, estorno_incerto_em: '' },
    ]);
    // Asaas's webhook for it comes too: still counted once.
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'PARTIALLY_REFUNDED', valor_estornado: 200 }]);
    expect(await refunds()).toHaveLength(1);
    const notes = (
      await admin.collection('historico_agendamentos').getFullList({
        filter: admin.filter('agendamento = {:id}', { id: booking.id }),
      })
    ).flatMap((h) => (h.alteracoes as { para: string }[]).map((a) => a.para));
    expect(notes).toContain(estornoComum.textoDoIncerto(regras.estorno.incertoNota, incerto, comum.reais));
  });

  it("a refund asked while another of the order still waits for Asaas's answer: refused in pt-BR, nothing asked", async () => {
    const { customer, charge, booking } = await paidCustomer(backend);
    const admin = await staff();
    const [order] = await own(customer.pb, 'pagamentos');
    if (!order) throw new Error('no order written for the paid charge');
    // The order as lib/estornos.js claims it before calling Asaas: R$ 100,00 asked a moment ago, no answer yet.
    await backend.orderFields(order.id, estornoComum.marcaDoIncerto(100, 0, Date.now()));
    const refund = () =>
      staffRefund(admin, booking.id, { valor: 50, motivo: 'Contrato: outro em andamento' });
    expect(await refund()).toEqual({ status: 409, message: regras.estorno.incertoEmAndamento, data: {} });
    const refunds = async () => ((await backend.asaasPayment(charge.id))?.refunds as unknown[] | null) ?? [];
    expect(await refunds()).toHaveLength(0);
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { estorno_incerto_valor: 100, estorno_em_voo: true, valor_estornado: 0 },
    ]);
    // Its call came back without an answer: the next refund reads Asaas first, finds none made, and is asked.
    await backend.orderFields(order.id, estornoComum.SEM_RESPOSTA);
    expect(await refund()).toEqual({ status: 200 });
    expect(await refunds()).toMatchObject([{ value: 50 }]);
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { valor_estornado: 50, estorno_incerto_valor: 0, estorno_em_voo: false },
    ]);
  });

  it('a withdrawal Asaas made but never answered: the retry refunds nothing twice and cancels the booking', async () => {
    const { customer, charge } = await paidCustomer(backend);
    const withdraw = () => answer(customer.pb.send('/payments/desistencia', { method: 'POST' }));
    expect(
      await meanwhile(backend, { refundNoAnswerNext: 1 }, { refundNoAnswerNext: 0 }, withdraw),
    ).toMatchObject({ status: 503, message: regras.estorno.falhou });
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { valor_estornado: 0, estorno_incerto_valor: regras.precos.individual },
    ]);
    expect(await withdraw()).toEqual({ status: 200 });
    expect((await backend.asaasPayment(charge.id))?.refunds).toHaveLength(1);
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([
      { valor_estornado: regras.precos.individual, estorno_incerto_valor: 0 },
    ]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'CANCELADO' }]);
    await expect
      .poll(() => own(customer.pb, 'pagamentos'), POLL)
      .toMatchObject([{ status_asaas: 'REFUNDED', valor_estornado: regras.precos.individual }]);
  });

  it('the withdrawal after the 7 days: refused with the rulebook’s text, nothing refunded', async () => {
    const { customer } = await paidCustomer(backend);
    const [payment] = await own(customer.pb, 'pagamentos');
    if (!payment) throw new Error('no payment row');
    await backend.orderFields(payment.id, { pago_em: spDayStart(8).replace('T', ' ') });
    expect(await answer(customer.pb.send('/payments/desistencia', { method: 'POST' }))).toMatchObject({
      status: 400,
      message: regras.estorno.prazo,
    });
    expect(await own(customer.pb, 'pagamentos')).toMatchObject([{ status_asaas: 'CONFIRMED' }]);
    expect(await own(customer.pb, 'agendamentos')).toMatchObject([{ status_agendamento: 'NOVO' }]);
  });
  it('booking day: the owner writes what staff ask for, the holder alone reads it, another customer nothing', async () => {
    const bookingId = DIA_SEED.codigo.booking;
    const holder = await staff();
    const owner = backend.client();
    await owner.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.diaCodigo.email, DEMO_PASSWORD);
    const other = backend.client();
    await other.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.diaPronto.email, DEMO_PASSWORD);
    const post = (pb: PocketBase, action: string, body = {}) =>
      pb.send<{ id: string; pedido: string; responsavel: string }>(`/api/dia/${bookingId}/${action}`, {
        method: 'POST',
        body,
      });
    await post(holder, 'assumir');
    const handling = await post(holder, 'pedir', { tipo: 'codigo' });
    expect([handling.pedido, handling.responsavel]).toEqual(['codigo', DEMO_ACCOUNTS.admin.id]);
    expect(await answer(post(other, 'pronto'))).toMatchObject({ status: 404 });
    expect(await answer(post(owner, 'pedir', { tipo: 'codigo' }))).toMatchObject({ status: 403 });

    const relay = { agendamento: bookingId, atendimento: handling.id };
    expect(
      await answer(other.collection('retransmissoes').create({ ...relay, tipo: 'codigo', valor: '1' })),
    ).toMatchObject({ status: 400 });
    expect(
      await answer(owner.collection('retransmissoes').create({ ...relay, tipo: 'senha', valor: 'x' })),
    ).toMatchObject({ status: 409, message: 'A nossa equipe não está pedindo isso agora.' });
    expect(
      await answer(owner.collection('retransmissoes').create({ ...relay, tipo: 'codigo', valor: '12a' })),
    ).toMatchObject({ status: 400, codes: { valor: 'validation_invalid_valor' } });
    // The guarantee (on in both): an attempt while the code asked for is not handed over, or ended on a wrong
    // code, does not count.
    const attempt = (resultado: string) =>
      holder.collection('tentativas_agendamento').create({ agendamento: bookingId, resultado });
    const unpaid = await attempt('codigo_nao_chegou');
    // 'Wrong code' needs a code the customer handed over since it was asked for.
    expect(await answer(attempt('codigo_errado'))).toMatchObject({
      status: 400,
      codes: { resultado: 'validation_invalid_resultado' },
    });
    const typed = await owner.collection('retransmissoes').create({ ...relay, tipo: 'codigo', valor: '4' });
    await owner.collection('retransmissoes').update(typed.id, { valor: '482913' });
    // Handed over, but the portal refused it: still owed (migration 1763924000_codigo_errado).
    const wrong = await attempt('codigo_errado');
    const counted = await attempt('sem_vagas');
    expect([unpaid.garantia, wrong.garantia, counted.garantia]).toEqual(['codigo', 'codigo', 'conta']);
    expect(counted.janela).not.toBe('');

    const seen = await holder
      .collection('retransmissoes')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    expect(seen.map((r) => [r.valor, r.enviado_em !== ''])).toContainEqual(['482913', true]);
    // While it is alive, the code is in no export of the owner's data nor in the booking's history staff read.
    const exported = await owner.send<Record<string, unknown>>('/api/conta/exportar', {});
    expect(JSON.stringify(exported)).not.toContain('482913');
    expect(exported).not.toHaveProperty('retransmissoes');
    const history = await holder
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    expect(history.length).toBeGreaterThan(0);
    expect(JSON.stringify(history)).not.toContain('482913');
    expect(await owner.collection('retransmissoes').getFullList()).toEqual([]);
    expect(await other.collection('retransmissoes').getFullList()).toEqual([]);
    expect(await answer(other.collection('retransmissoes').update(typed.id, { valor: '1' }))).toMatchObject({
      status: 404,
    });
    await post(holder, 'soltar');
  });

  it('the published wait: figures per consulate for anyone, the place in the queue for the owner only', async () => {
    const published = await backend
      .client()
      .send<{ janelaDias: number; consulados: { codigo: string }[] }>('/api/espera', {});
    expect(published.janelaDias).toBe(180);
    expect(published.consulados.map((c) => c.codigo)).toContain('sao_paulo');
    const owner = backend.client();
    await owner.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.diaPronto.email, DEMO_PASSWORD);
    const other = backend.client();
    await other.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.diaCodigo.email, DEMO_PASSWORD);
    const path = `/api/agendamentos/${DIA_SEED.pronto.booking}/espera`;
    const mine = await owner.send<{
      consulado: { codigo: string } | null;
      antes: number | null;
      frase: string | null;
    }>(path, {});
    // The booking's own consulate (the real server's seed has no applicants to derive it from: none there).
    const { consulado } = await owner.collection('agendamentos').getOne(DIA_SEED.pronto.booking);
    expect(mine.consulado?.codigo ?? '').toBe(consulado);
    if (mine.consulado) {
      expect(mine.antes).toBeGreaterThanOrEqual(0);
      expect(mine.frase).toMatch(/process/);
    } else expect([mine.antes, mine.frase]).toEqual([null, null]);
    expect(await answer(other.send(path, {}))).toMatchObject({
      status: 404,
      message: 'Agendamento não encontrado.',
    });
    expect(await answer(owner.send('/api/espera/equipe', {}))).toMatchObject({ status: 403 });
    expect(await answer((await staff()).send('/api/espera/equipe', {}))).toMatchObject({ status: 200 });
  });

  it('after the slot: Flex refused without it (the rulebook’s text), to another customer; staff routes staff only', async () => {
    const { customer, booking } = await paidCustomer(backend);
    const other = await registered(backend);
    const flex = (pb: PocketBase) =>
      pb.send(`/api/agendamentos/${booking.id}/flex`, { method: 'POST', body: { motivo: 'Uma viagem' } });
    expect(await answer(flex(customer.pb))).toMatchObject({
      status: 400,
      message: 'O seu pedido não inclui o Flex: a nova data não pode ser pedida por aqui.',
    });
    expect(await answer(flex(other.pb))).toMatchObject({ status: 404 });
    const cancel = (pb: PocketBase) =>
      pb.send(`/api/agendamentos/${booking.id}/cancelamento-consulado`, { method: 'POST', body: {} });
    expect(await answer(cancel(customer.pb))).toMatchObject({ status: 403 });
    // A NOVO booking has no appointment to cancel.
    expect(await answer(cancel(await staff()))).toMatchObject({
      status: 400,
      message: 'Não há agendamento ativo para cancelar.',
    });
    expect(await answer(customer.pb.send('/api/confirmacoes/pendentes', {}))).toMatchObject({ status: 403 });
    expect(Array.isArray(await (await staff()).send('/api/confirmacoes/pendentes', {}))).toBe(true);
  });
});
