import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGRAS, type RequerenteRecord } from '@/lib/processo';
import { getDb } from '@/mocks/db';
import { makeToken } from '@/mocks/jwt';
import { getMailbox } from '@/mocks/mailbox';
import { seedApplicant, seedDocuments } from '../../demo-seed/processo-seed';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { renderApp, type DemoAccountName } from '../helpers/render';
import { server } from '../helpers/server';

// jsdom's File and FormData cannot be read by the fetch machinery msw hands an upload to: Node's can, as a
// browser's can.
const jsdomGlobals = { File: globalThis.File, FormData: globalThis.FormData };
beforeAll(async () => {
  const probe = new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  const NodeFormData = (await probe.formData()).constructor as typeof FormData;
  Object.assign(globalThis, { File: NodeFile, FormData: NodeFormData });
});
afterAll(() => {
  Object.assign(globalThis, jsdomGlobals);
});

const file = (name: string, content: string | Uint8Array<ArrayBuffer>, type: string) =>
  new NodeFile([content], name, { type }) as unknown as File;
const PDF = (name = 'rg.pdf') => file(name, '%PDF-1.4\n%demo\n', 'application/pdf');
const EMPTY_CASE = 'demoprocage0001'; // processoVazio: Familiar, nothing typed yet
const REFUSED_CASE = 'demoprocage0003';

async function openCase(session: DemoAccountName = 'processoVazio') {
  const app = renderApp({ route: '/processo', session });
  await screen.findByRole('heading', { name: 'Dados e documentos', level: 1 });
  return app;
}

async function addApplicant(user: ReturnType<typeof userEvent.setup>, n = 1) {
  await user.click(await screen.findByRole('button', { name: 'Adicionar requerente' }));
  return screen.findByRole('region', { name: new RegExp(`^Requerente ${n}:`) });
}

const sendButton = () => screen.getByRole('button', { name: 'Enviar para análise' });

/** A complete adult applicant of the empty case, with `items` uploaded (pending). */
function completeApplicant(n: number, items: readonly string[]): RequerenteRecord {
  const booking = { id: EMPTY_CASE, created: `2026-10-21 12:0${n}:00.000Z` };
  const applicant = seedApplicant(booking, n, {
    nome: `Pessoa${n}`,
    sobrenome: 'Bertolini',
    cpf: DEMO_ACCOUNTS.processoVazio.cpf,
  });
  getDb().requerentes.push(applicant);
  getDb().documentos.push(...seedDocuments(applicant, items, 'pendente'));
  return applicant;
}

describe('case file: applicants', () => {
  /** The applicant requests sent to the server: one create (the button), then the draft's updates. */
  function applicantRequests() {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    return {
      fetchSpy,
      methods: () =>
        fetchSpy.mock.calls
          .map(
            ([input, init]) => [String(input instanceof Request ? input.url : input), init?.method] as const,
          )
          .filter(([url, method]) => url.includes('/collections/requerentes/records') && method !== 'GET')
          .map(([, method]) => method),
    };
  }
  const SAVED = /^Rascunho salvo às \d{2}:\d{2}\.$/;
  const draftSaved = (section: HTMLElement) => within(section).findByText(SAVED, {}, { timeout: 3000 });

  it('keeps what is typed on the server as a draft, without a button: a new visit shows it', async () => {
    const requests = applicantRequests();
    try {
      const { user, unmount } = await openCase();
      const section = await addApplicant(user);
      await user.type(within(section).getByLabelText('Nome(s)'), 'Giovanna');
      await draftSaved(section);
      expect(
        getDb()
          .requerentes.filter((r) => r.agendamento === EMPTY_CASE)
          .map((r) => r.nome),
      ).toEqual(['Giovanna']);
      await user.type(within(section).getByLabelText('Sobrenome(s)'), 'Bertolini');
      await user.tab(); // leaving the field saves at once
      await waitFor(() =>
        expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.sobrenome).toBe('Bertolini'),
      );
      await draftSaved(section);
      // One create (the button), then updates of that record: never a second applicant.
      const methods = requests.methods();
      expect(methods[0]).toBe('POST');
      expect(methods.slice(1).length).toBeGreaterThanOrEqual(2);
      expect(methods.slice(1).every((m) => m === 'PATCH')).toBe(true);
      expect(getDb().requerentes.filter((r) => r.agendamento === EMPTY_CASE)).toHaveLength(1);
      unmount();
      await openCase();
      expect(
        await screen.findByRole('heading', { name: 'Requerente 1: Giovanna Bertolini' }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Nome(s)')).toHaveValue('Giovanna');
    } finally {
      requests.fetchSpy.mockRestore();
    }
  });

  it('says "Salvando…" while the draft is sent, and what is typed meanwhile is kept and saved next', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    const send = globalThis.fetch.bind(globalThis);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH') await gate;
      return send(input, init);
    });
    try {
      const nome = within(section).getByLabelText('Nome(s)');
      await user.type(nome, 'Giovanna');
      expect(await within(section).findByText('Salvando…', {}, { timeout: 3000 })).toBeInTheDocument();
      await user.type(nome, ' Maria');
      release();
      await waitFor(
        () =>
          expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.nome).toBe('Giovanna Maria'),
        { timeout: 3000 },
      );
      await draftSaved(section);
      expect(nome).toHaveValue('Giovanna Maria');
    } finally {
      held.mockRestore();
    }
  });

  it("saves the draft's valid fields while another is wrong, and says what is wrong", async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    await user.type(within(section).getByLabelText('CPF'), '11111111111');
    await user.type(within(section).getByLabelText('Nome(s)'), 'Giovanna');
    await waitFor(
      () => expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.nome).toBe('Giovanna'),
      { timeout: 3000 },
    );
    await draftSaved(section);
    expect(within(section).getByText('CPF inválido.')).toBeInTheDocument();
    const stored = getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE);
    expect([stored?.nome, stored?.cpf]).toEqual(['Giovanna', '']);
  });

  it('says in pt-BR that a name takes letters only, and saves no name with a tag or a digit', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    await user.type(within(section).getByLabelText('Nome(s)'), '<script>alert(1)</script>Maria');
    await user.type(within(section).getByLabelText('Sobrenome(s)'), "D'Ávila-Souza");
    await user.click(within(section).getByRole('button', { name: 'Salvar dados' }));
    const message = 'Use só letras, espaços, apóstrofo e hífen.';
    expect(await within(section).findByText(message)).toBeInTheDocument();
    expect(within(section).getByLabelText('Nome(s)')).toHaveAccessibleDescription(message);
    await waitFor(() =>
      expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.sobrenome).toBe("D'Ávila-Souza"),
    );
    expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.nome).toBe('');
  });

  it('says in pt-BR that a text holds invisible or control characters, and saves no such text', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    // A right-to-left override shows the rest of the line reversed on staff's screens and the consulate's form.
    await user.type(within(section).getByLabelText('Cidade'), 'Roma\u202e oãS');
    await user.type(within(section).getByLabelText('Endereço (rua, avenida)'), 'Rua Augusta');
    await user.click(within(section).getByRole('button', { name: 'Salvar dados' }));
    const message = 'Remova os caracteres invisíveis ou de controle.';
    expect(await within(section).findByText(message)).toBeInTheDocument();
    expect(within(section).getByLabelText('Cidade')).toHaveAccessibleDescription(message);
    await waitFor(() =>
      expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.logradouro).toBe('Rua Augusta'),
    );
    expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.cidade).toBe('');
  });

  it('says in pt-BR when the draft could not be saved, and saves it on "Tentar de novo"', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    const offline = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    try {
      await user.type(within(section).getByLabelText('Nome(s)'), 'Giovanna');
      expect(
        await within(section).findByText(/Sem conexão com o servidor/, {}, { timeout: 3000 }),
      ).toBeInTheDocument();
      expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.nome).toBe('');
    } finally {
      offline.mockRestore();
    }
    await user.click(within(section).getByRole('button', { name: 'Tentar de novo' }));
    await draftSaved(section);
    expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.nome).toBe('Giovanna');
  });

  it('asks before a reload only while what was typed is not saved yet', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    const reload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(reload()).toBe(false);
    await user.type(within(section).getByLabelText('Nome(s)'), 'Giovanna');
    expect(reload()).toBe(true);
    await draftSaved(section);
    expect(reload()).toBe(false);
  });

  it('says in pt-BR what is wrong with a CPF, a CEP, a height or a date in the future, and saves nothing', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    await user.type(within(section).getByLabelText('CPF'), '11111111111');
    await user.type(within(section).getByLabelText('CEP'), '8001');
    await user.type(within(section).getByLabelText('Altura (cm)'), '1,70');
    await user.click(within(section).getByRole('button', { name: 'Salvar dados' }));
    expect(await within(section).findByText('CPF inválido.')).toBeInTheDocument();
    expect(within(section).getByText('Informe o CEP com 8 dígitos.')).toBeInTheDocument();
    expect(within(section).getByText('Informe a altura em centímetros (ex.: 170).')).toBeInTheDocument();
    expect(within(section).getByLabelText('CPF')).toHaveAccessibleDescription('CPF inválido.');
    await user.type(within(section).getByLabelText('Data de nascimento'), '2099-01-01');
    await user.click(within(section).getByRole('button', { name: 'Salvar dados' }));
    expect(
      await within(section).findByText('A data de nascimento não pode estar no futuro.'),
    ).toBeInTheDocument();
    expect(getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE)?.cpf).toBe('');
  });

  it('shows the consulate of the UF', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    expect(
      within(section).getByText('Escolha a UF para ver o consulado que atende o requerente.'),
    ).toBeVisible();
    await user.selectOptions(within(section).getByLabelText('UF'), 'SC');
    expect(within(section).getByText('Curitiba')).toBeVisible();
    await user.selectOptions(within(section).getByLabelText('UF'), 'RS');
    expect(within(section).getByText(/recebe pedidos de passaporte por e-mail/)).toBeVisible();
  });

  it('asks a minor for both parents and, once saved, for the birth certificate and the consent', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    expect(within(section).queryByLabelText('Nome completo da mãe')).not.toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: /atto di assenso/ })).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText('Data de nascimento'), '2016-03-10');
    expect(within(section).getByText('Menor de 18 anos')).toBeVisible();
    expect(within(section).queryByLabelText('CPF')).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText('Nome completo da mãe'), 'Giovanna Bertolini');
    await user.type(within(section).getByLabelText('Nome completo do pai'), 'Marco Alves');
    await user.click(within(section).getByRole('button', { name: 'Salvar dados' }));
    expect(
      await within(section).findByRole('heading', { name: 'Autorização do outro genitor (atto di assenso)' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Certidão de nascimento' })).toBeInTheDocument();
    const stored = getDb().requerentes.find((r) => r.agendamento === EMPTY_CASE);
    expect([stored?.data_nascimento, stored?.mae_nome, stored?.pai_nome]).toEqual([
      '2016-03-10',
      'Giovanna Bertolini',
      'Marco Alves',
    ]);
  });

  it('offers at most six applicants for a Familiar order', async () => {
    const { user } = await openCase();
    for (let n = 1; n <= REGRAS.requerentes.familiar.max; n++) await addApplicant(user, n);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Adicionar requerente' })).not.toBeInTheDocument(),
    );
    expect(getDb().requerentes.filter((r) => r.agendamento === EMPTY_CASE)).toHaveLength(6);
  });
});

describe('case file: documents', () => {
  it('uploads a document, shows its preview and keeps it on the server as pending', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    await user.upload(within(section).getByLabelText(/Enviar arquivo: Documento de identidade/), PDF());
    await within(section).findByText('Arquivo enviado.');
    const [doc] = getDb().documentos.filter((d) => d.agendamento === EMPTY_CASE);
    expect([doc?.item, doc?.status, doc?.arquivos.length]).toEqual(['identidade', 'pendente', 1]);
    const preview = await within(section).findByRole('link', { name: /^Abrir PDF rg_\w+\.pdf$/ });
    expect(preview.getAttribute('href')).toMatch(/\/api\/files\/pbc_documentos\/\w+\/rg_\w+\.pdf\?token=/);
    expect(within(section).getByLabelText(/Substituir arquivo: Documento de identidade/)).toBeInTheDocument();
  });

  it('refuses, before sending, a file that is not PDF, JPEG or PNG, one named otherwise, and one over 10 MB', async () => {
    await openCase();
    // Past the file picker's filter (accept), as a phone's picker may let it through.
    const user = userEvent.setup({ applyAccept: false });
    const section = await addApplicant(user);
    const input = within(section).getByLabelText(/Enviar arquivo: Comprovante de endereço/);
    await user.upload(input, file('programa.exe', 'MZ', 'application/x-msdownload'));
    expect(await within(section).findByText('O arquivo programa.exe não é PDF, JPEG ou PNG.')).toBeVisible();
    // A PDF the system calls a PDF, under a name staff would open as a page (processo_comum recusaDosArquivos).
    await user.upload(input, file('conta.html', '%PDF-1.4', 'application/pdf'));
    expect(await within(section).findByText('O arquivo conta.html não é PDF, JPEG ou PNG.')).toBeVisible();
    await user.upload(input, file('conta.pdf', new Uint8Array(10 * 1024 * 1024 + 1), 'application/pdf'));
    expect(
      await within(section).findByText('O arquivo conta.pdf passa de 10 MB. Envie um arquivo menor.'),
    ).toBeVisible();
    expect(getDb().documentos.filter((d) => d.agendamento === EMPTY_CASE)).toHaveLength(0);
  });

  it('shows the server refusing a program renamed .pdf', async () => {
    const { user } = await openCase();
    const section = await addApplicant(user);
    await user.upload(
      within(section).getByLabelText(/Enviar arquivo: Comprovante de endereço/),
      file('conta.pdf', 'MZ\x90\x00programa', 'application/pdf'),
    );
    expect(await within(section).findByText('O arquivo não é PDF, JPEG ou PNG.')).toBeVisible();
    expect(getDb().documentos.filter((d) => d.agendamento === EMPTY_CASE)).toHaveLength(0);
  });

  it('enables "Enviar para análise" only once every required item is there, then sends the case', async () => {
    completeApplicant(1, ['identidade', 'comprovante_endereco', 'foto']);
    completeApplicant(2, ['identidade', 'comprovante_endereco']);
    const { user } = await openCase();
    expect(await screen.findByRole('button', { name: 'Enviar para análise' })).toBeDisabled();
    expect(screen.getByText('Requerente 2: falta Foto para passaporte.')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: 'Requerente 2: Pessoa2 Bertolini' });
    await user.upload(
      within(second).getByLabelText(/Enviar arquivo: Foto para passaporte/),
      file('foto.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'),
    );
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await user.click(sendButton());
    expect(await screen.findByText('Processo enviado para análise.')).toBeInTheDocument();
    expect(
      getDb()
        .documentos.filter((d) => d.agendamento === EMPTY_CASE)
        .map((d) => d.status),
    ).toEqual(Array(6).fill('em_analise'));
    expect(getDb().agendamentos.find((b) => b.id === EMPTY_CASE)?.formulario).toContain(
      'Requerente 2: Pessoa2 Bertolini · Consulado de Curitiba',
    );
    expect(await screen.findByText('Situação: Em análise')).toBeInTheDocument();
  });

  it('sends once on a double click of "Enviar para análise": the second press, while the first is on its way, is ignored', async () => {
    completeApplicant(1, ['identidade', 'comprovante_endereco', 'foto']);
    completeApplicant(2, ['identidade', 'comprovante_endereco', 'foto']);
    const sends: string[] = [];
    const count = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/enviar'))
        sends.push(request.url);
    };
    server.events.on('request:start', count);
    try {
      const { user } = await openCase();
      await waitFor(() => expect(sendButton()).toBeEnabled());
      await user.dblClick(sendButton());
      expect(await screen.findByText('Processo enviado para análise.')).toBeInTheDocument();
      expect(sends).toHaveLength(1);
      // No refusal of a second send ('Não há nada novo para enviar…' in the alert).
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      server.events.removeListener('request:start', count);
    }
  });

  it('lists the refused documents with their reason and lets only those be replaced and sent again', async () => {
    const { user } = await openCase('processoRecusado');
    const status = (await screen.findByText('Situação: Documentos recusados')).parentElement as HTMLElement;
    expect(within(status).getByText('Bianca Zanetti Costa · Foto para passaporte')).toBeInTheDocument();
    expect(within(status).getByText(/Ilegível: A foto está tremida/)).toBeInTheDocument();
    const minor = screen.getByRole('region', { name: 'Requerente 2: Bianca Zanetti Costa' });
    expect(within(minor).getAllByLabelText(/Substituir arquivo/)).toHaveLength(1);
    expect(within(minor).getByText(/Motivo da recusa:/).parentElement).toHaveTextContent(
      'Ilegível: A foto está tremida.',
    );
    const adult = screen.getByRole('region', { name: 'Requerente 1: Renata Zanetti Costa' });
    expect(within(adult).queryByLabelText(/Substituir arquivo/)).not.toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.upload(
      within(minor).getByLabelText('Substituir arquivo: Foto para passaporte'),
      file('nova.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]), 'image/jpeg'),
    );
    await within(minor).findByText('Arquivo substituído.');
    const foto = getDb().documentos.find(
      (d) => d.agendamento === REFUSED_CASE && d.item === 'foto' && d.requerente === 'demoreq00030002',
    );
    expect([foto?.status, foto?.reenviado, foto?.motivo]).toEqual(['pendente', true, '']);
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await user.click(sendButton());
    expect(await screen.findByText('Processo enviado para análise.')).toBeInTheDocument();
    expect(foto?.status).toBe('em_analise');
  });

  it('tracking shows the same refused list, with the way to the case file', async () => {
    const { user, router } = renderApp({ route: '/tracking', session: 'processoRecusado' });
    expect(
      await screen.findByText(/Bianca Zanetti Costa · Foto para passaporte: Ilegível: A foto está tremida\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Substituir documentos' }));
    await waitFor(() => expect(router.location.pathname).toBe('/processo'));
  });
});

describe('tracking after a refusal', () => {
  it('says the corrections were received once every refused document was sent again', async () => {
    const foto = getDb().documentos.find(
      (d) => d.agendamento === REFUSED_CASE && d.item === 'foto' && d.requerente === 'demoreq00030002',
    );
    if (!foto) throw new Error('seed changed');
    Object.assign(foto, { status: 'em_analise', reenviado: true, motivo: '', motivo_texto: '' });
    renderApp({ route: '/tracking', session: 'processoRecusado' });
    expect(await screen.findByText('Documentos corrigidos recebidos')).toBeInTheDocument();
    expect(screen.queryByText(/Ilegível: A foto está tremida/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Substituir documentos' })).not.toBeInTheDocument();
  });
});

describe('case file: the demo double review, as staff use it', () => {
  const staffPatch = (id: string, body: object, userId: string = DEMO_ACCOUNTS.admin.id) =>
    fetch(`${window.location.origin}/api/collections/documentos/records/${id}`, {
      method: 'PATCH',
      headers: { Authorization: makeToken(userId), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('lets staff refuse with a reason, moving the booking to ANALISE_ERRO with the list; never the owner', async () => {
    const sent = getDb().documentos.filter((d) => d.agendamento === 'demoprocage0002');
    const [first, ...rest] = sent;
    if (!first) throw new Error('seed changed');
    expect(
      (await staffPatch(first.id, { status: 'aprovado' }, DEMO_ACCOUNTS.processoEnviado.id)).status,
    ).toBe(404);
    expect((await staffPatch(first.id, { status: 'recusado' })).status).toBe(400);
    expect(
      (await staffPatch(first.id, { status: 'recusado', motivo: 'vencido', motivo_texto: 'RG de 2001' }))
        .status,
    ).toBe(200);
    for (const d of rest) expect((await staffPatch(d.id, { status: 'aprovado' })).status).toBe(200);
    const booking = getDb().agendamentos.find((b) => b.id === 'demoprocage0002');
    expect(booking?.status_agendamento).toBe('ANALISE_ERRO');
    expect(booking?.nota_cliente).toContain(
      '- Paulo Henrique Ferraro · Documento de identidade com foto: Vencido ou fora do prazo: RG de 2001',
    );
    expect(getMailbox().at(-1)?.email).toBe(DEMO_ACCOUNTS.processoEnviado.email);
    expect(first.revisado_por).toBe(DEMO_ACCOUNTS.admin.id);
  });
});
