/**
 * Demo accounts with a case file at each stage: empty (Familiar, nothing typed yet), sent (in review),
 * refused (a document to replace) and approved; and at each stage of booking day (São Paulo, every document
 * approved): on standby for the next window (Familiar, two applicants), the code asked by staff, appointments
 * made (AGENDADO). Dates are fixed, like the rest of the seed; the day's handling records are dia.ts's.
 * After the slot (#28): an appointment due to confirm in the portal this week (Curitiba, which the demo alone
 * says asks for it) and one bought with Flex; their appointments are dated from the day the demo is seeded.
 * Also the records every seeded order, booking, charge, applicant and document is built with (seed.ts's too).
 */
import {
  type DocumentoRecord,
  itensPara,
  REGRAS,
  type RequerenteRecord,
  rotuloDoDocumento,
} from '@/lib/processo';
import type { BookingRecord, BookingStatus, ChargeRecord, PaymentRecord, ServiceId } from '@/lib/types';
import comum from '../pocketbase/pb_hooks/lib/comum.js';
import consulados from '../pocketbase/pb_hooks/lib/consulados.json';
import diaComum from '../pocketbase/pb_hooks/lib/dia_comum.js';
import prazo from '../pocketbase/pb_hooks/lib/prazo.js';
import processoComum from '../pocketbase/pb_hooks/lib/processo_comum.js';
import regras from '../pocketbase/pb_hooks/lib/regras.json';
import type { StoredUser } from '../src/mocks/schema';
import { pbMs } from '../src/mocks/util';

/** Appends the two CPF check digits to a 9-digit base (the server's own code: pb_hooks/lib/comum.js). */
export const withCpfCheckDigits = (base9: string): string => comum.comDigitosCpf(base9);

/** A named demo account: the fields of the stored account the seed chooses. */
export type DemoAccount = Pick<
  StoredUser,
  'id' | 'email' | 'nome_completo' | 'cpf' | 'celular' | 'verified' | 'admin'
>;

/** Verified customers' accounts, one a line: 'id e-mail CPF's-first-nine-digits mobile full name'. */
export function demoAccounts<K extends string>(rows: Record<K, string>): Record<K, DemoAccount> {
  const account = (row: string): DemoAccount => {
    const [id = '', email = '', cpf = '', celular = '', ...nome] = row.split(' ');
    const nome_completo = nome.join(' ');
    return { id, email, nome_completo, cpf: withCpfCheckDigits(cpf), celular, verified: true, admin: false };
  };
  const entries = Object.entries<string>(rows).map(([key, row]) => [key, account(row)]);
  return Object.fromEntries(entries) as Record<K, DemoAccount>;
}

export const PROCESSO_DEMO_ACCOUNTS = demoAccounts({
  processoVazio: 'demoprocvazio01 processo.vazio@demo.com.br 714602398 41991112233 Giovanna Bertolini Alves',
  processoEnviado:
    'demoprocenviad1 processo.enviado@demo.com.br 825713409 11992223344 Paulo Henrique Ferraro',
  processoRecusado:
    'demoprocrecusa1 processo.recusado@demo.com.br 936824510 48993334455 Renata Zanetti Costa',
  processoAprovado:
    'demoprocaprova1 processo.aprovado@demo.com.br 147935621 21994445566 Luca Moretti Pereira',
  diaPronto: 'demodiapronto01 dia.pronto@demo.com.br 258146732 11995556677 Chiara Ricci Almeida',
  diaCodigo: 'demodiacodigo01 dia.codigo@demo.com.br 369257843 11996667788 Matteo Conti Ribeiro',
  diaAgendado: 'demodiaagenda01 dia.compromisso@demo.com.br 471368954 11997778899 Sofia Greco Martins',
  diaConfirmar: 'demodiaconfir01 dia.confirmar@demo.com.br 583479166 41998889900 Pietro Galli Souza',
  diaFlex: 'demodiaflex0001 dia.flex@demo.com.br 694581277 11999990011 Giulia Ferri Campos',
});

/**
 * A consulate's office as the kit writes it on an appointment (dia_comum.js localDe, from the consulate's name and
 * address in consulados.json, the file the migration loads): the seed's every place, its own and the generated
 * bookings'.
 */
export function consulateLocal(codigo: string): string {
  const consulado = consulados.consulados.find((c) => c.codigo === codigo);
  if (!consulado) throw new Error(`seed: no consulate ${codigo} in consulados.json`);
  return diaComum.localDe(consulado.nome, consulado.endereco);
}
export const SP_LOCAL = consulateLocal('sao_paulo');
export const CURITIBA_LOCAL = consulateLocal('curitiba');

/**
 * A booked case's day, time and place as the kit stores them once its appointments cover every applicant
 * (dia_comum.js agendado: the day at midnight UTC, as the staff editor saves it too).
 */
export function seedAppointment(data: string, hora: string, local: string) {
  const valores = diaComum.agendado({ data, hora, local }, 'ANALISE_OK');
  if (!valores) throw new Error('seed: dia_comum.js agendado refused an appointment');
  const { data_agendamento, hora_agendamento, local_agendamento } = valores;
  return { data_agendamento, hora_agendamento, local_agendamento };
}

/**
 * An order as the server writes it once paid at `created` (Asaas says CONFIRMED of a card, RECEIVED of a Pix),
 * at the price the server charges (regras.json: comum.js validarPedido), with its invoice's fields `nota`.
 */
export function seedPayment(
  order: Pick<
    PaymentRecord,
    'id' | 'usuario' | 'flex' | 'numero_parcelas' | 'asaas_id_pagamento' | 'created'
  > & {
    tipo_servico: ServiceId;
    metodo_pagamento: ChargeRecord['metodo'];
  },
  nota: Pick<PaymentRecord, 'nota_status' | 'nota_numero' | 'nota_pdf' | 'nota_erro'> = {},
): PaymentRecord {
  const { id, usuario, tipo_servico, flex, metodo_pagamento, created } = order;
  return {
    id,
    collectionId: 'pbc_2707415296',
    collectionName: 'pagamentos',
    usuario,
    tipo_servico,
    preco_servico: regras.precos[tipo_servico] + (flex ? regras.taxaFlex : 0),
    metodo_pagamento,
    numero_parcelas: order.numero_parcelas,
    asaas_id_pagamento: order.asaas_id_pagamento,
    flex,
    status_asaas: metodo_pagamento === 'pix' ? 'RECEIVED' : 'CONFIRMED',
    ...nota,
    created,
    updated: created,
  };
}

/** The paid charge the server made for order `p` (pb_hooks/lib/proxy.js), live unless its customer ordered again. */
export const seedCharge = (p: PaymentRecord, id: string, ativa = true): ChargeRecord => ({
  id,
  collectionId: 'pbc_cobrancas',
  collectionName: 'cobrancas',
  usuario: p.usuario,
  tentativa: `seed-${p.id}`,
  asaas_id: p.asaas_id_pagamento,
  metodo: p.metodo_pagamento === 'pix' ? 'pix' : 'cartao_credito',
  tipo_servico: p.tipo_servico === 'familiar' ? 'familiar' : 'individual',
  flex: p.flex,
  valor: p.preco_servico,
  parcelas: p.numero_parcelas,
  status: p.status_asaas,
  ativa,
  motivo: '',
  created: p.created,
  updated: p.created,
});

/** The booking the server writes with order `p` at `created`, neither scheduled nor sent; `more` on top. */
export const seedBooking = (
  id: string,
  p: PaymentRecord,
  status: BookingStatus,
  created: string,
  more: Partial<BookingRecord> = {},
): BookingRecord => ({
  id,
  collectionId: 'pbc_1453265092',
  collectionName: 'agendamentos',
  usuario: p.usuario,
  pagamento: p.id,
  data_agendamento: '',
  hora_agendamento: '',
  status_agendamento: status,
  local_agendamento: '',
  formulario: '',
  nota_cliente: '',
  created,
  updated: created,
  ...more,
});

/** The `formulario` the customer's send writes (processo_comum.js resumo), on the São Paulo day of `sentAt`. */
function sentSummary(requerentes: readonly RequerenteRecord[], sentAt: string): string {
  const dia = prazo.diaSaoPaulo(pbMs(sentAt));
  return processoComum.resumo(requerentes, dia, '', REGRAS);
}

/**
 * The note staff's last review leaves on a case with refused documents (processo_comum.js conclusaoDaRevisao,
 * each document named as pb_hooks/lib/processo.js rotulo names it: 'Maria Souza · Foto para passaporte').
 */
function reviewNote(
  requerentes: readonly RequerenteRecord[],
  documentos: readonly DocumentoRecord[],
): string {
  const rotulo = (d: DocumentoRecord) => {
    const requerente = requerentes.find((r) => r.id === d.requerente);
    return rotuloDoDocumento(requerente ?? null, d.item);
  };
  return processoComum.conclusaoDaRevisao(documentos, rotulo, REGRAS)?.nota_cliente ?? '';
}

/** The review that refuses a photo, the seed's every refused document. */
const REFUSED_PHOTO = {
  status: 'recusado',
  motivo: 'ilegivel',
  motivo_texto: 'A foto está tremida.',
} as const satisfies Partial<DocumentoRecord>;

const SP_ADDRESS = {
  uf: 'SP',
  cidade: 'São Paulo',
  cep: '01310100',
  logradouro: 'Avenida Paulista',
  numero: '900',
};

/** The booking-day stages' ids and records, for dia-store.ts (the handling, attempts and appointments). */
export const DIA_SEED = {
  pronto: { booking: 'demoprocage0005' },
  codigo: { booking: 'demoprocage0006' },
  agendado: {
    booking: 'demoprocage0007',
    at: '2026-11-24 19:20:00.000Z',
    tentativas: [
      { resultado: 'sem_vagas' as const, created: '2026-11-16 19:03:00.000Z' },
      { resultado: 'agendado' as const, created: '2026-11-24 19:04:00.000Z' },
    ],
    compromissos: [
      {
        requerentes: ['demoreq00070001'],
        data: '2026-12-14',
        hora: '09:30',
        local: SP_LOCAL,
        codigo_portal: 'SP-DEMO-2931',
        comprovante: 'comprovante_exemplo1.pdf',
      },
    ],
  },
  // After the slot (#28): dated from the day the demo is seeded (São Paulo), so the window is open.
  confirmar: { booking: 'demoprocage0008', dias: 7, requerente: 'demoreq00080001', hora: '10:00' },
  flex: { booking: 'demoprocage0009', dias: 20, requerente: 'demoreq00090001', hora: '11:30' },
};

/** yyyy-mm-dd, `n` São Paulo days from now. */
export const demoDay = (n: number) => prazo.diaSaoPaulo(Date.now() + n * 86_400_000);

interface Stage {
  booking: BookingRecord;
  requerentes: RequerenteRecord[];
  documentos: DocumentoRecord[];
}

interface CaseSeed {
  pagamentos: PaymentRecord[];
  agendamentos: BookingRecord[];
  cobrancas: ChargeRecord[];
  requerentes: RequerenteRecord[];
  documentos: DocumentoRecord[];
}

const ADULTO: Omit<
  RequerenteRecord,
  'id' | 'agendamento' | 'nome' | 'sobrenome' | 'cpf' | 'created' | 'updated'
> = {
  collectionId: 'pbc_requerentes',
  collectionName: 'requerentes',
  sexo: 'F',
  data_nascimento: '1985-04-12',
  local_nascimento: 'Curitiba, Brasil',
  estado_civil: 'casado',
  altura_cm: 165,
  cor_olhos: 'Castanhos',
  cep: '80010000',
  logradouro: 'Rua XV de Novembro',
  numero: '100',
  complemento: '',
  cidade: 'Curitiba',
  uf: 'PR',
  aire_comune: '',
  aire_nao_sei: true,
  passaporte_numero: '',
  passaporte_validade: '',
  mae_nome: '',
  pai_nome: '',
  enviado_em: '',
};

/** An adult applicant of a seeded booking (complete but for name and CPF), `fields` on top. */
export function seedApplicant(
  booking: Pick<BookingRecord, 'id' | 'created'>,
  n: number,
  fields: Partial<RequerenteRecord>,
): RequerenteRecord {
  return {
    ...ADULTO,
    id: `demoreq${booking.id.slice(-4)}000${n}`,
    agendamento: booking.id,
    nome: '',
    sobrenome: '',
    cpf: '',
    created: booking.created,
    updated: booking.created,
    ...fields,
  };
}

/** One document per item for an applicant, each with an example file, in `status` (reviewed by `reviewer`'s id). */
export function seedDocuments(
  r: RequerenteRecord,
  itens: readonly string[],
  status: DocumentoRecord['status'],
  reviewer = '',
): DocumentoRecord[] {
  const reviewed = status === 'aprovado' || status === 'recusado';
  return itens.map((item) => ({
    id: `dd${r.agendamento.slice(-4)}${r.id.slice(-1)}${item.slice(0, 8)}`.padEnd(15, 'x'),
    collectionId: 'pbc_documentos',
    collectionName: 'documentos',
    agendamento: r.agendamento,
    requerente: r.id,
    item,
    arquivos: [
      item === 'foto' ? `foto_exemplo${r.id.slice(-1)}.png` : `${item}_exemplo${r.id.slice(-1)}.pdf`,
    ],
    status,
    motivo: '',
    motivo_texto: '',
    revisado_por: reviewed ? reviewer : '',
    revisado_em: reviewed ? r.updated : '',
    reenviado: false,
    created: r.created,
    updated: r.created,
  }));
}

/** The items an applicant must send (the kit's processo_comum.js itensPara, the required ones): what the seed fills. */
const requiredItems = (tipo: 'adulto' | 'menor'): string[] =>
  itensPara(tipo)
    .filter((i) => i.obrigatorio)
    .map((i) => i.id);
const ADULT_ITEMS = requiredItems('adulto');
const MINOR_ITEMS = requiredItems('menor');

/**
 * The case file of a generated booking past NOVO (seed.ts), in a state the server lets a booking reach
 * (pb_hooks/lib/agenda.js: ANALISE_OK waits for every document approved): its customer as the one adult applicant,
 * living in `consulado`'s city, sent when the booking was made, every document approved by `reviewer` (ANALISE_OK,
 * AGENDADO, FINALIZADO) or the photo refused (ANALISE_ERRO). Writes on the booking what the send and the review
 * wrote (the summary; the refusal's note). The staff list's documentation and consulate columns then read as on
 * a real server.
 */
export function generatedCase(
  booking: BookingRecord,
  owner: { nome_completo: string; cpf: string },
  consulado: string,
  reviewer: string,
): Pick<CaseSeed, 'requerentes' | 'documentos'> {
  // The kit has no rule for splitting an account's full name: the first word is the name, the rest the surname.
  const [nome = '', ...rest] = owner.nome_completo.split(' ');
  const place = REGRAS.consulados[consulado as keyof typeof REGRAS.consulados];
  const applicant = seedApplicant(booking, 1, {
    id: `r${booking.id.slice(1)}`,
    nome,
    sobrenome: rest.join(' '),
    cpf: owner.cpf,
    uf: place?.ufs[0] ?? 'SP',
    cidade: place?.nome ?? 'São Paulo',
    enviado_em: booking.created,
  });
  const refused = booking.status_agendamento === 'ANALISE_ERRO';
  const documentos = seedDocuments(applicant, ADULT_ITEMS, 'aprovado', reviewer).map((d, k) => ({
    ...d,
    id: `d${booking.id.slice(1, 12)}00${k}`,
    ...(refused && d.item === 'foto' ? REFUSED_PHOTO : {}),
  }));
  booking.formulario = sentSummary([applicant], applicant.enviado_em);
  booking.nota_cliente = refused ? reviewNote([applicant], documentos) : '';
  return { requerentes: [applicant], documentos };
}

/**
 * The stages' orders, bookings, applicants and documents (reviewed by `reviewer`'s id), each sent case with the
 * summary its send wrote (on the day its booking was made) and the refused one with its review's note.
 */
export function processoSeed(reviewer: string): CaseSeed {
  const a = PROCESSO_DEMO_ACCOUNTS;
  const stages: Stage[] = [];
  const pagamentos: PaymentRecord[] = [];
  /** Stage `n`: `account`'s order paid by Pix on October 20 + n (with Flex for `flex`), and its booking. */
  const stage = (key: string, account: DemoAccount, n: number, tipo: ServiceId, status: BookingStatus) => {
    const at = `2026-10-${20 + n} 1${n}:00:00.000Z`;
    const number = String(n).padStart(4, '0');
    const pagamento = seedPayment({
      id: `demoprocpag${number}`,
      usuario: account.id,
      tipo_servico: tipo,
      flex: key === 'flex',
      metodo_pagamento: 'pix',
      numero_parcelas: 1,
      asaas_id_pagamento: `pay_demoproc${key}`,
      created: at,
    });
    const s: Stage = {
      booking: seedBooking(`demoprocage${number}`, pagamento, status, at),
      requerentes: [],
      documentos: [],
    };
    pagamentos.push(pagamento);
    stages.push(s);
    return s;
  };
  /** An applicant of stage `s`, sent with its documents in `status`. */
  const applicant = (
    s: Stage,
    n: number,
    fields: Partial<RequerenteRecord>,
    status: DocumentoRecord['status'] = 'aprovado',
    itens = ADULT_ITEMS,
  ) => {
    const r = seedApplicant(s.booking, n, { ...fields, enviado_em: s.booking.created });
    s.requerentes.push(r);
    s.documentos.push(...seedDocuments(r, itens, status, reviewer));
    return r;
  };
  /** An applicant's name and CPF, at SP_ADDRESS. */
  const sp = (nome: string, sobrenome: string, cpf: string) => ({ nome, sobrenome, cpf, ...SP_ADDRESS });

  stage('vazio', a.processoVazio, 1, 'familiar', 'NOVO');
  const enviado = stage('enviado', a.processoEnviado, 2, 'individual', 'NOVO');
  applicant(
    enviado,
    1,
    { ...sp('Paulo Henrique', 'Ferraro', a.processoEnviado.cpf), sexo: 'M', numero: '1000' },
    'em_analise',
  );

  const recusado = stage('recusado', a.processoRecusado, 3, 'familiar', 'ANALISE_ERRO');
  const costa = { sobrenome: 'Zanetti Costa', uf: 'SC', cidade: 'Florianópolis' };
  applicant(recusado, 1, { nome: 'Renata', cpf: a.processoRecusado.cpf, ...costa });
  const filha: Partial<RequerenteRecord> = {
    nome: 'Bianca',
    ...costa,
    data_nascimento: '2015-06-30',
    estado_civil: 'solteiro',
    altura_cm: 140,
    mae_nome: 'Renata Zanetti Costa',
    pai_nome: 'Marco Costa',
  };
  const bianca = applicant(recusado, 2, filha, 'aprovado', MINOR_ITEMS);
  const foto = recusado.documentos.find((d) => d.requerente === bianca.id && d.item === 'foto');
  if (foto) Object.assign(foto, REFUSED_PHOTO);
  recusado.booking.nota_cliente = reviewNote(recusado.requerentes, recusado.documentos);

  const aprovado = stage('aprovado', a.processoAprovado, 4, 'individual', 'ANALISE_OK');
  applicant(aprovado, 1, {
    nome: 'Luca',
    sobrenome: 'Moretti Pereira',
    sexo: 'M',
    cpf: a.processoAprovado.cpf,
    uf: 'RJ',
    cidade: 'Rio de Janeiro',
    cep: '20040002',
    logradouro: 'Avenida Rio Branco',
    numero: '50',
    aire_nao_sei: false,
    aire_comune: 'Treviso',
  });

  // Booking day: ANALISE_OK at São Paulo (on standby; code asked) and AGENDADO with its appointment.
  const pronto = stage('pronto', a.diaPronto, 5, 'familiar', 'ANALISE_OK');
  applicant(pronto, 1, sp('Chiara', 'Ricci Almeida', a.diaPronto.cpf));
  applicant(pronto, 2, { ...sp('Enzo', 'Ricci Almeida', withCpfCheckDigits('582469135')), sexo: 'M' });
  const codigo = stage('codigo', a.diaCodigo, 6, 'individual', 'ANALISE_OK');
  applicant(codigo, 1, { ...sp('Matteo', 'Conti Ribeiro', a.diaCodigo.cpf), sexo: 'M' });
  const agendado = stage('agendado', a.diaAgendado, 7, 'individual', 'AGENDADO');
  applicant(agendado, 1, sp('Sofia', 'Greco Martins', a.diaAgendado.cpf));
  const { data, hora, local } = DIA_SEED.agendado.compromissos[0]!;
  Object.assign(agendado.booking, { ...seedAppointment(data, hora, local), updated: DIA_SEED.agendado.at });

  // #28: booked at Curitiba a week ahead (due to confirm), and booked at São Paulo with Flex.
  const confirmar = stage('confirmar', a.diaConfirmar, 8, 'individual', 'AGENDADO');
  const curitiba = { uf: 'PR', cidade: 'Curitiba', cep: '80010000' };
  applicant(confirmar, 1, { ...sp('Pietro', 'Galli Souza', a.diaConfirmar.cpf), ...curitiba, sexo: 'M' });
  const flex = stage('flex', a.diaFlex, 9, 'individual', 'AGENDADO');
  applicant(flex, 1, sp('Giulia', 'Ferri Campos', a.diaFlex.cpf));
  for (const [s, { dias, hora }, local] of [
    [confirmar, DIA_SEED.confirmar, CURITIBA_LOCAL],
    [flex, DIA_SEED.flex, SP_LOCAL],
  ] as const)
    Object.assign(s.booking, seedAppointment(demoDay(dias), hora, local));

  for (const s of stages)
    if (s.documentos.length > 0) s.booking.formulario = sentSummary(s.requerentes, s.booking.created);
  return {
    pagamentos,
    agendamentos: stages.map((s) => s.booking),
    cobrancas: pagamentos.map((p) => seedCharge(p, `cobproc0000${p.id.slice(-4)}`)),
    requerentes: stages.flatMap((s) => s.requerentes),
    documentos: stages.flatMap((s) => s.documentos),
  };
}
