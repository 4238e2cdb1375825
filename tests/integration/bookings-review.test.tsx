// Staff's review of a case file on the booking page, and the list's case filters. The applicants, documents and
// file token are served by handlers local to this file (the case file's demo double is src/mocks/processo*.ts);
// they behave as pb_hooks/lib/processo.js does: a refusal, once nothing is left under review, moves the booking
// to ANALISE_ERRO, and the booking carries its case summary.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentoRecord } from '@/lib/processo';
import type { BookingRecord } from '@/lib/types';
import { caseSummary } from '@/mocks/case-summary';
import { getDb } from '@/mocks/db';
import { DEMO_ACCOUNTS, DEMO_AGENDADO_BOOKING } from '../../demo-seed/seed';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import { renderApp } from '../helpers/render';
import { recordRequests } from '../helpers/requests';
import { server } from '../helpers/server';

const ID = DEMO_AGENDADO_BOOKING.id;
const TOKEN = 'token-de-arquivo';

type Doc = Omit<DocumentoRecord, 'status' | 'motivo'> & { status: string; motivo: string };

const base = {
  ...DADOS_CURITIBA,
  agendamento: ID,
  created: '2026-11-20 10:00:00.000Z',
  sexo: 'F',
  complemento: 'ap. 3',
  aire_comune: '',
  passaporte_numero: '',
  passaporte_validade: '',
  mae_nome: '',
  pai_nome: '',
};

const APPLICANTS = [
  {
    ...base,
    id: 'req000000000001',
    nome: 'Maria',
    sobrenome: 'Rossi',
    data_nascimento: '1980-05-10',
    cpf: '52998224725',
  },
  {
    ...base,
    id: 'req000000000002',
    nome: 'Paolo',
    sobrenome: 'Rossi',
    sexo: 'M',
    data_nascimento: '1978-01-02',
    cpf: '11144477735',
  },
  {
    ...base,
    id: 'req000000000003',
    nome: 'Luca',
    sobrenome: 'Rossi',
    sexo: 'M',
    data_nascimento: '2015-03-02',
    cpf: '',
    mae_nome: 'Maria Rossi',
    pai_nome: 'Paolo Rossi',
  },
];

let docs: Doc[] = [];

function doc(requerente: string, item: string, extra: Partial<Doc> = {}): Doc {
  const n = docs.length + 1;
  return {
    id: `doc${String(n).padStart(12, '0')}`,
    collectionId: 'pbc_documentos',
    collectionName: 'documentos',
    agendamento: ID,
    requerente,
    item,
    arquivos: [item === 'foto' ? `foto_${n}abc.png` : `${item}_${n}abc.pdf`],
    status: 'em_analise',
    motivo: '',
    motivo_texto: '',
    revisado_por: '',
    revisado_em: '',
    reenviado: false,
    created: '2026-11-20 10:00:00.000Z',
    updated: '2026-11-20 10:00:00.000Z',
    ...extra,
  };
}

function booking(): BookingRecord {
  const found = getDb().agendamentos.find((b) => b.id === ID);
  if (!found) throw new Error('seed changed: the agendado booking is missing');
  return found;
}

/**
 * A case file in the double's store, in place of what the seed gave the booking: the double derives the
 * booking's summary from it, as the server does (pb_hooks/lib/processo_resumo.js).
 */
function storeCase(bookingId: string, applicants: readonly { id: string }[], documents: readonly Doc[]) {
  const db = getDb();
  db.requerentes = [
    ...db.requerentes.filter((r) => r.agendamento !== bookingId),
    ...(applicants as typeof db.requerentes),
  ];
  db.documentos = [
    ...db.documentos.filter((d) => d.agendamento !== bookingId),
    ...(documents as typeof db.documentos),
  ];
}

/** The booking's summary as pb_hooks/lib/processo_resumo.js computes it (the double's copy of it). */
function summarize() {
  Object.assign(
    booking(),
    caseSummary({ agendamentos: [booking()], requerentes: APPLICANTS, documentos: docs }, ID),
  );
}

beforeAll(async () => {
  await import('@/features/bookings/booking-details-page');
  await import('@/features/bookings/review/review-panel');
}, 60_000);

beforeEach(() => {
  docs = [];
  for (const a of APPLICANTS) {
    for (const item of ['identidade', 'comprovante_endereco', 'foto']) docs.push(doc(a.id, item));
  }
  const [, , minor] = APPLICANTS;
  if (!minor) throw new Error('no minor');
  docs.push(doc(minor.id, 'certidao_nascimento'), doc(minor.id, 'assentimento'));
  const photo = docs.find((d) => d.requerente === minor.id && d.item === 'foto');
  if (photo) photo.reenviado = true;
  Object.assign(booking(), { status_agendamento: 'NOVO', nota_cliente: '' });
  storeCase(ID, APPLICANTS, docs);
  summarize();
  server.use(
    http.get('*/api/collections/requerentes/records', () =>
      HttpResponse.json({ page: 1, perPage: 500, totalItems: 3, totalPages: 1, items: APPLICANTS }),
    ),
    http.get('*/api/collections/documentos/records', () =>
      HttpResponse.json({ page: 1, perPage: 500, totalItems: docs.length, totalPages: 1, items: docs }),
    ),
    http.post('*/api/files/token', () => HttpResponse.json({ token: TOKEN })),
    http.get('*/api/files/:collection/:record/:name', ({ request }) =>
      new URL(request.url).searchParams.get('token') === TOKEN
        ? new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } })
        : HttpResponse.json({ status: 404 }, { status: 404 }),
    ),
    http.patch('*/api/collections/documentos/records/:id', async ({ request, params }) => {
      const target = docs.find((d) => d.id === params.id);
      if (!target) return HttpResponse.json({ status: 404 }, { status: 404 });
      Object.assign(target, (await request.json()) as Partial<Doc>, {
        revisado_por: DEMO_ACCOUNTS.admin.id,
        revisado_em: '2026-11-24 12:00:00.000Z',
      });
      if (!docs.some((d) => d.status === 'em_analise') && docs.some((d) => d.status === 'recusado')) {
        Object.assign(booking(), {
          status_agendamento: 'ANALISE_ERRO',
          nota_cliente: 'Documentos recusados',
          updated: '2026-11-24 12:00:01.000Z',
        });
      }
      summarize();
      return HttpResponse.json(target);
    }),
  );
});

// jsdom has no blob: URLs: each PDF preview gets a numbered one.
let objectUrls = 0;
const createObjectURL = vi.fn((_: Blob) => `blob:http://localhost/pdf-${++objectUrls}`);
const revokeObjectURL = vi.fn((_: string) => undefined);
beforeEach(() => {
  objectUrls = 0;
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

async function openPage() {
  const view = renderApp({ route: `/booking-details/${ID}`, session: 'admin' });
  await screen.findByRole('heading', { level: 2, name: 'Processo: requerentes e documentos' });
  await screen.findByRole('heading', { level: 3, name: 'Requerente 1: Maria Rossi' });
  return view;
}

const documentsOf = (name: string) => screen.getByRole('list', { name: `Documentos de ${name}` });
const itemOf = (name: string, item: string) =>
  within(documentsOf(name)).getByRole('heading', { level: 4, name: item }).closest('li') as HTMLElement;

describe('staff review of the case file', () => {
  const requests = recordRequests();

  it("shows each applicant's data with copy buttons, the minor, the consulate and every document's files", async () => {
    const { user } = await openPage();
    const minor = screen
      .getByRole('heading', { level: 3, name: 'Requerente 3: Luca Rossi' })
      .closest('article');
    if (!minor) throw new Error('no article');
    expect(within(minor).getByText('Menor')).toBeInTheDocument();
    expect(within(minor).getByText('Consulado de Curitiba')).toBeInTheDocument();
    // The minor's checklist has the birth certificate and the consent; the adults' does not.
    expect(
      within(documentsOf('Luca Rossi'))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual([
      'Documento de identidade com foto',
      'Comprovante de endereço',
      'Foto para passaporte',
      'Passaporte italiano anterior',
      'Certidão de nascimento',
      'Autorização do outro genitor (atto di assenso)',
    ]);
    expect(within(itemOf('Luca Rossi', 'Foto para passaporte')).getByText('Reenviado')).toBeInTheDocument();
    expect(
      within(itemOf('Maria Rossi', 'Foto para passaporte')).queryByText('Reenviado'),
    ).not.toBeInTheDocument();

    // An image and a PDF inline, each also opened in a new tab; all through the file token.
    const image = await screen.findByRole('img', {
      name: 'Foto para passaporte de Maria Rossi, arquivo 1 de 1',
    });
    expect(image.getAttribute('src')).toMatch(
      /\/api\/files\/pbc_documentos\/doc\d+\/foto_\d+abc\.png\?token=token-de-arquivo$/,
    );
    const pdf = within(itemOf('Maria Rossi', 'Documento de identidade com foto')).getByRole('link', {
      name: 'Abrir PDF: Documento de identidade com foto de Maria Rossi, arquivo 1 de 1, em nova aba',
    });
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf.getAttribute('href')).toContain(`?token=${TOKEN}`);
    // The PDF, fetched with the token, is framed from a blob: URL (PocketBase's own URL is sandboxed).
    const frame = await within(itemOf('Maria Rossi', 'Documento de identidade com foto')).findByTitle(
      'Documento de identidade com foto de Maria Rossi, arquivo 1 de 1',
    );
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    const fetched = (await requests.to('GET', '/identidade_1abc.pdf')).map((r) => r.search.get('token'));
    expect(fetched).toEqual([TOKEN]);

    // The data, each field with its copy button named after it.
    const maria = screen
      .getByRole('heading', { level: 3, name: 'Requerente 1: Maria Rossi' })
      .closest('article');
    if (!maria) throw new Error('no article');
    await user.click(within(maria).getByText('Dados do requerente'));
    expect(within(maria).getByText('529.982.247-25')).toBeVisible();
    await user.click(within(maria).getByRole('button', { name: 'Copiar CPF de Maria Rossi' }));
    expect(await navigator.clipboard.readText()).toBe('529.982.247-25');
    expect(within(maria).getByRole('button', { name: 'Copiado!' })).toBeInTheDocument();
    expect(within(maria).getByRole('button', { name: 'Copiar endereço de Maria Rossi' })).toBeInTheDocument();
  });

  it('says so in pt-BR when a PDF cannot be fetched, keeps its link, and revokes the blob: URLs it made', async () => {
    server.use(
      http.get('*/api/files/:collection/:record/identidade_1abc.pdf', () =>
        HttpResponse.json({ status: 404 }, { status: 404 }),
      ),
    );
    const view = await openPage();
    const item = itemOf('Maria Rossi', 'Documento de identidade com foto');
    expect(
      await within(item).findByText(
        'Não foi possível carregar a pré-visualização do PDF. Use o link ‘Abrir PDF’.',
      ),
    ).toBeInTheDocument();
    expect(within(item).queryByTitle(/arquivo 1 de 1/)).not.toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /^Abrir PDF: / })).toBeInTheDocument();
    // Another applicant's PDF still shows.
    await within(itemOf('Paolo Rossi', 'Documento de identidade com foto')).findByTitle(
      'Documento de identidade com foto de Paolo Rossi, arquivo 1 de 1',
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const made = createObjectURL.mock.results.map((r) => String(r.value));
    view.unmount();
    for (const url of made) expect(revokeObjectURL).toHaveBeenCalledWith(url);
  });

  it('keeps a picture at the address it was first shown with when the token renews; its link takes the new one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openPage();
    const image = await screen.findByRole('img', {
      name: 'Foto para passaporte de Maria Rossi, arquivo 1 de 1',
    });
    const first = image.getAttribute('src');
    expect(first).toContain(`token=${TOKEN}`);
    // The customer may have replaced the file meanwhile: asking for it again with a new token could be a 404.
    server.use(http.post('*/api/files/token', () => HttpResponse.json({ token: 'token-renovado' })));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const link = within(itemOf('Maria Rossi', 'Foto para passaporte')).getByRole('link', {
      name: /^Abrir imagem: /,
    });
    await waitFor(() => expect(link.getAttribute('href')).toContain('token=token-renovado'));
    expect(image.getAttribute('src')).toBe(first);
  });

  it('approves a document through the server and shows it approved', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Aprovar Foto para passaporte de Maria Rossi' }));
    await waitFor(() =>
      expect(within(itemOf('Maria Rossi', 'Foto para passaporte')).getByText('Aprovado')).toBeInTheDocument(),
    );
    const patches = await requests.to(
      'PATCH',
      '/api/collections/documentos/records/' +
        (docs.find((d) => d.requerente === 'req000000000001' && d.item === 'foto')?.id ?? ''),
    );
    expect(patches.map((r) => r.body)).toEqual([{ status: 'aprovado' }]);
    expect(
      within(itemOf('Maria Rossi', 'Foto para passaporte')).queryByRole('button', { name: /Aprovar/ }),
    ).not.toBeInTheDocument();
  });

  it("'Aprovar' (Enter) moves the focus to the next document's review; after the last one, to its new state", async () => {
    // The minor's last two documents were made in one push (the same n): the last one gets an id of its own.
    const assent = docs[docs.length - 1];
    if (assent) assent.id = 'doc000000000011';
    storeCase(ID, APPLICANTS, docs);
    const { user } = await openPage();
    const approve = () => screen.getAllByRole('button', { name: /^Aprovar / });
    const [first, second] = approve() as [HTMLElement, HTMLElement];
    const nextName = second.getAttribute('aria-label');
    first.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: nextName ?? '' })).toHaveFocus());

    const buttons = approve();
    const last = buttons[buttons.length - 1] as HTMLElement;
    const item = last.closest('ul[aria-label^="Documentos de"] > li') as HTMLElement;
    last.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(item).getByText('Aprovado').parentElement).toHaveFocus(), {
      timeout: 5000,
    });
    expect(document.body).not.toHaveFocus();
  }, 20_000);

  it('refuses with a reason from the list and free text; the last review moves the booking to ANALISE_ERRO', async () => {
    const { user } = await openPage();
    // Everything else approved first, as the server would have it.
    for (const d of docs)
      if (!(d.requerente === 'req000000000003' && d.item === 'foto')) d.status = 'aprovado';
    summarize();
    await screen.findByRole('heading', { level: 3, name: 'Requerente 3: Luca Rossi' });
    const item = itemOf('Luca Rossi', 'Foto para passaporte');
    await user.click(
      within(item).getByRole('button', { name: 'Recusar Foto para passaporte de Luca Rossi' }),
    );
    const form = within(item).getByRole('form', { name: 'Recusar Foto para passaporte de Luca Rossi' });
    await user.click(within(form).getByRole('button', { name: 'Confirmar recusa' }));
    expect(within(form).getByText('Escolha o motivo da recusa.')).toBeInTheDocument();
    expect(await requests.to('PATCH', '')).toEqual([]);

    expect(
      within(within(form).getByLabelText('Motivo da recusa'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Escolha o motivo',
      'Ilegível',
      'Vencido ou fora do prazo',
      'Não confere com os dados informados',
      'Falta uma página',
      'Outro motivo',
    ]);
    await user.selectOptions(within(form).getByLabelText('Motivo da recusa'), 'Ilegível');
    await user.type(within(form).getByLabelText('Detalhes para o cliente (opcional)'), 'Rosto cortado');
    await user.click(within(form).getByRole('button', { name: 'Confirmar recusa' }));

    await waitFor(() =>
      expect(within(itemOf('Luca Rossi', 'Foto para passaporte')).getByText('Recusado')).toBeInTheDocument(),
    );
    expect(
      within(itemOf('Luca Rossi', 'Foto para passaporte')).getByText('Motivo: Ilegível: Rosto cortado'),
    ).toBeInTheDocument();
    const patches = await requests.to('PATCH', '');
    expect(patches.map((r) => r.body)).toEqual([
      { status: 'recusado', motivo: 'ilegivel', motivo_texto: 'Rosto cortado' },
    ]);
    // The page shows the booking as the server left it: the header and the editor say ANALISE ERRO.
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('ANALISE_ERRO'));
    expect(screen.getByLabelText('Mensagem ao cliente')).toHaveValue('Documentos recusados');
  });

  it('offers ANALISE_OK in the editor only once every document is approved', async () => {
    const { user } = await openPage();
    const option = () =>
      within(screen.getByLabelText('Status')).getByRole('option', {
        name: /ANALISE OK/,
      }) as HTMLOptionElement;
    expect(option()).toBeDisabled();
    expect(option()).toHaveTextContent('ANALISE OK (aprove todos os documentos antes)');
    for (const d of docs.slice(1)) d.status = 'aprovado';
    summarize();
    const first = docs[0];
    if (!first) throw new Error('no documents');
    await user.click(
      screen.getByRole('button', { name: 'Aprovar Documento de identidade com foto de Maria Rossi' }),
    );
    await waitFor(() => expect(option()).toBeEnabled());
    expect(option()).toHaveTextContent(/^ANALISE OK$/);
    expect(booking().documentacao).toBe('aprovada');
  });
});

describe('staff list: consulate and documentation state', () => {
  /** One applicant living in `uf`, with their photo approved: the booking's case, approved at that state's consulate. */
  const approvedCase = (bookingId: string, uf: string) => {
    const applicant = { ...base, id: `req${bookingId.slice(-12)}`, agendamento: bookingId, uf };
    const photo = { ...doc(applicant.id, 'foto', { status: 'aprovado' }), agendamento: bookingId };
    storeCase(bookingId, [applicant], [{ ...photo, id: `doc${bookingId.slice(-12)}` }]);
  };

  it('filters by both in one request, kept in the URL, and shows them as columns', async () => {
    const [a, b] = [...getDb().agendamentos].sort((x, y) => y.created.localeCompare(x.created));
    if (!a || !b) throw new Error('seed too small');
    // Recife: a consulate the seed's own accounts (the booking day's, at São Paulo and Curitiba) leave free.
    approvedCase(a.id, 'PE');
    approvedCase(b.id, 'SP');
    const urls: URL[] = [];
    const onStart = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/api/collections/agendamentos/records')
        urls.push(url);
    };
    server.events.on('request:start', onStart);
    try {
      const { user, router } = renderApp({ route: '/dashboard', session: 'admin' });
      await screen.findByText(/^Total: \d+$/, { selector: '[role="status"]' });
      await user.selectOptions(screen.getByLabelText('Consulado'), 'Recife');
      await user.selectOptions(screen.getByLabelText('Documentação'), 'Aprovada');
      await screen.findByText('Total: 1', { selector: '[role="status"]' });
      expect(router.location.search).toBe('?consulado=recife&documentacao=aprovada');
      expect(urls[urls.length - 1]?.searchParams.get('filter')).toBe(
        'consulado = "recife" && documentacao = "aprovada"',
      );
      const table = screen.getByRole('table', { name: 'Agendamentos' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(1);
      expect(within(rows[0] as HTMLElement).getByText('Recife')).toBeInTheDocument();
      expect(within(rows[0] as HTMLElement).getByText('Aprovada')).toBeInTheDocument();
    } finally {
      server.events.removeListener('request:start', onStart);
    }
  });

  it('opens filtered from a link: "aprovada at Recife" is one URL', async () => {
    const [a] = [...getDb().agendamentos].sort((x, y) => y.created.localeCompare(x.created));
    if (!a) throw new Error('seed too small');
    approvedCase(a.id, 'PE');
    renderApp({ route: '/dashboard?consulado=recife&documentacao=aprovada', session: 'admin' });
    await screen.findByText('Total: 1', { selector: '[role="status"]' });
    expect(screen.getByLabelText('Consulado')).toHaveValue('recife');
    expect(screen.getByLabelText('Documentação')).toHaveValue('aprovada');
  });
});
