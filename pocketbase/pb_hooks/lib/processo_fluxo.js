// The case file's sequences, written once: 'Enviar para análise' (the pending documents to review, the applicants
// marked as sent, the booking's summary, staff's alert), a correction of an applicant's data (the history, the
// documents sent back to review, the summary, staff's alert), staff's review of a document and its outcome on the
// booking. The order of
// these steps is itself a decision (what one transaction holds, what is written before the alert);
// processo_comum.js decides each step. Records are read and written by the caller's "ports" (plain functions):
// lib/processo.js gives PocketBase's records and transactions (the demo double runs it through its JSVM stand-in);
// tests give fake ones. CommonJS requiring only other rules modules (scripts/build/kit-module.ts serves it to the app).
//
// The ports (processo_fluxo.d.ts):
//   transacao(fazer): runs `fazer` with every read and write of the ports in one transaction (the kit: PocketBase
//     runs them one after another; the double: one request at a time).
//   For the send (enviar): caso() the booking of the route ({ usuario, status_agendamento, ... } or null), its
//     applicants and documents by creation and the count its service allows ({ min, max } or null); documento(id,
//     campos, acao) a document written and its history line; requerente(id, campos) an applicant written;
//     agendamento(campos) the booking written, its change in the history; avisar(caso, dados) staff's alert
//     (email_texto.js alertasDoProcesso[caso], at most one per booking an interval: the caller's).
//   For a correction (corrigir): documentos() the applicant's documents; salvar() the applicant saved;
//     historico(linhas) the lines in the booking's history; documento(id, campos) a document written;
//     formulario() the booking's summary written again from every applicant, its change in the history; avisar.
//   For staff's review of a document (revisar): salvar(campos) the document written, or the refusal of the store's
//     own checks; registrar(acao) its history line; and concluirRevisao's.
//   For the review's outcome (concluirRevisao): documentos() the booking's documents by creation; rotulo(documento)
//     how the history and the e-mails name it; agendamento(campos) the booking written, its change in the history
//     and the status e-mail.
//
// Each flow returns { erro } (its refusal) or what it did.

const comum = require(`${__hooks}/lib/processo_comum.js`);
const { cpfValido } = require(`${__hooks}/lib/comum.js`);
const REGRAS = require(`${__hooks}/lib/processo_regras.json`);
const R = require(`${__hooks}/lib/regras.json`);

/**
 * 'Enviar para análise' by `quem` ({ id, nome }) on São Paulo's day `hoje`, at `agora` (as the store writes it):
 * processo_comum.js envioDoCaso decides. The case is read and written in one transaction, so a second send at the
 * same moment (a double click) reads the first one's documents under review and finds nothing new
 * (nadaParaEnviar), writing no history. Then staff are alerted. Returns { erro: { status, message, data } }
 * (PocketBase's error shape, with the list of what is missing) or { resposta: { enviados } }.
 */
function enviar(portas, quem, hoje, agora) {
  let plano = null;
  portas.transacao(() => {
    const caso = portas.caso();
    plano = comum.envioDoCaso(
      {
        agendamento: caso.agendamento,
        usuario: quem.id,
        requerentes: caso.requerentes,
        documentos: caso.documentos,
        limite: caso.limite,
        hoje: hoje,
        agora: agora,
        encerrados: R.agendamentoEncerrado,
      },
      REGRAS,
      cpfValido,
    );
    if (plano.recusa) return;
    plano.documentos.forEach((novo) => portas.documento(novo.id, novo.campos, novo.acao));
    plano.requerentes.forEach((enviado) => portas.requerente(enviado.id, enviado.campos));
    portas.agendamento({ formulario: plano.formulario });
  });
  if (plano.recusa) return { erro: plano.recusa };
  const enviados = plano.documentos.length;
  portas.avisar('enviado', { nome: quem.nome, documentos: enviados });
  return { resposta: { enviados: enviados } };
}

/**
 * A change of an applicant's data by `quem` ({ nome }; `equipe`: staff or a superuser), `antes` and `depois` it,
 * their `campos` read by `texto(registro, campo)`: processo_comum.js correcaoDoRequerente decides. In one
 * transaction: the applicant's documents read, the applicant saved, then (a correction of a case sent, or staff's)
 * each field's old and new value in the history, the approved documents back to review and the booking's summary
 * written again; after it, staff are alerted. Returns the correction, or null (the customer's draft).
 */
function corrigir(portas, antes, depois, campos, texto, equipe, quem) {
  let correcao = null;
  portas.transacao(() => {
    const documentos = portas.documentos();
    correcao = comum.correcaoDoRequerente(antes, depois, campos, texto, equipe, documentos, REGRAS);
    portas.salvar();
    if (!correcao) return;
    portas.historico(correcao.linhas);
    correcao.revisar.forEach((r) => portas.documento(r.id, r.campos));
    if (correcao.formulario) portas.formulario();
  });
  if (correcao && correcao.avisar) {
    portas.avisar('corrigido', { nome: quem.nome, requerente: correcao.requerente, campos: correcao.campos });
  }
  return correcao;
}

/**
 * Staff's review of a document, `antes` and `depois` it (its fields as stored and as asked), by `revisor` (the staff
 * member's id; '' for a superuser) at `agora`: processo_comum.js revisao decides. Refused: { erro: { erros } } (its
 * field errors), nothing saved. Else the document saved with its status, reason and note, signed and dated when the
 * status moved (salvar(campos) returns a refusal of the store's own checks, or nothing); a review then goes to the
 * history (registrar(acao)) and, of a document that was under review, its outcome on the booking (concluirRevisao,
 * same ports). Returns { erro } or { revisao }.
 */
function revisar(portas, antes, depois, revisor, agora) {
  const revisao = comum.revisao(antes, depois, REGRAS);
  if (revisao.erros) return { erro: { erros: revisao.erros } };
  const campos = { status: depois.status, motivo: revisao.motivo, motivo_texto: revisao.motivo_texto };
  const recusa = portas.salvar(Object.assign(campos, comum.camposDaRevisao(revisao, revisor, agora)));
  if (recusa) return { erro: recusa };
  if (!revisao.revisado) return { revisao: revisao };
  portas.registrar(revisao.acao);
  if (antes.status === 'em_analise') concluirRevisao(portas);
  return { revisao: revisao };
}

/**
 * After staff's review of a document that was under review: once every document sent is reviewed and some are
 * refused, the booking goes to ANALISE_ERRO with the list of refused documents as the note (the customer's status
 * e-mail carries it). Returns the fields written, or null.
 */
function concluirRevisao(portas) {
  const conclusao = comum.conclusaoDaRevisao(portas.documentos(), portas.rotulo, REGRAS);
  if (conclusao) portas.agendamento(conclusao);
  return conclusao;
}

module.exports = { enviar, corrigir, revisar, concluirRevisao };
