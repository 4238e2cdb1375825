// @vitest-environment node
// The case file's order of steps (pocketbase/pb_hooks/lib/processo_fluxo.js), which the kit's processo.js and the
// demo double both run, on fake ports that log each step.
import { describe, expect, it } from 'vitest';
import fluxo, {
  type PortasDaCorrecao,
  type PortasDaRevisao,
  type PortasDoRevisor,
  type PortasDoEnvio,
} from '../../pocketbase/pb_hooks/lib/processo_fluxo.js';
import REGRAS from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { stepLog } from './fluxo-ports';

const M = REGRAS.mensagens;
const HOJE = '2026-11-28';

/** An adult applicant with every field the send asks for. */
const REQUERENTE = {
  id: 'r1',
  enviado_em: '',
  nome: 'Maria',
  sobrenome: 'Souza',
  sexo: 'F',
  data_nascimento: '1990-05-10',
  local_nascimento: 'São Paulo',
  estado_civil: 'solteira',
  cor_olhos: 'castanhos',
  cep: '01001000',
  logradouro: 'Praça da Sé',
  numero: '1',
  cidade: 'São Paulo',
  uf: 'SP',
  altura_cm: 165,
  aire_comune: '',
  aire_nao_sei: true,
  cpf: '52998224725',
};
const documento = (id: string, item: string, status = 'pendente') => ({
  id,
  requerente: 'r1',
  item,
  arquivos: ['a.pdf'],
  status,
});

/** Fake ports over one case: `passos` logs each step, the transaction's start and end included. */
function envio(documentos: ReturnType<typeof documento>[], usuario = 'u1') {
  const { steps: passos, transacao } = stepLog(['inicio', 'fim']);
  const portas: PortasDoEnvio<typeof REQUERENTE, string> = {
    transacao,
    caso: () => ({
      agendamento: { usuario, status_agendamento: 'PAGO' },
      requerentes: [REQUERENTE],
      documentos,
      limite: { min: 1, max: 1 },
    }),
    documento: (id, campos, acao) => passos.push(`documento ${id} ${campos.status} ${acao}`),
    requerente: (id, campos) => passos.push(`requerente ${id} ${campos.enviado_em}`),
    agendamento: (campos) => passos.push(`agendamento ${campos.formulario.split('\n')[0]}`),
    avisar: (caso, dados) => passos.push(`avisar ${caso} ${JSON.stringify(dados)}`),
  };
  return { portas, passos };
}

describe('processo_fluxo enviar', () => {
  it('writes every pending document, the applicants and the booking in one transaction, then alerts staff', () => {
    const { portas, passos } = envio([
      documento('d1', 'identidade'),
      documento('d2', 'comprovante_endereco', 'aprovado'),
      documento('d3', 'foto', 'pendente'),
    ]);
    const feito = fluxo.enviar(portas, { id: 'u1', nome: 'Maria Souza' }, HOJE, 'agora');
    expect(feito).toEqual({ resposta: { enviados: 2 } });
    expect(passos).toEqual([
      'inicio',
      'documento d1 em_analise enviado para análise',
      'documento d3 em_analise enviado para análise',
      'requerente r1 agora',
      'agendamento Processo enviado para análise em 28/11/2026.',
      'fim',
      'avisar enviado {"nome":"Maria Souza","documentos":2}',
    ]);
  });

  it("refuses another's booking and a case with nothing new: nothing written, nobody alerted", () => {
    const alheio = envio([documento('d1', 'identidade')], 'u2');
    expect(fluxo.enviar(alheio.portas, { id: 'u1', nome: 'Maria' }, HOJE, 'agora').erro).toEqual({
      status: 404,
      message: M.naoEncontrado,
      data: {},
    });
    expect(alheio.passos).toEqual(['inicio', 'fim']);
    const enviado = envio(
      ['identidade', 'comprovante_endereco', 'foto'].map((i) => documento(i, i, 'em_analise')),
    );
    expect(fluxo.enviar(enviado.portas, { id: 'u1', nome: 'Maria' }, HOJE, 'agora').erro?.message).toBe(
      M.nadaParaEnviar,
    );
    expect(enviado.passos).toEqual(['inicio', 'fim']);
  });
});

/** Fake ports of a correction of REQUERENTE: its documents given, each step logged. */
function correcao(documentos: { id: string; status: string }[]) {
  const { steps: passos, transacao } = stepLog(['inicio', 'fim']);
  const portas: PortasDaCorrecao = {
    transacao,
    documentos: () => {
      passos.push('documentos');
      return documentos;
    },
    salvar: () => passos.push('salvar'),
    historico: (linhas) =>
      passos.push(`historico ${linhas.map((l) => `${l.campo}: ${l.de} → ${l.para}`).join('; ')}`),
    documento: (id, campos) => passos.push(`documento ${id} ${campos.status}`),
    formulario: () => passos.push('formulario'),
    avisar: (caso, dados) => passos.push(`avisar ${caso} ${JSON.stringify(dados)}`),
  };
  return { portas, passos };
}
const texto = (r: Record<string, unknown>, campo: string) => String(r[campo] ?? '');

describe('processo_fluxo corrigir', () => {
  it("saves a draft's change and records nothing", () => {
    const { portas, passos } = correcao([{ id: 'd1', status: 'pendente' }]);
    const depois = { ...REQUERENTE, cidade: 'Santos' };
    const feito = fluxo.corrigir(portas, REQUERENTE, depois, Object.keys(depois), texto, false, {
      nome: 'Maria',
    });
    expect(feito).toBeNull();
    expect(passos).toEqual(['inicio', 'documentos', 'salvar', 'fim']);
  });

  it("staff's change of a draft: recorded, no summary, nothing back to review, nobody alerted", () => {
    const { portas, passos } = correcao([{ id: 'd1', status: 'aprovado' }]);
    const depois = { ...REQUERENTE, cidade: 'Santos' };
    const feito = fluxo.corrigir(portas, REQUERENTE, depois, Object.keys(depois), texto, true, {
      nome: 'Ana',
    });
    expect(feito?.formulario).toBe(false);
    expect(passos.slice(0, 3)).toEqual(['inicio', 'documentos', 'salvar']);
    expect(passos[3]).toMatch(/^historico .*São Paulo → Santos/);
    expect(passos.slice(4)).toEqual(['fim']);
  });

  it("a sent applicant's correction: saved, recorded, approved documents back to review, summary, then the alert", () => {
    const { portas, passos } = correcao([
      { id: 'd1', status: 'aprovado' },
      { id: 'd2', status: 'recusado' },
    ]);
    const antes = { ...REQUERENTE, enviado_em: '2026-11-20 10:00:00.000Z' };
    const depois = { ...antes, cidade: 'Santos' };
    const feito = fluxo.corrigir(portas, antes, depois, Object.keys(depois), texto, false, { nome: 'Maria' });
    expect(feito?.avisar).toBe(true);
    expect(passos[0]).toBe('inicio');
    expect(passos.slice(1, 3)).toEqual(['documentos', 'salvar']);
    expect(passos[3]).toMatch(/^historico .*São Paulo → Santos/);
    expect(passos.slice(4)).toEqual([
      'documento d1 em_analise',
      'formulario',
      'fim',
      `avisar corrigido ${JSON.stringify({ nome: 'Maria', requerente: feito?.requerente, campos: feito?.campos })}`,
    ]);
  });
});

describe('processo_fluxo concluirRevisao', () => {
  const revisado = (id: string, status: string, motivo = '') => ({ id, status, motivo, motivo_texto: '' });

  it('waits while a document is under review, and for a refusal', () => {
    const escritos: object[] = [];
    const portas = (docs: ReturnType<typeof revisado>[]): PortasDaRevisao<ReturnType<typeof revisado>> => ({
      documentos: () => docs,
      rotulo: (d) => `Maria Souza · ${d.id}`,
      agendamento: (campos) => void escritos.push(campos),
    });
    expect(
      fluxo.concluirRevisao(portas([revisado('d1', 'recusado'), revisado('d2', 'em_analise')])),
    ).toBeNull();
    expect(fluxo.concluirRevisao(portas([revisado('d1', 'aprovado')]))).toBeNull();
    expect(escritos).toEqual([]);
    const motivo = 'ilegivel';
    const feito = fluxo.concluirRevisao(
      portas([revisado('d1', 'recusado', motivo), revisado('d2', 'aprovado')]),
    );
    expect(feito?.status_agendamento).toBe('ANALISE_ERRO');
    expect(feito?.nota_cliente).toContain('Maria Souza · d1');
    expect(escritos).toEqual([feito]);
  });
});

describe('processo_fluxo revisar', () => {
  const doc = (status: string, motivo = '') => ({ id: 'd1', status, motivo, motivo_texto: '' });
  /** Fake ports of a review of d1 (d2 still `outro`): `recusa` is the store's own refusal of the save. */
  function revisor(outro: string, recusa: string | null = null) {
    const passos: string[] = [];
    const portas: PortasDoRevisor<ReturnType<typeof doc>, string> = {
      salvar: (campos) => {
        passos.push(`salvar ${JSON.stringify(campos)}`);
        return recusa;
      },
      registrar: (acao) => passos.push(`registrar ${acao}`),
      documentos: () => [doc('recusado', 'ilegivel'), { ...doc(outro), id: 'd2' }],
      rotulo: (d) => d.id,
      agendamento: (campos) => passos.push(`agendamento ${campos.status_agendamento}`),
    };
    return { portas, passos };
  }

  it('refuses a refusal without a reason: nothing saved', () => {
    const { portas, passos } = revisor('aprovado');
    const feito = fluxo.revisar(portas, doc('em_analise'), doc('recusado'), 's1', 'agora');
    expect(feito.erro).toEqual({
      erros: { motivo: { code: 'validation_required', message: M.motivoObrigatorio } },
    });
    expect(passos).toEqual([]);
  });

  it('saves signed, records, then concludes the case once nothing is under review', () => {
    const { portas, passos } = revisor('aprovado');
    fluxo.revisar(portas, doc('em_analise'), doc('recusado', 'ilegivel'), 's1', 'agora');
    const assinado = {
      status: 'recusado',
      motivo: 'ilegivel',
      motivo_texto: '',
      revisado_por: 's1',
      revisado_em: 'agora',
    };
    expect(passos).toEqual([
      `salvar ${JSON.stringify(assinado)}`,
      `registrar recusado (${REGRAS.motivosRecusa.ilegivel})`,
      'agendamento ANALISE_ERRO',
    ]);
    const aberto = revisor('em_analise');
    fluxo.revisar(aberto.portas, doc('em_analise'), doc('aprovado'), 's1', 'agora');
    expect(aberto.passos.slice(1)).toEqual(['registrar aprovado']);
  });

  it("a document that was not under review, the same status, or the store's refusal: no outcome on the booking", () => {
    const antigo = revisor('aprovado');
    fluxo.revisar(antigo.portas, doc('pendente'), doc('recusado', 'ilegivel'), 's1', 'agora');
    expect(antigo.passos.slice(1)).toEqual([`registrar recusado (${REGRAS.motivosRecusa.ilegivel})`]);
    const igual = revisor('aprovado');
    expect(
      fluxo.revisar(igual.portas, doc('em_analise'), doc('em_analise'), 's1', 'agora').revisao?.revisado,
    ).toBe(false);
    expect(igual.passos).toEqual([
      `salvar ${JSON.stringify({ status: 'em_analise', motivo: '', motivo_texto: '' })}`,
    ]);
    const recusado = revisor('aprovado', 'longo demais');
    expect(fluxo.revisar(recusado.portas, doc('em_analise'), doc('aprovado'), 's1', 'agora').erro).toBe(
      'longo demais',
    );
    expect(recusado.passos).toHaveLength(1);
  });
});
