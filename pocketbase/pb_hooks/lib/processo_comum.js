// The case file's rules that are code, written once for both runtimes like comum.js: PocketBase's JSVM loads
// this file with require() (CommonJS: the rules data, processo_regras.json, is passed in; the name rule and its
// words are comum.js's and mensagens.json's), and the app and the demo backend import it through
// scripts/build/kit-module.ts. Plain ES2015, no PocketBase calls.

const { erroNomeProprio, erroInvisivel } = require(`${__hooks}/lib/comum.js`);
const MENSAGENS = require(`${__hooks}/lib/mensagens.json`);

const DATA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-mm-dd ('1990-02-31' is not one). */
function dataValida(texto) {
  const m = DATA.exec(String(texto || ''));
  if (!m) return false;
  const dia = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dia.toISOString().slice(0, 10) === m[0];
}

/** Whole years from `nascimento` to `hoje` (both yyyy-mm-dd). */
function idade(nascimento, hoje) {
  const anos = Number(hoje.slice(0, 4)) - Number(nascimento.slice(0, 4));
  return hoje.slice(5) >= nascimento.slice(5) ? anos : anos - 1;
}

/**
 * What is wrong with a birth date on `hoje`, as the form says it: '' for an empty or plausible date; an
 * impossible one, a future one, or an age over `regras.idadeMaxima` each have their message.
 */
function erroNascimento(nascimento, hoje, regras) {
  const texto = String(nascimento || '');
  if (texto === '') return '';
  if (!dataValida(texto)) return regras.mensagens.nascimentoInvalido;
  if (texto > hoje) return regras.mensagens.nascimentoFuturo;
  if (idade(texto, hoje) >= regras.idadeMaxima) return regras.mensagens.nascimentoImplausivel;
  return '';
}

/** Under age on `hoje` for a valid, plausible birth date; false for none or a wrong one (it is asked again). */
function ehMenor(nascimento, hoje, regras) {
  const texto = String(nascimento || '');
  if (texto === '' || erroNascimento(texto, hoje, regras) !== '') return false;
  return idade(texto, hoje) < regras.maioridade;
}

/** An applicant's names, each checked on its own (comum.js erroNomeProprio). */
const CAMPOS_DE_NOME = ['nome', 'sobrenome'];

/**
 * What is wrong with an applicant's data as the form checks it, in PocketBase's 400 shape: { campo: { code,
 * message } } for any text field (`camposDeTexto`: the collection's text fields' names, each one line) holding
 * control or invisible direction characters (comum.erroInvisivel), the names (comum.erroNomeProprio), the birth
 * date (erroNascimento) and the CPF (`cpfValido`: comum.cpfValido), {} when nothing.
 * `antes`: the stored applicant, or null for a new one; `depois`: the applicant as it would be saved. Only what
 * the save changes is checked (a value stored before these checks is asked for at sending, or stays readable).
 */
function errosDeDados(antes, depois, hoje, regras, cpfValido, camposDeTexto) {
  const texto = (registro, campo) =>
    registro[campo] === undefined || registro[campo] === null ? '' : String(registro[campo]);
  const mudou = (campo) => !antes || texto(antes, campo) !== texto(depois, campo);
  const erros = {};
  (camposDeTexto || []).forEach((campo) => {
    const invisivel = mudou(campo) ? erroInvisivel(depois[campo], false, MENSAGENS) : '';
    if (invisivel) erros[campo] = { code: 'validation_invisible_chars', message: invisivel };
  });
  CAMPOS_DE_NOME.forEach((campo) => {
    const nome = mudou(campo) && !erros[campo] ? erroNomeProprio(depois[campo], MENSAGENS) : '';
    if (nome) erros[campo] = { code: 'validation_invalid_nome', message: nome };
  });
  const nascimento = mudou('data_nascimento') ? erroNascimento(depois.data_nascimento, hoje, regras) : '';
  if (nascimento) erros.data_nascimento = { code: 'validation_invalid_date', message: nascimento };
  const cpf = texto(depois, 'cpf');
  if (mudou('cpf') && cpf !== '' && !cpfValido(cpf)) {
    erros.cpf = { code: 'validation_invalid_cpf', message: regras.mensagens.cpfInvalido };
  }
  return erros;
}

/** The booking statuses after which the customer changes nothing in the case file (staff still can). */
function travadoParaCliente(statusAgendamento, regras) {
  return regras.trava.cliente.indexOf(String(statusAgendamento || '')) >= 0;
}

/**
 * The applicant's own data among a collection's field names: every field but the server's (id, relation,
 * dates, the sending mark). A field added to the collection later is data too, locked and erased with the rest.
 */
function camposDeDados(nomes, regras) {
  return nomes.filter(
    (nome) => regras.trava.camposDoSistema.indexOf(nome) < 0 && regras.trava.contaDoPortal.indexOf(nome) < 0,
  );
}

/**
 * Whether a customer's change touches only the applicant's Prenot@mi account (regras.trava.contaDoPortal), which
 * is no reviewed data: allowed until the booking is made (contaDoPortalTravadaEm), and recorded as no correction.
 */
function soContaDoPortal(camposMudados, regras) {
  return camposMudados.every((nome) => regras.trava.contaDoPortal.indexOf(nome) >= 0);
}

/** The booking statuses after which the customer no longer changes the applicants' Prenot@mi account. */
function contaTravada(statusAgendamento, regras) {
  return regras.trava.contaDoPortalTravadaEm.indexOf(String(statusAgendamento || '')) >= 0;
}

/**
 * A booking whose case file is closed: FINALIZADO or CANCELADO (`encerrados`: regras.json agendamentoEncerrado),
 * or its files already deleted by the retention job. `agendamento`: { status_agendamento, arquivos_excluidos_em }.
 */
function encerrado(agendamento, encerrados) {
  return (
    encerrados.indexOf(String(agendamento.status_agendamento || '')) >= 0 ||
    String(agendamento.arquivos_excluidos_em || '') !== ''
  );
}

/**
 * Why the customer may not write to a case, in the case file's words, or '' when they may: a closed case, then
 * the lock (travadoParaCliente), or for a change of the applicant's Prenot@mi account only (`soConta`) the
 * account's later lock (contaTravada). Staff are never refused.
 */
function recusaAoCliente(agendamento, soConta, encerrados, regras) {
  if (encerrado(agendamento, encerrados)) return regras.mensagens.encerrado;
  const status = agendamento.status_agendamento;
  const travado = soConta ? contaTravada(status, regras) : travadoParaCliente(status, regras);
  return travado ? regras.mensagens.travado : '';
}

/**
 * The customer's change of an applicant (`mudados`: the names of the fields whose value it changes): refused as
 * recusaAoCliente, the account's lock applying when it changes the Prenot@mi account only (soContaDoPortal). A
 * save that changes nothing (the form saving the same contacts again) has nothing to refuse but on a closed case,
 * which takes nothing from the customer (its data may already be erased).
 */
function recusaDaAlteracao(agendamento, mudados, encerrados, regras) {
  if (mudados.length === 0 && !encerrado(agendamento, encerrados)) return '';
  return recusaAoCliente(agendamento, soContaDoPortal(mudados, regras), encerrados, regras);
}

/** The data fields the retention job empties: all but what the business keeps (regras.trava.retencaoMantem). */
function camposApagados(nomes, regras) {
  return nomes.filter(
    (nome) => regras.trava.camposDoSistema.indexOf(nome) < 0 && regras.trava.retencaoMantem.indexOf(nome) < 0,
  );
}

/** How staff read a field's name in the history: the checklist's word for it, else the field's name. */
function nomeDoCampo(campo, regras) {
  const par = regras.camposObrigatorios.filter((p) => p[0] === campo)[0];
  return par ? par[1] : regras.trava.nomesDosCampos[campo] || campo;
}

/**
 * [{campo, de, para}] for the data fields whose value differs; `valor(registro, campo)` reads a value as text
 * (each runtime reads its own records).
 */
function mudancas(antes, depois, campos, valor) {
  const lista = [];
  campos.forEach((campo) => {
    const de = valor(antes, campo);
    const para = valor(depois, campo);
    if (de !== para) lista.push({ campo: campo, de: de, para: para });
  });
  return lista;
}

/**
 * The customer's note a booking keeps after a save: a note belongs to the status it was written for, so a new
 * status saved with the old note unchanged (the editor shows it pre-filled) keeps none, and a refusal list never
 * reaches the ANALISE_OK e-mail or tracking. A note typed for the new status is kept.
 */
function notaDoStatus(statusAntes, notaAntes, statusDepois, notaDepois) {
  return statusDepois !== statusAntes && notaDepois === notaAntes ? '' : notaDepois;
}

/** The consulate id serving a UF ('sp', ' SP '), or '' for an unknown one. */
function consuladoDaUf(uf, regras) {
  const alvo = String(uf || '')
    .trim()
    .toUpperCase();
  const ids = Object.keys(regras.consulados);
  for (let i = 0; i < ids.length; i++) if (regras.consulados[ids[i]].ufs.indexOf(alvo) >= 0) return ids[i];
  return '';
}

/**
 * A booking's case summary for the staff list (`requerentes`: its applicants, { uf }; `documentos`: its
 * documents, { status }). `consulado`: the consulate serving every applicant with a known UF, regras.varios.id
 * when they are served by different ones, '' while none has a known UF. `documentacao`: recusada while any
 * document is refused, else em_analise while any is under review, else aprovada when there are documents and all
 * are approved, else pendente. The kit keeps it in SQL (processo_resumo.js, so a save updates the database at
 * once); this is its twin, for the double, and tests/server/resumo-propriedade.test.ts holds the two equal.
 */
function resumoDaLista(requerentes, documentos, regras) {
  const consulados = [];
  requerentes.forEach((r) => {
    const id = consuladoDaUf(r.uf, regras);
    if (id && consulados.indexOf(id) < 0) consulados.push(id);
  });
  const algum = (status) => documentos.some((d) => d.status === status);
  let documentacao = 'pendente';
  if (algum('recusado')) documentacao = 'recusada';
  else if (algum('em_analise')) documentacao = 'em_analise';
  else if (documentos.length > 0 && documentos.every((d) => d.status === 'aprovado'))
    documentacao = 'aprovada';
  return {
    consulado: consulados.length > 1 ? regras.varios.id : consulados[0] || '',
    documentacao: documentacao,
  };
}

/** The checklist items for an applicant type ('adulto' or 'menor'). */
function itensPara(tipo, regras) {
  return regras.itens.filter((i) => i.para.indexOf(tipo) >= 0);
}

/** "Maria Souza": an applicant's name, or how the server names one without it. */
function nomeRequerente(requerente, regras) {
  return (
    (String(requerente.nome || '') + ' ' + String(requerente.sobrenome || '')).trim() ||
    regras.mensagens.semNome
  );
}

/** What the history says of a document's new files: the customer's first upload, or a replacement. */
const ARQUIVO = { enviado: 'arquivo enviado', substituido: 'arquivo substituído' };

/** What the server writes on a new document, whatever the customer sent: pending until the case is sent. */
const DOCUMENTO_NOVO = { status: 'pendente' };

/**
 * A document's line in the booking's history: the document as rotuloDoDocumento names it (`rotulo`) and what
 * happened to it (`acao`: ARQUIVO's, revisao's or envio's words).
 */
function linhasDoDocumento(rotulo, acao) {
  return [{ campo: 'documento', de: rotulo, para: acao }];
}

/**
 * A correction's lines in the booking's history: each field changed of the applicant named `nome`, what it was
 * and what it is ({ campo, de, para } of `mudancas`).
 */
function linhasDaCorrecao(nome, mudancas, regras) {
  return mudancas.map((m) => ({
    campo: 'requerente',
    de: nome + ' · ' + nomeDoCampo(m.campo, regras) + ': ' + m.de,
    para: m.para,
  }));
}

/** What a correction's erased values read as in the history after retention. */
const APAGADO_NA_RETENCAO = 'valor apagado na retenção';

/**
 * A history line after retention (LGPD; /privacidade): a correction's line (linhasDaCorrecao) holds the applicant's
 * typed data, old and new, erased with the rest; which applicant and which field stay, and so do the values of a
 * field retention keeps (`trava.retencaoMantem`: the names). Any other line is returned as it is.
 */
function linhaAposRetencao(linha, regras) {
  if (!linha || linha.campo !== 'requerente') return linha;
  const de = String(linha.de || '');
  const ponto = de.indexOf(' · ');
  const fim = ponto < 0 ? -1 : de.indexOf(': ', ponto + 3);
  const rotulo = fim < 0 ? '' : de.slice(ponto + 3, fim);
  const mantidos = regras.trava.retencaoMantem.map((campo) => nomeDoCampo(campo, regras));
  if (rotulo && mantidos.indexOf(rotulo) >= 0) return linha;
  if (linha.para === APAGADO_NA_RETENCAO && fim < 0) return linha;
  return { campo: linha.campo, de: fim < 0 ? de : de.slice(0, fim), para: APAGADO_NA_RETENCAO };
}

/** Why an applicant's removal is refused ('' when not): `aprovados` of their documents are approved. */
function recusaDaRemocao(aprovados, regras) {
  return aprovados > 0 ? regras.mensagens.requerenteAprovado : '';
}

/**
 * The service's bounds on its applicants, { min, max } (processo_regras.json `requerentes`): a booking without an
 * order, or of a type the rules do not name, is held to Individual's.
 */
function limitesDoServico(tipoServico, regras) {
  return Object.prototype.hasOwnProperty.call(regras.requerentes, tipoServico)
    ? regras.requerentes[tipoServico]
    : regras.requerentes.individual;
}

/** Why one more applicant is refused ('' when not): the booking has `quantos` of its service's `max`. */
function recusaDoNovoRequerente(quantos, max, regras) {
  return quantos >= max
    ? porLimite(regras.mensagens.umRequerente, regras.mensagens.maximoRequerentes, { max: max })
    : '';
}

/**
 * A document's refusal as the kit answers it before PocketBase's checks, or null: an unknown item, or more files
 * (`quantos`) than the item takes. { mensagem, erros: { campo: { code, message } } }.
 */
function recusaDoDocumento(item, quantos, regras) {
  const definicao = regras.itens.filter((i) => i.id === item)[0];
  if (!definicao) {
    const texto = regras.mensagens.itemInvalido;
    return { mensagem: texto, erros: { item: { code: 'validation_invalid_item', message: texto } } };
  }
  if (quantos <= definicao.maxArquivos) return null;
  const texto = porLimite(regras.mensagens.umArquivo, regras.mensagens.maximoArquivos, {
    max: definicao.maxArquivos,
  });
  return { mensagem: texto, erros: { arquivos: { code: 'validation_max_files', message: texto } } };
}

/** A file name's extension in lower case, with its dot ('' when it has none). */
function extensao(nome) {
  const texto = String(nome);
  const ponto = texto.lastIndexOf('.');
  return ponto > 0 ? texto.slice(ponto).toLowerCase() : '';
}

/**
 * Why the owner's upload is refused before anything is counted or stored, or null. `nomes`: the original names of
 * the files sent with this save. A replacement (`substitui`) carries at least one: a save without a file would
 * send the same file back as replaced, its refusal's reason erased. Each name ends in one of the kit's extensions
 * (one without any takes its type's, as PocketBase names it): the type is PocketBase's check, sniffed from the
 * content, but the name is what staff download and open. { mensagem, erros } as recusaDoDocumento.
 */
function recusaDosArquivos(nomes, substitui, regras) {
  if (substitui && nomes.length === 0) {
    const texto = regras.mensagens.semArquivoNovo;
    return { mensagem: texto, erros: { arquivos: { code: 'validation_required', message: texto } } };
  }
  const aceitas = regras.arquivos.extensoes;
  const errado = nomes.filter((n) => extensao(n) !== '' && aceitas.indexOf(extensao(n)) < 0)[0];
  if (errado === undefined) return null;
  const texto = regras.mensagens.tipoInvalido.replace('{nome}', errado);
  return { mensagem: texto, erros: { arquivos: { code: 'validation_invalid_extension', message: texto } } };
}

/**
 * Whether an account that sent `recentes` files within the last `limite.janelaSeg` seconds may send one more
 * (limites.json arquivos: `porConta` in that window); past it the upload is refused with MSG.muitosEnvios (429).
 */
function envioLiberado(recentes, limite) {
  return recentes < limite.porConta;
}

/** "Maria Souza · Foto para passaporte": how the history and the e-mails name a document (its applicant or null). */
function rotuloDoDocumento(requerente, item, regras) {
  const definicao = regras.itens.filter((i) => i.id === item)[0];
  const nome = requerente ? nomeRequerente(requerente, regras) : regras.mensagens.semNome;
  return nome + ' · ' + (definicao ? definicao.nome : item);
}

/** "Ilegível: a foto está tremida": a refused document's reason as staff wrote it ({ motivo, motivo_texto }). */
function motivoDe(documento, regras) {
  const motivo = regras.motivosRecusa[documento.motivo] || '';
  const texto = String(documento.motivo_texto || '').trim();
  return motivo && texto ? motivo + ': ' + texto : motivo || texto;
}

/**
 * Staff's review of a document: `antes` the stored document, `depois` it with the request's fields ({ status,
 * motivo, motivo_texto }). Refused ({ erros }, PocketBase's 400 data) unless the status stays or becomes
 * 'aprovado', or 'recusado' with a reason. Else what is saved: { revisado (the status moved: the review is signed,
 * dated and recorded), motivo and motivo_texto (an approval keeps none), acao (the history's words:
 * 'aprovado', 'recusado (Ilegível: a foto está tremida)') }.
 */
function revisao(antes, depois, regras) {
  const M = regras.mensagens;
  const status = String(depois.status || '');
  if (status === String(antes.status || '')) {
    return { revisado: false, motivo: depois.motivo, motivo_texto: depois.motivo_texto, acao: '' };
  }
  if (status !== 'aprovado' && status !== 'recusado') {
    return { erros: { status: { code: 'validation_invalid_status', message: M.revisaoInvalida } } };
  }
  if (status === 'recusado' && !depois.motivo) {
    return { erros: { motivo: { code: 'validation_required', message: M.motivoObrigatorio } } };
  }
  if (status === 'aprovado') return { revisado: true, motivo: '', motivo_texto: '', acao: 'aprovado' };
  return {
    revisado: true,
    motivo: depois.motivo,
    motivo_texto: depois.motivo_texto,
    acao: 'recusado (' + motivoDe(depois, regras) + ')',
  };
}

/**
 * What a review (revisao's answer, not refused) writes on the document besides its status: when the status moved,
 * its reason and note, signed by `revisor` (the staff member's id; '' for a superuser) and dated `agora`; else
 * nothing.
 */
function camposDaRevisao(resultado, revisor, agora) {
  if (!resultado.revisado) return {};
  return {
    motivo: resultado.motivo,
    motivo_texto: resultado.motivo_texto,
    revisado_por: revisor,
    revisado_em: agora,
  };
}

/** The owner's new files for a document: pending again, its reason gone, marked resent when it had been refused. */
function substituicao(antes) {
  return {
    status: 'pendente',
    motivo: '',
    motivo_texto: '',
    reenviado: antes.status === 'recusado' || antes.reenviado === true,
  };
}

/**
 * What a save of an applicant's data does besides the save: null when it is none of staff's business (nothing
 * changed, or the customer's draft, typed freely). Else a correction, each change recorded in the history, and
 * once the applicant was sent (`enviado`): the booking's `formulario` written again (`formulario`), and by the
 * customer (`equipe` false) what staff approved checked again (`revisar`: each approved document of the
 * applicant, { id, campos: { status: 'em_analise' } }) and staff told (`avisar`). `mudancas`: the data fields the
 * save changes (mudancas over camposDeDados); `documentos`: the applicant's documents ({ id, status }).
 */
function correcao(mudancas, enviado, equipe, documentos) {
  if (mudancas.length === 0 || (!enviado && !equipe)) return null;
  const doCliente = enviado && !equipe;
  return {
    formulario: enviado,
    avisar: doCliente,
    revisar: (doCliente ? documentos : [])
      .filter((d) => d.status === 'aprovado')
      .map((d) => ({ id: d.id, campos: { status: 'em_analise' } })),
  };
}

/**
 * correcao for a save of an applicant, from `antes` and `depois` (the applicant before and after; `campos`: the
 * collection's field names; `texto(registro, campo)` reads a value as text) by staff (`equipe`) or the customer, with
 * the applicant's `documentos`: null, or correcao's answer with the history's lines (`linhas`: linhasDaCorrecao), the
 * applicant's name (`requerente`) and the names of the fields changed (`campos`: what staff's alert lists).
 */
function correcaoDoRequerente(antes, depois, campos, texto, equipe, documentos, regras) {
  const lista = mudancas(antes, depois, camposDeDados(campos, regras), texto);
  const resultado = correcao(lista, texto(antes, 'enviado_em') !== '', equipe, documentos);
  if (!resultado) return null;
  const nome = nomeRequerente({ nome: texto(antes, 'nome'), sobrenome: texto(antes, 'sobrenome') }, regras);
  return Object.assign(resultado, {
    linhas: linhasDaCorrecao(nome, lista, regras),
    requerente: nome,
    campos: lista.map((m) => nomeDoCampo(m.campo, regras)),
  });
}

/** 'O Agendamento Familiar é para no máximo 6 requerentes.': a message with its {min} and {max} filled. */
function porLimite(umSo, varios, limite) {
  if (limite.max === 1) return umSo;
  return varios.replace('{min}', String(limite.min)).replace('{max}', String(limite.max));
}

/**
 * What an applicant still lacks to be sent, as pt-BR phrases. `requerente`: the applicant's fields;
 * `documentos`: its documents ({ item, arquivos, status }); `cpfValido`: the CPF check (comum.cpfValido).
 */
function pendencias(requerente, documentos, hoje, regras, cpfValido) {
  const falta = [];
  const texto = (campo) => String(requerente[campo] === undefined ? '' : requerente[campo]).trim() !== '';
  regras.camposObrigatorios.forEach((par) => {
    if (!texto(par[0])) falta.push(par[1]);
  });
  if (erroNascimento(requerente.data_nascimento, hoje, regras)) falta.push('data de nascimento válida');
  if (!(Number(requerente.altura_cm) > 0)) falta.push('altura');
  if (!consuladoDaUf(requerente.uf, regras)) falta.push('UF');
  if (!texto('aire_comune') && !requerente.aire_nao_sei) falta.push('comune do AIRE');
  const menor = ehMenor(requerente.data_nascimento, hoje, regras);
  if (!menor && !cpfValido(String(requerente.cpf || ''))) falta.push('CPF');
  if (menor && (!texto('mae_nome') || !texto('pai_nome'))) falta.push('nome dos pais');
  itensPara(menor ? 'menor' : 'adulto', regras).forEach((definicao) => {
    if (!definicao.obrigatorio) return;
    const doc = documentos.filter((d) => d.item === definicao.id)[0];
    if (!doc || (doc.arquivos || []).length === 0) falta.push(definicao.nome);
    else if (doc.status === 'recusado') falta.push(definicao.nome + ' (recusado: substitua)');
  });
  return falta;
}

/**
 * The `formulario` text staff read: who the applicants are (their fields) and where each is served. Written
 * again after a correction, it keeps its first line (the day the case was sent).
 */
function resumo(requerentes, hoje, anterior, regras) {
  const primeira = String(anterior || '').split('\n')[0];
  const enviado =
    'Processo enviado para análise em ' +
    hoje.slice(8, 10) +
    '/' +
    hoje.slice(5, 7) +
    '/' +
    hoje.slice(0, 4) +
    '.';
  const linhas = requerentes.map((r, i) => {
    const consulado = regras.consulados[consuladoDaUf(r.uf, regras)];
    return (
      'Requerente ' +
      (i + 1) +
      ': ' +
      nomeRequerente(r, regras) +
      (ehMenor(r.data_nascimento, hoje, regras) ? ' (menor)' : '') +
      ' · Consulado de ' +
      (consulado ? consulado.nome : '?')
    );
  });
  return (primeira || enviado) + '\n' + linhas.join('\n');
}

/**
 * What stops 'Enviar para análise': the applicants' count outside the service's `limite` ({ min, max }), then
 * each applicant's lacks ('Requerente 2: falta CPF, altura.'). `documentos` carry their `requerente` id. An
 * empty list: the case may be sent.
 */
function problemasDoEnvio(requerentes, documentos, limite, hoje, regras, cpfValido) {
  const problemas = [];
  if (requerentes.length < limite.min || requerentes.length > limite.max) {
    problemas.push(porLimite(regras.mensagens.cadastreUm, regras.mensagens.cadastreDeAte, limite));
  }
  requerentes.forEach((r, i) => {
    const seus = documentos.filter((d) => d.requerente === r.id);
    const falta = pendencias(r, seus, hoje, regras, cpfValido);
    if (falta.length > 0) problemas.push('Requerente ' + (i + 1) + ': falta ' + falta.join(', ') + '.');
  });
  return problemas;
}

/**
 * The note of a review that refused documents, which the customer reads on tracking and in the ANALISE_ERRO
 * e-mail: one line per refused document ({ rotulo: 'Maria Souza · Foto', motivo, motivo_texto }).
 */
function notaDeRecusa(recusados, regras) {
  return (
    regras.mensagens.recusadosTitulo +
    '\n' +
    recusados.map((d) => '- ' + d.rotulo + ': ' + motivoDe(d, regras)).join('\n') +
    '\n' +
    regras.mensagens.recusadosFim
  );
}

/**
 * What the customer's "send" writes, at `agora` (the instant as the store keeps it): `documentos`, the ones it
 * puts under review (never sent or sent back: 'pendente', or no status yet), each as { id, acao, campos }: its
 * history line ('reenviado para análise' for one refused before) and the fields it takes (under review); and
 * `requerentes`, the applicants sent for the first time, each { id, campos }: when (`enviado_em`, written once).
 */
function envio(documentos, requerentes, agora) {
  return {
    documentos: documentos
      .filter((d) => d.status === 'pendente' || d.status === '')
      .map((d) => ({
        id: d.id,
        acao: d.reenviado ? 'reenviado para análise' : 'enviado para análise',
        campos: { status: 'em_analise' },
      })),
    requerentes: requerentes
      .filter((r) => !r.enviado_em)
      .map((r) => ({ id: r.id, campos: { enviado_em: agora } })),
  };
}

/**
 * 'Enviar para análise' (POST /api/processo/{id}/enviar), decided from plain objects: `caso` { agendamento (null when
 * there is none), usuario (who asks), requerentes and documentos (the booking's, by creation), limite (the service's
 * bounds), hoje, agora, encerrados }. Refused: { recusa: PocketBase's error body { status, message, data } }: 404 to
 * anyone but the owner, 400 for a closed case, for what is missing (`data.pendencias`: problemasDoEnvio) or for
 * nothing new to send. Else envio's plan with the booking's new `formulario` (resumo).
 */
function envioDoCaso(caso, regras, cpfValido) {
  const M = regras.mensagens;
  const recusa = (status, message, data) => ({
    recusa: { status: status, message: message, data: data || {} },
  });
  const a = caso.agendamento;
  if (!a || a.usuario !== caso.usuario) return recusa(404, M.naoEncontrado);
  if (encerrado(a, caso.encerrados)) return recusa(400, M.encerrado);
  const { requerentes, documentos, hoje } = caso;
  const pendencias = problemasDoEnvio(requerentes, documentos, caso.limite, hoje, regras, cpfValido);
  if (pendencias.length > 0) return recusa(400, M.incompleto, { pendencias: pendencias });
  const plano = envio(documentos, requerentes, caso.agora);
  if (plano.documentos.length === 0) return recusa(400, M.nadaParaEnviar);
  plano.formulario = resumo(requerentes, hoje, '', regras);
  return plano;
}

/**
 * What staff's last review does to the booking: nothing while a document is still under review or when none is
 * refused (null); otherwise ANALISE_ERRO with the refused documents' note (notaDeRecusa; `rotuloDe(documento)`
 * names each one: 'Maria Souza · Foto').
 */
function conclusaoDaRevisao(documentos, rotuloDe, regras) {
  if (documentos.some((d) => d.status === 'em_analise')) return null;
  const recusados = documentos.filter((d) => d.status === 'recusado');
  if (recusados.length === 0) return null;
  const linhas = recusados.map((d) => ({
    rotulo: rotuloDe(d),
    motivo: d.motivo,
    motivo_texto: d.motivo_texto,
  }));
  return { status_agendamento: 'ANALISE_ERRO', nota_cliente: notaDeRecusa(linhas, regras) };
}

const GMAIL = ['gmail.com', 'googlemail.com'];

/**
 * The mailbox an address reaches, for the per-address e-mail limit: lower case, the '+tag' of the local part
 * left out, and for Gmail the dots too ('Nome.Sobrenome+2@googlemail.com' → 'nomesobrenome@gmail.com').
 */
function caixaPostal(email) {
  const texto = String(email || '')
    .trim()
    .toLowerCase();
  const arroba = texto.lastIndexOf('@');
  if (arroba <= 0) return texto.slice(0, 255);
  let local = texto.slice(0, arroba).split('+')[0];
  let dominio = texto.slice(arroba + 1);
  if (GMAIL.indexOf(dominio) >= 0) {
    local = local.replace(/\./g, '');
    dominio = GMAIL[0];
  }
  return (local + '@' + dominio).slice(0, 255);
}

module.exports = {
  dataValida,
  idade,
  erroNascimento,
  ehMenor,
  errosDeDados,
  travadoParaCliente,
  camposDeDados,
  soContaDoPortal,
  contaTravada,
  encerrado,
  recusaAoCliente,
  recusaDaAlteracao,
  camposApagados,
  linhaAposRetencao,
  nomeDoCampo,
  mudancas,
  notaDoStatus,
  caixaPostal,
  consuladoDaUf,
  resumoDaLista,
  itensPara,
  nomeRequerente,
  rotuloDoDocumento,
  envioLiberado,
  ARQUIVO,
  DOCUMENTO_NOVO,
  linhasDoDocumento,
  linhasDaCorrecao,
  limitesDoServico,
  recusaDoNovoRequerente,
  recusaDaRemocao,
  recusaDoDocumento,
  recusaDosArquivos,
  motivoDe,
  revisao,
  camposDaRevisao,
  substituicao,
  correcao,
  correcaoDoRequerente,
  porLimite,
  pendencias,
  resumo,
  problemasDoEnvio,
  notaDeRecusa,
  envio,
  envioDoCaso,
  conclusaoDaRevisao,
};
