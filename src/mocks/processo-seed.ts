/**
 * Demo accounts with a case file at each stage: empty (Familiar, nothing typed yet), sent (in review),
 * refused (a document to replace) and approved; and at each stage of booking day (São Paulo, every document
 * approved): on standby for the next window (Familiar, two applicants), the code asked by staff, appointments
 * made (AGENDADO). Dates are fixed, like the rest of the seed; the day's handling records are dia-store.ts's.
 * After the slot (#28): an appointment due to confirm in the portal this week (Curitiba, which the demo alone
 * says asks for it) and one bought with Flex; their appointments are dated from the day the demo is seeded.
 */
import {
  type DocumentoRecord,
  itensPara,
  REGRAS,
  type RequerenteRecord,
  rotuloDoDocumento,
} from '@/lib/processo';
import type { BookingRecord, BookingStatus, ChargeRecord, PaymentRecord, ServiceId } from '@/lib/types';
import consulados from '../../pocketbase/pb_hooks/lib/consulados.json';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { pbMs, withCpfCheckDigits } from './util';

type Stage =
  | 'vazio'
  | 'enviado'
  | 'recusado'
  | 'aprovado'
  | 'pronto'
  | 'codigo'
  | 'agendado'
  | 'confirmar'
  | 'flex';

export const PROCESSO_DEMO_ACCOUNTS = {
  processoVazio: {
    id: 'demoprocvazio01',
    email: 'processo.vazio@demo.com.br',
    nome_completo: 'Giovanna Bertolini Alves',
    cpf: withCpfCheckDigits('714602398'),
    celular: '41991112233',
    verified: true,
    admin: false,
  },
  processoEnviado: {
    id: 'demoprocenviad1',
    email: 'processo.enviado@demo.com.br',
    nome_completo: 'Paulo Henrique Ferraro',
    cpf: withCpfCheckDigits('825713409'),
    celular: '11992223344',
    verified: true,
    admin: false,
  },
  processoRecusado: {
    id: 'demoprocrecusa1',
    email: 'processo.recusado@demo.com.br',
    nome_completo: 'Renata Zanetti Costa',
    cpf: withCpfCheckDigits('936824510'),
    celular: '48993334455',
    verified: true,
    admin: false,
  },
  processoAprovado: {
    id: 'demoprocaprova1',
    email: 'processo.aprovado@demo.com.br',
    nome_completo: 'Luca Moretti Pereira',
    cpf: withCpfCheckDigits('147935621'),
    celular: '21994445566',
    verified: true,
    admin: false,
  },
  diaPronto: {
    id: 'demodiapronto01',
    email: 'dia.pronto@demo.com.br',
    nome_completo: 'Chiara Ricci Almeida',
    cpf: withCpfCheckDigits('258146732'),
    celular: '11995556677',
    verified: true,
    admin: false,
  },
  diaCodigo: {
    id: 'demodiacodigo01',
    email: 'dia.codigo@demo.com.br',
    nome_completo: 'Matteo Conti Ribeiro',
    cpf: withCpfCheckDigits('369257843'),
    celular: '11996667788',
    verified: true,
    admin: false,
  },
  diaAgendado: {
    id: 'demodiaagenda01',
    email: 'dia.compromisso@demo.com.br',
    nome_completo: 'Sofia Greco Martins',
    cpf: withCpfCheckDigits('471368954'),
    celular: '11997778899',
    verified: true,
    admin: false,
  },
  diaConfirmar: {
    id: 'demodiaconfir01',
    email: 'dia.confirmar@demo.com.br',
    nome_completo: 'Pietro Galli Souza',
    cpf: withCpfCheckDigits('583479166'),
    celular: '41998889900',
    verified: true,
    admin: false,
  },
  diaFlex: {
    id: 'demodiaflex0001',
    email: 'dia.flex@demo.com.br',
    nome_completo: 'Giulia Ferri Campos',
    cpf: withCpfCheckDigits('694581277'),
    celular: '11999990011',
    verified: true,
    admin: false,
  },
} as const;

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

/** What an order costs (regras.json, the prices the server charges: comum.js validarPedido). */
export const seedPrice = (tipo: ServiceId, flex: boolean): number =>
  regras.precos[tipo] + (flex ? regras.taxaFlex : 0);

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

function stage(
  key: Stage,
  account: { id: string; nome_completo: string; cpf: string },
  n: number,
  tipo: 'individual' | 'familiar',
  status: BookingStatus,
): CaseSeed & { booking: BookingRecord } {
  const at = `2026-10-${String(20 + n).padStart(2, '0')} 1${n}:00:00.000Z`;
  const paymentId = `demoprocpag${String(n).padStart(4, '0')}`;
  const pagamento: PaymentRecord = {
    id: paymentId,
    collectionId: 'pbc_2707415296',
    collectionName: 'pagamentos',
    usuario: account.id,
    tipo_servico: tipo,
    preco_servico: seedPrice(tipo, false),
    metodo_pagamento: 'pix',
    numero_parcelas: 1,
    asaas_id_pagamento: `pay_demoproc${key}`,
    flex: false,
    status_asaas: 'RECEIVED',
    created: at,
    updated: at,
  };
  const booking: BookingRecord = {
    id: `demoprocage${String(n).padStart(4, '0')}`,
    collectionId: 'pbc_1453265092',
    collectionName: 'agendamentos',
    usuario: account.id,
    pagamento: paymentId,
    data_agendamento: '',
    hora_agendamento: '',
    status_agendamento: status,
    local_agendamento: '',
    formulario: '',
    nota_cliente: '',
    created: at,
    updated: at,
  };
  const cobranca: ChargeRecord = {
    id: `cobproc${String(n).padStart(8, '0')}`,
    collectionId: 'pbc_cobrancas',
    collectionName: 'cobrancas',
    usuario: account.id,
    tentativa: `seed-${paymentId}`,
    asaas_id: pagamento.asaas_id_pagamento,
    metodo: 'pix',
    tipo_servico: tipo,
    flex: false,
    valor: pagamento.preco_servico,
    parcelas: 1,
    status: 'RECEIVED',
    ativa: true,
    motivo: '',
    created: at,
    updated: at,
  };
  return {
    booking,
    pagamentos: [pagamento],
    agendamentos: [booking],
    cobrancas: [cobranca],
    requerentes: [],
    documentos: [],
  };
}

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
    revisado_por: status === 'aprovado' || status === 'recusado' ? reviewer : '',
    revisado_em: status === 'aprovado' || status === 'recusado' ? r.updated : '',
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
 * AGENDADO, FINALIZADO) or the photo refused (ANALISE_ERRO). With the booking's fields the send and the review
 * wrote (the summary; the refusal's note). The staff list's documentation and consulate columns then read as on
 * a real server.
 */
export function generatedCase(
  booking: BookingRecord,
  owner: { nome_completo: string; cpf: string },
  consulado: string,
  reviewer: string,
): Pick<CaseSeed, 'requerentes' | 'documentos'> & Pick<BookingRecord, 'formulario' | 'nota_cliente'> {
  // The kit has no rule for splitting an account's full name: the first word is the name, the rest the surname.
  const [nome = '', ...rest] = owner.nome_completo.split(' ');
  const place = REGRAS.consulados[consulado as keyof typeof REGRAS.consulados];
  const applicant = {
    ...seedApplicant(booking, 1, {
      nome,
      sobrenome: rest.join(' '),
      cpf: owner.cpf,
      uf: place?.ufs[0] ?? 'SP',
      cidade: place?.nome ?? 'São Paulo',
      enviado_em: booking.created,
    }),
    id: `r${booking.id.slice(1)}`,
  };
  const refused = booking.status_agendamento === 'ANALISE_ERRO';
  const documentos = seedDocuments(applicant, ADULT_ITEMS, 'aprovado', reviewer).map((d, k) => ({
    ...d,
    id: `d${booking.id.slice(1, 12)}00${k}`,
    ...(refused && d.item === 'foto'
      ? { status: 'recusado' as const, motivo: 'ilegivel' as const, motivo_texto: 'A foto está tremida.' }
      : {}),
  }));
  return {
    requerentes: [applicant],
    documentos,
    formulario: sentSummary([applicant], applicant.enviado_em),
    nota_cliente: refused ? reviewNote([applicant], documentos) : '',
  };
}

/**
 * The stages' orders, bookings, applicants and documents (reviewed by `reviewer`'s id), each sent case with the
 * summary its send wrote (on the day its booking was made) and the refused one with its review's note.
 */
export function processoSeed(reviewer: string): CaseSeed {
  const a = PROCESSO_DEMO_ACCOUNTS;
  const documents = (r: RequerenteRecord, itens: readonly string[], status: DocumentoRecord['status']) =>
    seedDocuments(r, itens, status, reviewer);
  const vazio = stage('vazio', a.processoVazio, 1, 'familiar', 'NOVO');

  const enviado = stage('enviado', a.processoEnviado, 2, 'individual', 'NOVO');
  const paulo = seedApplicant(enviado.booking, 1, {
    nome: 'Paulo Henrique',
    sobrenome: 'Ferraro',
    sexo: 'M',
    cpf: a.processoEnviado.cpf,
    uf: 'SP',
    cidade: 'São Paulo',
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
  });
  enviado.requerentes.push(paulo);
  enviado.documentos.push(...documents(paulo, ADULT_ITEMS, 'em_analise'));

  const recusado = stage('recusado', a.processoRecusado, 3, 'familiar', 'ANALISE_ERRO');
  const renata = seedApplicant(recusado.booking, 1, {
    nome: 'Renata',
    sobrenome: 'Zanetti Costa',
    cpf: a.processoRecusado.cpf,
    uf: 'SC',
    cidade: 'Florianópolis',
  });
  const bianca = seedApplicant(recusado.booking, 2, {
    nome: 'Bianca',
    sobrenome: 'Zanetti Costa',
    data_nascimento: '2015-06-30',
    estado_civil: 'solteiro',
    altura_cm: 140,
    uf: 'SC',
    cidade: 'Florianópolis',
    mae_nome: 'Renata Zanetti Costa',
    pai_nome: 'Marco Costa',
  });
  recusado.requerentes.push(renata, bianca);
  recusado.documentos.push(
    ...documents(renata, ADULT_ITEMS, 'aprovado'),
    ...documents(bianca, MINOR_ITEMS, 'aprovado'),
  );
  const foto = recusado.documentos.find((d) => d.requerente === bianca.id && d.item === 'foto');
  if (foto)
    Object.assign(foto, { status: 'recusado', motivo: 'ilegivel', motivo_texto: 'A foto está tremida.' });
  recusado.booking.nota_cliente = reviewNote(recusado.requerentes, recusado.documentos);

  const aprovado = stage('aprovado', a.processoAprovado, 4, 'individual', 'ANALISE_OK');
  const luca = seedApplicant(aprovado.booking, 1, {
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
  aprovado.requerentes.push(luca);
  aprovado.documentos.push(...documents(luca, ADULT_ITEMS, 'aprovado'));

  const dia = diaStages(a, documents);
  const all = [vazio, enviado, recusado, aprovado, ...dia];
  for (const s of all)
    if (s.documentos.length > 0) s.booking.formulario = sentSummary(s.requerentes, s.booking.created);
  return {
    pagamentos: all.flatMap((s) => s.pagamentos),
    agendamentos: all.flatMap((s) => s.agendamentos),
    cobrancas: all.flatMap((s) => s.cobrancas),
    // Every seeded applicant with documents was sent (pb_hooks/lib/processo.js enviar marks it).
    requerentes: all.flatMap((s) =>
      s.requerentes.map((r) => ({
        ...r,
        enviado_em: s.documentos.some((d) => d.requerente === r.id) ? r.created : '',
      })),
    ),
    documentos: all.flatMap((s) => s.documentos),
  };
}

/** Booking day's stages: ANALISE_OK at São Paulo (on standby; code asked) and AGENDADO with its appointment. */
function diaStages(
  a: typeof PROCESSO_DEMO_ACCOUNTS,
  documents: (
    r: RequerenteRecord,
    itens: readonly string[],
    status: DocumentoRecord['status'],
  ) => DocumentoRecord[],
) {
  const pronto = stage('pronto', a.diaPronto, 5, 'familiar', 'ANALISE_OK');
  const codigo = stage('codigo', a.diaCodigo, 6, 'individual', 'ANALISE_OK');
  const agendado = stage('agendado', a.diaAgendado, 7, 'individual', 'AGENDADO');
  const applicant = (s: typeof pronto, n: number, nome: string, sobrenome: string, cpf: string) => {
    const r = seedApplicant(s.booking, n, { nome, sobrenome, cpf, ...SP_ADDRESS });
    s.requerentes.push(r);
    s.documentos.push(...documents(r, ADULT_ITEMS, 'aprovado'));
  };
  applicant(pronto, 1, 'Chiara', 'Ricci Almeida', a.diaPronto.cpf);
  applicant(pronto, 2, 'Enzo', 'Ricci Almeida', withCpfCheckDigits('582469135'));
  applicant(codigo, 1, 'Matteo', 'Conti Ribeiro', a.diaCodigo.cpf);
  applicant(agendado, 1, 'Sofia', 'Greco Martins', a.diaAgendado.cpf);
  const [first] = DIA_SEED.agendado.compromissos;
  Object.assign(agendado.booking, {
    ...seedAppointment(first?.data ?? '', first?.hora ?? '', first?.local ?? ''),
    updated: DIA_SEED.agendado.at,
  });
  return [pronto, codigo, agendado, ...afterSlotStages(a, applicant)];
}

/** #28: booked at Curitiba a week ahead (due to confirm), and booked at São Paulo with Flex. */
function afterSlotStages(
  a: typeof PROCESSO_DEMO_ACCOUNTS,
  applicant: (
    s: CaseSeed & { booking: BookingRecord },
    n: number,
    nome: string,
    sobrenome: string,
    cpf: string,
  ) => void,
) {
  const confirmar = stage('confirmar', a.diaConfirmar, 8, 'individual', 'AGENDADO');
  const flex = stage('flex', a.diaFlex, 9, 'individual', 'AGENDADO');
  applicant(confirmar, 1, 'Pietro', 'Galli Souza', a.diaConfirmar.cpf);
  Object.assign(confirmar.requerentes[0]!, { uf: 'PR', cidade: 'Curitiba', cep: '80010000' });
  applicant(flex, 1, 'Giulia', 'Ferri Campos', a.diaFlex.cpf);
  Object.assign(flex.pagamentos[0]!, { flex: true, preco_servico: seedPrice('individual', true) });
  Object.assign(flex.cobrancas[0]!, { flex: true, valor: seedPrice('individual', true) });
  for (const [s, seed, local] of [
    [confirmar, DIA_SEED.confirmar, CURITIBA_LOCAL],
    [flex, DIA_SEED.flex, SP_LOCAL],
  ] as const)
    Object.assign(s.booking, seedAppointment(demoDay(seed.dias), seed.hora, local));
  return [confirmar, flex];
}
