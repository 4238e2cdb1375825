// @vitest-environment node
// The case file's rules file (pocketbase/pb_hooks/lib/processo_regras.json), read by the server's hooks: the
// official jurisdictions cover every UF once, the counts and file limits are the decided ones, and every
// checklist item names its source.
import { describe, expect, it } from 'vitest';
import regras from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import comum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import mensagens from '../../pocketbase/pb_hooks/lib/mensagens.json';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import { reviewSummary } from '@/features/bookings/review/review-panel';

const UFS = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');

describe('processo_regras.json', () => {
  it('gives every UF exactly one consulate, as the official jurisdictions', () => {
    const all = Object.values(regras.consulados).flatMap((c) => c.ufs);
    expect([...all].sort()).toEqual([...UFS].sort());
    const byName = Object.fromEntries(Object.values(regras.consulados).map((c) => [c.nome, c.ufs]));
    expect(byName).toEqual({
      'São Paulo': ['SP', 'MS', 'MT', 'RO', 'AC'],
      'Rio de Janeiro': ['RJ', 'ES'],
      'Belo Horizonte': ['MG'],
      Curitiba: ['PR', 'SC'],
      'Porto Alegre': ['RS'],
      Recife: ['PE', 'MA', 'PI', 'BA', 'CE', 'RN', 'PB', 'AL', 'SE'],
      Brasília: ['DF', 'GO', 'TO', 'PA', 'AP', 'RR', 'AM'],
    });
  });

  it('says Porto Alegre takes requests by e-mail, and which rules are unconfirmed', () => {
    expect(regras.consulados.porto_alegre.pedido).toBe('email');
    for (const consulado of Object.values(regras.consulados)) {
      if (consulado.confirmado) expect(consulado.fonte).toMatch(/^https:\/\/\w+\.esteri\.it\//);
      else expect(consulado.nota).toContain('vale a lista comum');
    }
  });

  it('holds the decided counts, files and checklist', () => {
    expect(regras.requerentes).toEqual({ individual: { min: 1, max: 1 }, familiar: { min: 2, max: 6 } });
    expect(regras.arquivos.tamanhoMaxBytes).toBe(10 * 1024 * 1024);
    expect(regras.arquivos.tipos).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(regras.retencaoDiasPadrao).toBe(30);
    const required = (tipo: string) =>
      regras.itens.filter((i) => i.obrigatorio && i.para.includes(tipo)).map((i) => i.id);
    expect(required('adulto')).toEqual(['identidade', 'comprovante_endereco', 'foto']);
    expect(required('menor')).toEqual([
      'identidade',
      'comprovante_endereco',
      'foto',
      'certidao_nascimento',
      'assentimento',
    ]);
    expect(regras.itens.find((i) => i.id === 'comprovante_endereco')?.maxIdadeDias).toBe(90);
    for (const item of regras.itens) {
      expect(item.fontes.comum).toMatch(/^https:\/\/\w+\.esteri\.it\//);
      // The file field allows 3 per record; no item may promise more.
      expect(item.maxArquivos).toBeLessThanOrEqual(3);
    }
  });
});

describe('the required fields of an applicant', () => {
  it('are fields of requerentes (migration 1763901000_processo), each with its pt-BR name', async () => {
    const migration = await import('node:fs').then((fs) =>
      fs.readFileSync('pocketbase/pb_migrations/1763901000_processo.js', 'utf8'),
    );
    for (const [campo, nome] of regras.camposObrigatorios) {
      expect(migration).toContain(`name: '${campo}'`);
      expect(nome).toMatch(/^[a-zA-ZÀ-ú ]+$/);
    }
  });
});

describe('processo_comum.js: the case file rules the server, the app and the double share', () => {
  it('a send puts under review the documents never sent or sent back, each with its history line', () => {
    const doc = (id: string, status: string, reenviado = false) => ({ id, status, reenviado });
    expect(
      comum.envio(
        [
          doc('a', ''),
          doc('b', 'pendente'),
          doc('c', 'pendente', true),
          doc('d', 'em_analise'),
          doc('e', 'aprovado'),
          doc('f', 'recusado', true),
        ],
        [],
        'agora',
      ).documentos,
    ).toEqual([
      { id: 'a', acao: 'enviado para análise', campos: { status: 'em_analise' } },
      { id: 'b', acao: 'enviado para análise', campos: { status: 'em_analise' } },
      { id: 'c', acao: 'reenviado para análise', campos: { status: 'em_analise' } },
    ]);
    expect(comum.envio([doc('d', 'em_analise'), doc('e', 'aprovado')], [], 'agora').documentos).toEqual([]);
  });

  it('a send dates each applicant sent for the first time, once: one sent before keeps its day', () => {
    const requerentes = [
      { id: 'r1', enviado_em: '' },
      { id: 'r2', enviado_em: '2026-01-02 10:00:00.000Z' },
      { id: 'r3' },
    ];
    expect(comum.envio([], requerentes, 'agora').requerentes).toEqual([
      { id: 'r1', campos: { enviado_em: 'agora' } },
      { id: 'r3', campos: { enviado_em: 'agora' } },
    ]);
  });

  it("staff's last review: nothing while one is under review or none refused; else ANALISE_ERRO with the note", () => {
    const doc = (id: string, status: string) => ({ id, status, motivo: 'ilegivel', motivo_texto: '' });
    const rotulo = (d: { id: string }) => `Maria Souza · ${d.id}`;
    expect(
      comum.conclusaoDaRevisao([doc('Foto', 'recusado'), doc('RG', 'em_analise')], rotulo, regras),
    ).toBeNull();
    expect(
      comum.conclusaoDaRevisao([doc('Foto', 'aprovado'), doc('RG', 'aprovado')], rotulo, regras),
    ).toBeNull();
    const refused = [doc('Foto', 'recusado'), doc('RG', 'aprovado')];
    expect(comum.conclusaoDaRevisao(refused, rotulo, regras)).toEqual({
      status_agendamento: 'ANALISE_ERRO',
      nota_cliente: comum.notaDeRecusa(
        [{ rotulo: 'Maria Souza · Foto', motivo: 'ilegivel', motivo_texto: '' }],
        regras,
      ),
    });
    expect(comum.conclusaoDaRevisao(refused, rotulo, regras)?.nota_cliente).toContain('Maria Souza · Foto');
  });

  const hoje = '2026-11-26';
  it("a birth date's error in the form's words; a wrong one never makes a minor", () => {
    expect(comum.erroNascimento('1990-02-31', hoje, regras)).toBe(regras.mensagens.nascimentoInvalido);
    expect(comum.erroNascimento('2027-12-31', hoje, regras)).toBe(regras.mensagens.nascimentoFuturo);
    expect(comum.erroNascimento('1906-11-26', hoje, regras)).toBe(regras.mensagens.nascimentoImplausivel);
    expect(comum.erroNascimento('2016-02-29', hoje, regras)).toBe('');
    expect(comum.ehMenor('2027-12-31', hoje, regras)).toBe(false);
    expect(comum.ehMenor('2016-02-29', hoje, regras)).toBe(true);
    expect(comum.ehMenor('2008-11-26', hoje, regras)).toBe(false);
  });

  it("an applicant's data errors in PocketBase's shape: the birth date and the CPF a save changes", () => {
    const cpfValido = (cpf: string) => cpf === '529.982.247-25';
    const stored = { data_nascimento: '2030-01-01', cpf: '111' };
    expect(
      comum.errosDeDados(null, { data_nascimento: '2027-12-31', cpf: '111' }, hoje, regras, cpfValido),
    ).toEqual({
      data_nascimento: { code: 'validation_invalid_date', message: regras.mensagens.nascimentoFuturo },
      cpf: { code: 'validation_invalid_cpf', message: regras.mensagens.cpfInvalido },
    });
    // What a save leaves as it was is asked for at sending, not here; an empty CPF is no error yet.
    expect(comum.errosDeDados(stored, { ...stored, nome: 'Ana' }, hoje, regras, cpfValido)).toEqual({});
    expect(comum.errosDeDados(stored, { ...stored, cpf: '' }, hoje, regras, cpfValido)).toEqual({});
    expect(comum.errosDeDados(null, { cpf: '529.982.247-25' }, hoje, regras, cpfValido)).toEqual({});
  });

  it("an applicant's texts: no control or invisible direction characters, checked when a save changes them", () => {
    const cpfValido = () => true;
    const textos = ['nome', 'sobrenome', 'logradouro', 'cidade'];
    const invisivel = { code: 'validation_invisible_chars', message: mensagens.textoInvisivel };
    const erros = (antes: object | null, depois: object) =>
      comum.errosDeDados(antes, depois, hoje, regras, cpfValido, textos);
    for (const ruim of [
      '\u0007',
      '\u202e',
      '\u200b',
      '\u2066',
      '\ufeff',
      '\u0085',
      '\t',
      '\n',
      '\u0000',
      '\u007f',
      '\u00ad',
      '\u061c',
      '\u2028',
      '\u2029',
      '\u206a',
      '\ufff9',
      '\u{e0041}',
    ])
      expect(erros(null, { logradouro: `Rua ${ruim}A`, nome: `Ana${ruim}` })).toEqual({
        logradouro: invisivel,
        nome: invisivel,
      });
    expect(erros(null, { logradouro: 'Rua São João, 12 <b> & "x" — 3º andar', cidade: 'Zoë' })).toEqual({});
    // Characters beyond the basic plane that are seen (an emoji, a CJK extension) pass; only the tag characters not.
    expect(erros(null, { logradouro: 'Rua 😀 \u{20000}' })).toEqual({});
    // Stored before the rule, it stays readable and the other fields are saved around it.
    const stored = { logradouro: 'Rua \u202eA', cidade: '' };
    expect(erros(stored, { ...stored, cidade: 'Curitiba' })).toEqual({});
    expect(erros(stored, { ...stored, logradouro: 'Rua \u202eB' })).toEqual({ logradouro: invisivel });
    // A field not named as text is not asked.
    expect(erros(null, { outro: '\u0007' })).toEqual({});
  });

  it("an applicant's names: letters, spaces, apostrophes and hyphens only, checked when a save changes them", () => {
    const cpfValido = () => true;
    const invalido = { code: 'validation_invalid_nome', message: mensagens.nomeRequerenteInvalido };
    expect(
      comum.errosDeDados(
        null,
        { nome: '<script>alert(1)</script>Maria', sobrenome: 'Bianchi2' },
        hoje,
        regras,
        cpfValido,
      ),
    ).toEqual({ nome: invalido, sobrenome: invalido });
    expect(comum.errosDeDados(null, { nome: "'-" }, hoje, regras, cpfValido)).toEqual({ nome: invalido });
    for (const nome of ['Ana', "D'Ávila", 'Maria José', 'D’Ângelo-Souza', '  Lívia  ', 'Zoë']) {
      expect(comum.errosDeDados(null, { nome, sobrenome: nome }, hoje, regras, cpfValido)).toEqual({});
    }
    // A name stored before the rule stays, and the other fields are saved around it.
    const stored = { nome: 'Maria<b>', sobrenome: '' };
    expect(comum.errosDeDados(stored, { ...stored, cidade: 'Curitiba' }, hoje, regras, cpfValido)).toEqual(
      {},
    );
    expect(comum.errosDeDados(stored, { ...stored, nome: 'Maria<i>' }, hoje, regras, cpfValido)).toEqual({
      nome: invalido,
    });
  });

  it("the customer's locks: closed, approved, and the Prenot@mi account's until the booking", () => {
    const encerrados = ['FINALIZADO', 'CANCELADO'];
    const caso = (status_agendamento: string, arquivos_excluidos_em = '') => ({
      status_agendamento,
      arquivos_excluidos_em,
    });
    const { encerrado, travado } = regras.mensagens;
    expect(comum.encerrado(caso('CANCELADO'), encerrados)).toBe(true);
    expect(comum.encerrado(caso('NOVO', '2026-11-01 04:00:00.000Z'), encerrados)).toBe(true);
    expect(comum.encerrado(caso('AGENDADO'), encerrados)).toBe(false);
    const conta = ['prenotami_celular'];
    const dados = ['prenotami_celular', 'nome'];
    const recusa = (status: string, mudados: string[]) =>
      comum.recusaDaAlteracao(caso(status), mudados, encerrados, regras);
    expect([recusa('NOVO', dados), recusa('ANALISE_OK', dados), recusa('FINALIZADO', dados)]).toEqual([
      '',
      travado,
      encerrado,
    ]);
    expect([recusa('ANALISE_OK', conta), recusa('AGENDADO', conta), recusa('FINALIZADO', conta)]).toEqual([
      '',
      travado,
      encerrado,
    ]);
    // A save that changes nothing (the same contacts saved again) has nothing to refuse, but on a closed case.
    expect([recusa('ANALISE_OK', []), recusa('AGENDADO', []), recusa('FINALIZADO', [])]).toEqual([
      '',
      '',
      encerrado,
    ]);
    expect(comum.recusaDaAlteracao(caso('NOVO', '2026-11-01 04:00:00.000Z'), [], encerrados, regras)).toBe(
      encerrado,
    );
  });

  it("staff's review: Aprovar or Recusar with a reason; the owner's new files go back to pending", () => {
    const doc = { status: 'em_analise', motivo: '', motivo_texto: '', reenviado: false };
    const review = (depois: Partial<typeof doc>) => comum.revisao(doc, { ...doc, ...depois }, regras);
    expect(review({ status: 'pendente' })).toEqual({
      erros: { status: { code: 'validation_invalid_status', message: regras.mensagens.revisaoInvalida } },
    });
    expect(review({ status: 'recusado' })).toEqual({
      erros: { motivo: { code: 'validation_required', message: regras.mensagens.motivoObrigatorio } },
    });
    expect(review({ status: 'recusado', motivo: 'ilegivel', motivo_texto: ' Rosto cortado ' })).toEqual({
      revisado: true,
      motivo: 'ilegivel',
      motivo_texto: ' Rosto cortado ',
      acao: 'recusado (Ilegível: Rosto cortado)',
    });
    expect(review({ status: 'aprovado', motivo: 'ilegivel', motivo_texto: 'x' })).toEqual({
      revisado: true,
      motivo: '',
      motivo_texto: '',
      acao: 'aprovado',
    });
    expect(review({ motivo_texto: 'nota' })).toMatchObject({
      revisado: false,
      motivo_texto: 'nota',
      acao: '',
    });
    expect(comum.substituicao({ ...doc, status: 'recusado' })).toEqual({
      status: 'pendente',
      motivo: '',
      motivo_texto: '',
      reenviado: true,
    });
    expect(comum.substituicao(doc).reenviado).toBe(false);
  });

  it('signs and dates a review that moved the status (camposDaRevisao), and writes nothing else', () => {
    const AGORA = '2026-11-27 12:00:00.000Z';
    const recusa = { revisado: true, motivo: 'ilegivel', motivo_texto: 'Rosto cortado', acao: 'recusado' };
    expect(comum.camposDaRevisao(recusa, 'staff1', AGORA)).toEqual({
      motivo: 'ilegivel',
      motivo_texto: 'Rosto cortado',
      revisado_por: 'staff1',
      revisado_em: AGORA,
    });
    expect(comum.camposDaRevisao({ ...recusa, revisado: false }, 'staff1', AGORA)).toEqual({});
  });

  it("a change of an applicant's data: a draft's is nothing; once sent, the customer's sends the approved back", () => {
    const change = [{ campo: 'cidade', de: 'Curitiba', para: 'Londrina' }];
    const docs = [
      { id: 'a', status: 'aprovado' },
      { id: 'b', status: 'em_analise' },
      { id: 'c', status: 'pendente' },
      { id: 'd', status: 'recusado' },
      { id: 'e', status: 'aprovado' },
    ];
    expect(comum.correcao([], true, false, docs)).toBeNull();
    expect(comum.correcao(change, false, false, docs)).toBeNull();
    expect(comum.correcao(change, true, false, docs)).toEqual({
      formulario: true,
      avisar: true,
      revisar: [
        { id: 'a', campos: { status: 'em_analise' } },
        { id: 'e', campos: { status: 'em_analise' } },
      ],
    });
    // Staff's correction is recorded; a sent one rewrites the summary; nothing goes back to review.
    expect(comum.correcao(change, true, true, docs)).toEqual({
      formulario: true,
      avisar: false,
      revisar: [],
    });
    expect(comum.correcao(change, false, true, docs)).toEqual({
      formulario: false,
      avisar: false,
      revisar: [],
    });
  });

  it("a booking's summary for the staff list: the applicants' consulate, then the documents' state", () => {
    const resumo = (ufs: string[], statuses: string[] = []) =>
      comum.resumoDaLista(
        ufs.map((uf) => ({ uf })),
        statuses.map((status) => ({ status })),
        regras,
      );
    expect(resumo([])).toEqual({ consulado: '', documentacao: 'pendente' });
    expect(resumo(['PR', 'SC'])).toEqual({ consulado: 'curitiba', documentacao: 'pendente' });
    expect(resumo(['PR', 'SP']).consulado).toBe(regras.varios.id);
    expect(resumo(['PR', 'XX', '']).consulado).toBe('curitiba');
    expect(resumo(['', 'XX']).consulado).toBe('');
    const state = (...statuses: string[]) => resumo(['PR'], statuses).documentacao;
    expect(state('aprovado', 'recusado', 'em_analise')).toBe('recusada');
    expect(state('aprovado', 'em_analise', 'pendente')).toBe('em_analise');
    expect(state('aprovado', 'aprovado')).toBe('aprovada');
    expect(state('aprovado', 'pendente')).toBe('pendente');
    expect(state('aprovado', '')).toBe('pendente');
    expect(state()).toBe('pendente');
  });

  it("the company's mailboxes refuse an applicant's Prenot@mi e-mail however it is written", () => {
    const empresa = { code: 'validation_company_contact', message: diaComum.MSG.emailEmpresa };
    const contatos = () => ({ emails: ['admin@demo.com.br', 'nome.sobrenome@gmail.com'], celulares: [] });
    const erros = (email: string, deOutro = false) =>
      diaComum.contatosDoPrenotami({ prenotami_email: email }, { empresa: contatos, deOutro: () => deOutro })
        .erros;
    for (const email of ['admin+x@demo.com.br', ' ADMIN@demo.com.br ', 'nomesobrenome+1@googlemail.com'])
      expect(erros(email)).toEqual({ prenotami_email: empresa });
    expect(erros('ana+admin@demo.com.br')).toEqual({});
    // A form refused keeps its reason; another applicant's is the company's first.
    expect(erros('admin+x@')).toMatchObject({ prenotami_email: { code: 'validation_invalid_email' } });
    expect(erros('admin+x@demo.com.br', true)).toEqual({ prenotami_email: empresa });
    // No e-mail sent: the company's list is not read.
    const nunca = () => {
      throw new Error('read');
    };
    expect(diaComum.contatosDoPrenotami({}, { empresa: nunca, deOutro: () => false }).erros).toEqual({});
  });

  it('one mailbox however written; a note of another status is not kept', () => {
    expect(comum.caixaPostal(' Nome.Sobrenome+2@GoogleMail.com ')).toBe('nomesobrenome@gmail.com');
    expect(comum.caixaPostal('ana.lima+x@empresa.com.br')).toBe('ana.lima@empresa.com.br');
    expect(comum.notaDoStatus('ANALISE_ERRO', 'Recusados', 'ANALISE_OK', 'Recusados')).toBe('');
    expect(comum.notaDoStatus('ANALISE_ERRO', 'Recusados', 'ANALISE_OK', 'Tudo certo')).toBe('Tudo certo');
    expect(comum.notaDoStatus('NOVO', 'Oi', 'NOVO', 'Oi')).toBe('Oi');
  });

  it('a run of reviews reads as one summary', () => {
    expect(reviewSummary({ aprovados: 1, recusados: 0 })).toBe('Documento aprovado.');
    expect(reviewSummary({ aprovados: 3, recusados: 0 })).toBe('3 documentos aprovados.');
    expect(reviewSummary({ aprovados: 2, recusados: 1 })).toBe('2 documentos aprovados e 1 recusado.');
  });
});

describe('an applicant and a document as every line names them (processo_comum.js)', () => {
  it('names an applicant, or says the name is missing', () => {
    expect(comum.nomeRequerente({ nome: ' Maria', sobrenome: 'Rossi ' }, regras)).toBe('Maria Rossi');
    expect(comum.nomeRequerente({ nome: '', sobrenome: '' }, regras)).toBe('Requerente sem nome');
  });

  it('labels a document by its applicant and its item, or the item’s id when unknown', () => {
    expect(comum.rotuloDoDocumento({ nome: 'Maria', sobrenome: 'Rossi' }, 'foto', regras)).toBe(
      'Maria Rossi · Foto para passaporte',
    );
    expect(comum.rotuloDoDocumento(null, 'outro_item', regras)).toBe('Requerente sem nome · outro_item');
  });

  it("writes a document's history line: its label, then what happened (a first upload, a replacement)", () => {
    const rotulo = comum.rotuloDoDocumento({ nome: 'Maria', sobrenome: 'Rossi' }, 'foto', regras);
    expect(comum.linhasDoDocumento(rotulo, comum.ARQUIVO.enviado)).toEqual([
      { campo: 'documento', de: 'Maria Rossi · Foto para passaporte', para: 'arquivo enviado' },
    ]);
    expect(comum.ARQUIVO.substituido).toBe('arquivo substituído');
  });
});

describe('what the kit refuses of a case file before PocketBase (processo_comum.js)', () => {
  it('holds each service to its own applicants, and a booking without an order to Individual’s', () => {
    expect(comum.limitesDoServico('familiar', regras)).toEqual(regras.requerentes.familiar);
    expect(comum.limitesDoServico('individual', regras)).toEqual({ min: 1, max: 1 });
    for (const outro of ['', 'constructor', '__proto__', 'FAMILIAR']) {
      expect(comum.limitesDoServico(outro, regras)).toEqual(regras.requerentes.individual);
    }
  });

  it('one applicant past the service’s limit, in the words of the limit', () => {
    expect(comum.recusaDoNovoRequerente(0, 1, regras)).toBe('');
    expect(comum.recusaDoNovoRequerente(1, 1, regras)).toBe(
      comum.porLimite(regras.mensagens.umRequerente, regras.mensagens.maximoRequerentes, { max: 1 }),
    );
  });

  it('an unknown item, or more files than the item takes', () => {
    expect(comum.recusaDoDocumento('foto', 1, regras)).toBeNull();
    expect(comum.recusaDoDocumento('nao_existe', 1, regras)?.erros).toEqual({
      item: { code: 'validation_invalid_item', message: regras.mensagens.itemInvalido },
    });
    expect(comum.recusaDoDocumento('foto', 2, regras)?.erros.arquivos?.code).toBe('validation_max_files');
  });
});

describe('recusaDaRemocao: an applicant with an approved document stays', () => {
  it('refuses the removal in the rulebook’s words only when a document is approved', () => {
    expect(comum.recusaDaRemocao(0, regras)).toBe('');
    expect(comum.recusaDaRemocao(2, regras)).toBe(regras.mensagens.requerenteAprovado);
  });
});
