import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SAVE_FLAG_RESET_MS, SAVE_REDIRECT_DELAY_MS } from '@/config/constants';
import type { BookingRecord } from '@/lib/types';
import { getDb } from '@/mocks/db';
import { historyEntry, STATUS_MAIL_SUBJECTS } from '../../demo-seed/history';
import { DEMO_AGENDADO_BOOKING } from '../../demo-seed/seed';
import { renderApp } from '../helpers/render';
import { server } from '../helpers/server';

const ID = DEMO_AGENDADO_BOOKING.id;
const RECORD_PATH = `/api/collections/agendamentos/records/${ID}`;
const FORMULARIO = '{"passaporte":"YA1234567","observacao":"trazer certidão"}';
/** `updated` of the seeded booking: the editor sends it back as If-Match. */
const DEMO_AGENDADO_BOOKING_UPDATED = '2026-10-02 17:40:22.250Z';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Every request to the booking's record, with its JSON body (read from a clone). */
function trackRecordRequests(): Seen[] {
  const seen: Seen[] = [];
  const onStart = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/collections/agendamentos/records/')) return;
    const entry: Seen = { method: request.method, url, headers: request.headers, body: undefined };
    seen.push(entry);
    if (request.method !== 'GET') {
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          entry.body = body;
        });
    }
  };
  server.events.on('request:start', onStart);
  onTestFinished(() => {
    server.events.removeListener('request:start', onStart);
  });
  return seen;
}

const patches = (seen: Seen[]) => seen.filter((r) => r.method === 'PATCH');

function storedBooking(): BookingRecord {
  const booking = getDb().agendamentos.find((b) => b.id === ID);
  if (!booking) throw new Error('seed changed: the agendado booking is missing');
  return booking;
}

/** A handler that holds the request until released, then lets the stand-in answer. */
function gated(method: 'get' | 'patch', path: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = method === 'get' ? http.get : http.patch;
  server.use(
    handler(`*${path}`, async () => {
      await gate;
    }),
  );
  return () => release();
}

async function openEditor(route = `/booking-details/${ID}`) {
  storedBooking().formulario = FORMULARIO;
  const seen = trackRecordRequests();
  const view = renderApp({ route, session: 'admin' });
  await screen.findByRole('heading', { level: 1, name: "João Pedro D'Ávila" });
  return { ...view, seen };
}

const dateInput = () => screen.getByLabelText('Data do Agendamento');
const timeInput = () => screen.getByLabelText('Hora do Agendamento');
const placeInput = () => screen.getByLabelText('Local do Agendamento');
const statusSelect = () => screen.getByLabelText('Status');

// The editor's code (with the date picker) loads on demand; compiling it takes seconds on a busy machine. It is
// loaded once here, so that the first test's waits measure the screen, not the compiler.
beforeAll(async () => {
  await import('@/features/bookings/booking-details-page');
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('booking editor', () => {
  it("shows 'Carregando...' while loading, then the owner's name and the record's values", async () => {
    const release = gated('get', RECORD_PATH);
    const seen = trackRecordRequests();
    renderApp({ route: `/booking-details/${ID}`, session: 'admin' });
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('heading', { level: 1, name: "João Pedro D'Ávila" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar página' })).toHaveAttribute('href', '/dashboard');
    expect(seen[0]?.method).toBe('GET');
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({ expand: 'usuario,pagamento' });

    expect(dateInput()).toHaveValue('18/11/2026');
    expect(dateInput()).toHaveAttribute('placeholder', 'Selecione uma data');
    expect(timeInput()).toHaveValue('14:30');
    expect(timeInput()).toHaveAttribute('placeholder', 'Selecione a hora');
    expect(placeInput()).toHaveValue(DEMO_AGENDADO_BOOKING.local_agendamento);
    expect(placeInput()).toHaveAttribute('placeholder', 'Rua Exemplo, 123');
    expect(statusSelect()).toHaveValue('AGENDADO');
    expect(
      within(statusSelect())
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['NOVO', 'ANALISE_ERRO', 'ANALISE_OK', 'AGENDADO', 'FINALIZADO']);
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
  });

  it('shows NOVO and empty fields for a fresh booking', async () => {
    const booking = storedBooking();
    Object.assign(booking, {
      data_agendamento: '',
      hora_agendamento: '',
      local_agendamento: '',
      status_agendamento: '',
    });
    await openEditor();
    expect(dateInput()).toHaveValue('');
    expect(timeInput()).toHaveValue('');
    expect(placeInput()).toHaveValue('');
    expect(statusSelect()).toHaveValue('NOVO');
  });

  it('sends the seed PATCH body less formulario, which staff never send back, and the copy it was based on', async () => {
    const { user, seen } = await openEditor();
    await user.clear(dateInput());
    await user.type(dateInput(), '24/12/2026');
    await user.keyboard('{Escape}');
    await user.clear(timeInput());
    await user.type(timeInput(), '09:15');
    await user.keyboard('{Escape}');
    await user.clear(placeInput());
    await user.type(placeInput(), 'Rua Exemplo, 123');
    await user.selectOptions(statusSelect(), 'FINALIZADO');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    await screen.findByText('Agendamento atualizado com sucesso!');
    expect(patches(seen)).toHaveLength(1);
    expect(patches(seen)[0]?.body).toEqual({
      data_agendamento: '2026-12-24T00:00:00.000Z',
      hora_agendamento: '09:15',
      local_agendamento: 'Rua Exemplo, 123',
      status_agendamento: 'FINALIZADO',
    });
    expect(patches(seen)[0]?.headers.get('If-Match')).toBe(`"${DEMO_AGENDADO_BOOKING_UPDATED}"`);
    expect(storedBooking()).toMatchObject({
      data_agendamento: '2026-12-24 00:00:00.000Z',
      hora_agendamento: '09:15',
      local_agendamento: 'Rua Exemplo, 123',
      status_agendamento: 'FINALIZADO',
      formulario: FORMULARIO,
    });
  });

  it('unchanged form: sends the loaded values back, formulario left alone', async () => {
    const { user, seen } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(patches(seen)[0]?.body).toBeDefined());
    expect(patches(seen)[0]?.body).toEqual({
      data_agendamento: '2026-11-18T00:00:00.000Z',
      hora_agendamento: '14:30',
      local_agendamento: DEMO_AGENDADO_BOOKING.local_agendamento,
      status_agendamento: 'AGENDADO',
    });
    expect(storedBooking().formulario).toBe(FORMULARIO);
  });

  it('clearing date and time sends null and ""', async () => {
    const { user, seen } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Limpar data' }));
    await user.click(screen.getByRole('button', { name: 'Limpar hora' }));
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(patches(seen)[0]?.body).toBeDefined());
    expect(patches(seen)[0]?.body).toMatchObject({ data_agendamento: null, hora_agendamento: '' });
  });

  it('picks a time from the 15-minute list', async () => {
    const { user, seen } = await openEditor();
    await user.click(timeInput());
    const list = await screen.findByRole('listbox', { name: 'Hora' });
    const options = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options.slice(0, 5)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    expect(options).toHaveLength(96);
    await user.click(within(list).getByRole('option', { name: '16:45' }));
    expect(timeInput()).toHaveValue('16:45');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(patches(seen)[0]?.body).toBeDefined());
    expect(patches(seen)[0]?.body).toMatchObject({ hora_agendamento: '16:45' });
  });

  /** Lets the picker's own deferred focus work (a timeout and an animation frame) run. */
  const pickerTimers = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('Escape closes the time list and focus stays in the field, so the next keys land there', async () => {
    const { user } = await openEditor();
    await user.clear(timeInput());
    await user.type(timeInput(), '14:45');
    expect(screen.getByRole('listbox', { name: 'Hora' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await pickerTimers();
    expect(screen.queryByRole('listbox', { name: 'Hora' })).not.toBeInTheDocument();
    expect(timeInput()).toHaveFocus();
    expect(timeInput()).toHaveValue('14:45');
  });

  it('Escape from inside the calendar closes it and puts focus back in the date field', async () => {
    const { user } = await openEditor();
    await user.click(dateInput());
    await screen.findAllByRole('gridcell');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('role', 'gridcell');
    await user.keyboard('{Escape}');
    await pickerTimers();
    expect(screen.queryByRole('gridcell')).not.toBeInTheDocument();
    expect(dateInput()).toHaveFocus();
  });

  it('opens a pt-BR calendar starting on Sunday', async () => {
    const { user } = await openEditor();
    await user.click(dateInput());
    const days = await screen.findAllByRole('gridcell', { name: /^Escolher / });
    // Assistive technology hears Portuguese: the popup's name, its arrows and the day names.
    expect(screen.getByRole('dialog', { name: 'Escolher data' })).toBeInTheDocument();
    expect(screen.queryByText(/Choose|Previous Month|Next Month/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo mês' })).toHaveTextContent('Próximo mês');
    // The first week starts on Sunday: 1 November 2026 is one.
    expect(days[0]).toHaveAccessibleName('Escolher domingo, 1 de novembro de 2026');
    await user.click(screen.getByRole('gridcell', { name: 'Escolher quarta-feira, 25 de novembro de 2026' }));
    expect(dateInput()).toHaveValue('25/11/2026');
    expect(screen.queryByRole('gridcell', { name: /^Escolher / })).not.toBeInTheDocument();
  });

  it("saves: 'Atualizando agendamento' while saving, toast, flag reset after 1 s, /dashboard after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, seen } = await openEditor();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const release = gated('patch', RECORD_PATH);

    await user.clear(placeInput());
    await user.type(placeInput(), 'Consulado em Curitiba');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    const busy = await screen.findByRole('button', { name: 'Atualizando agendamento' });
    // It takes no press while saving, and keeps the focus it had (a disabled button drops it to the page).
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy.querySelector('.animate-spin')).not.toBeNull();

    act(() => release());
    expect(await screen.findByText('Agendamento atualizado com sucesso!')).toBeInTheDocument();
    expect(patches(seen)).toHaveLength(1);
    // The flag is still on right after the answer ...
    expect(screen.getByRole('button', { name: 'Atualizando agendamento' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    act(() => vi.advanceTimersByTime(SAVE_FLAG_RESET_MS - 300));
    expect(screen.getByRole('button', { name: 'Atualizando agendamento' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(router.location.pathname).toBe(`/booking-details/${ID}`);
    // ... and off 1 s after it.
    act(() => vi.advanceTimersByTime(300));
    expect(await screen.findByRole('button', { name: 'Atualizar' })).toBeEnabled();

    act(() => vi.advanceTimersByTime(SAVE_REDIRECT_DELAY_MS - SAVE_FLAG_RESET_MS - 300));
    expect(router.location.pathname).toBe(`/booking-details/${ID}`);
    act(() => vi.advanceTimersByTime(300));
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agendamentos' })).toBeInTheDocument();
  });

  it('after a save the list shows the change (its queries are invalidated)', async () => {
    const requests: URL[] = [];
    const onStart = ({ request }: { request: Request }) => void requests.push(new URL(request.url));
    server.events.on('request:start', onStart);
    onTestFinished(() => {
      server.events.removeListener('request:start', onStart);
    });
    const { router, user } = renderApp({ route: "/dashboard?search=D'Ávila", session: 'admin' });
    const row = await screen.findByRole('row', { name: /João Pedro D'Ávila/ });
    expect(row).toHaveTextContent('AGENDADO');
    await user.click(within(row).getByText('14:30'));

    await screen.findByRole('heading', { level: 1, name: "João Pedro D'Ávila" });
    const back = screen.getByRole('link', { name: 'Voltar página' });
    expect(decodeURIComponent(back.getAttribute('href') ?? '')).toBe("/dashboard?search=D'Ávila");
    await user.selectOptions(statusSelect(), 'FINALIZADO');
    await user.clear(timeInput());
    await user.type(timeInput(), '10:45');
    // The list shows the typed time, then closes: what staff see before they save.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: '10:45' })).toHaveAttribute('aria-selected', 'true'),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Hora' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByText('Agendamento atualizado com sucesso!');

    // Back to the list once the redirect's delay has passed.
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'), {
      timeout: SAVE_REDIRECT_DELAY_MS + 2000,
    });
    expect(decodeURIComponent(router.location.search)).toBe("?search=D'Ávila");
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /João Pedro D'Ávila/ })).toHaveTextContent('FINALIZADO'),
    );
    expect(screen.getByRole('row', { name: /João Pedro D'Ávila/ })).toHaveTextContent('10:45');
    // A name is read from the kit's text search (pb_hooks/lib/busca_texto.js): its page, before and after the save.
    const listLoads = requests.filter((url) => url.pathname === '/api/agendamentos/busca');
    expect(listLoads).toHaveLength(2);
  });

  it("a failure toasts 'Erro: ' and the message, and keeps what was typed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.patch(`*${RECORD_PATH}`, () =>
        HttpResponse.json(
          {
            status: 400,
            message: 'Failed to update record.',
            data: {
              local_agendamento: {
                code: 'validation_max_text_constraint',
                message: 'Must be no more than 200 character(s).',
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { router, seen } = await openEditor();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.clear(placeInput());
    await user.type(placeInput(), 'Embaixada em Brasília');
    await user.selectOptions(statusSelect(), 'ANALISE_OK');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    // PocketBase answers in English: the toast names the field and the fault in Portuguese.
    expect(await screen.findByText('Erro: Local do Agendamento: texto longo demais.')).toBeInTheDocument();
    expect(patches(seen)).toHaveLength(1);
    expect(placeInput()).toHaveValue('Embaixada em Brasília');
    expect(statusSelect()).toHaveValue('ANALISE_OK');
    expect(screen.getByRole('button', { name: 'Atualizando agendamento' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    act(() => vi.advanceTimersByTime(SAVE_FLAG_RESET_MS));
    expect(await screen.findByRole('button', { name: 'Atualizar' })).toBeEnabled();
    act(() => vi.advanceTimersByTime(SAVE_REDIRECT_DELAY_MS * 2));
    expect(router.location.pathname).toBe(`/booking-details/${ID}`);
    expect(placeInput()).toHaveValue('Embaixada em Brasília');
    expect(storedBooking().local_agendamento).toBe(DEMO_AGENDADO_BOOKING.local_agendamento);
  });

  it('a network failure is reported too', async () => {
    server.use(http.patch(`*${RECORD_PATH}`, () => HttpResponse.error()));
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(/^Erro: .+/)).toBeInTheDocument();
  });

  it('blocks a double submit', async () => {
    const release = gated('patch', RECORD_PATH);
    const { user, seen } = await openEditor();
    const button = screen.getByRole('button', { name: 'Atualizar' });
    await user.dblClick(button);
    await user.click(button);
    await user.type(placeInput(), '{Enter}');
    release();
    await screen.findByText('Agendamento atualizado com sucesso!');
    expect(patches(seen)).toHaveLength(1);
  });

  it('refuses a two-digit year instead of saving the year 26', async () => {
    const { user, seen } = await openEditor();
    await user.clear(dateInput());
    await user.type(dateInput(), '24/12/26');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    expect(dateInput()).toHaveAccessibleDescription('Data inválida');
    expect(dateInput()).toHaveAttribute('aria-invalid', 'true');
    expect(patches(seen)).toHaveLength(0);
  });

  it.each([
    ['a day that does not exist', dateInput, '31/02/2026', 'Data inválida'],
    ['a time past the day', timeInput, '25:99', 'Hora inválida'],
  ])(
    'says so when %s is typed and the field is left, and saves nothing until it is fixed',
    async (_, input, typed, message) => {
      const { user, seen } = await openEditor();
      await user.clear(input());
      await user.type(input(), typed);
      await user.click(placeInput());
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(input()).toHaveAccessibleDescription(message);
      await user.click(screen.getByRole('button', { name: 'Atualizar' }));
      expect(screen.getByText(message)).toBeInTheDocument();
      // The save brings the staff member back to the field to fix.
      expect(input()).toHaveFocus();
      expect(patches(seen)).toHaveLength(0);
    },
  );

  it('the same date typed again after a refused one is taken: the message goes and the save goes through', async () => {
    const { user, seen } = await openEditor();
    await user.clear(dateInput());
    await user.type(dateInput(), '31/02/2026');
    await user.click(placeInput());
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    // The stored day, which the picker put back, typed over it: no change for the library (it calls no
    // onChange), a fix for the staff member.
    await user.tripleClick(dateInput());
    await user.keyboard('18/11/2026');
    await user.click(placeInput());
    await waitFor(() => expect(screen.queryByText('Data inválida')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(patches(seen)).toHaveLength(1));
    expect(patches(seen)[0]?.body).toMatchObject({ data_agendamento: '2026-11-18T00:00:00.000Z' });
  });

  it('says so too when the date field is left by keyboard, through its clear button', async () => {
    const { user, seen } = await openEditor();
    await user.clear(dateInput());
    await user.type(dateInput(), '31/02/2026');
    await user.tab();
    await user.tab();
    expect(dateInput()).not.toHaveFocus();
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(patches(seen)).toHaveLength(0);
  });

  it('keeps the place within 200 characters', async () => {
    const { user } = await openEditor();
    expect(placeInput()).toHaveAttribute('maxLength', '200');
    await user.clear(placeInput());
    await user.type(placeInput(), 'x'.repeat(210));
    expect(placeInput()).toHaveValue('x'.repeat(200));
  });

  it("an unknown id shows 'Agendamento não encontrado.' with the way back", async () => {
    renderApp({ route: '/booking-details/naoexiste00000', session: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Agendamento não encontrado.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar página' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Atualizar' })).not.toBeInTheDocument();
  });

  it("a load failure shows the message and 'Tentar novamente'", async () => {
    server.use(
      http.get(
        `*${RECORD_PATH}`,
        () => HttpResponse.json({ status: 500, message: 'Falha no servidor.', data: {} }, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderApp({ route: `/booking-details/${ID}`, session: 'admin' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o agendamento.');
    expect(alert).toHaveTextContent(
      'O servidor está com problemas no momento: tente de novo em alguns minutos.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: "João Pedro D'Ávila" })).toBeInTheDocument();
  });

  it("'Voltar página' goes to /dashboard", async () => {
    const { user, router } = await openEditor();
    await user.click(screen.getByRole('link', { name: 'Voltar página' }));
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
  });
});

describe('the case beside the form', () => {
  it("shows the customer's contact with copy buttons, the purchase and the form sent", async () => {
    const { user } = await openEditor();
    const contact = screen.getByRole('region', { name: 'Cliente' });
    expect(contact).toHaveTextContent('agendado@demo.com.br');
    expect(contact).toHaveTextContent('(21) 99876-5432');
    expect(contact).toHaveTextContent('153.509.460-56');
    await user.click(within(contact).getByRole('button', { name: 'Copiar CPF' }));
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe('153.509.460-56');
    expect(within(contact).getByRole('button', { name: 'Copiado!' })).toBeInTheDocument();

    const purchase = screen.getByRole('region', { name: 'Compra' });
    for (const text of [
      'Individual',
      'Flex (remarcação)Não',
      'R$ 699,00',
      'Parcelas3x',
      'Cartão de Crédito',
      'Confirmado',
      DEMO_AGENDADO_BOOKING.asaasPaymentId,
    ])
      expect(purchase).toHaveTextContent(text);

    const form = screen.getByRole('region', { name: 'Formulário' });
    expect(form).toHaveTextContent('Recebido');
    expect(form).toHaveTextContent('trazer certidão');
  });

  it('lists the history, newest first, with who changed what and the e-mail sent', async () => {
    const { user } = await openEditor();
    await user.clear(placeInput());
    await user.type(placeInput(), 'Consulado Geral da Itália no Rio de Janeiro');
    await user.selectOptions(statusSelect(), 'FINALIZADO');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByText('Agendamento atualizado com sucesso!');

    const history = screen.getByRole('region', { name: 'Histórico' });
    await waitFor(() => expect(history).toHaveTextContent('Status: AGENDADO → para FINALIZADO'));
    const entries = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    const [newest] = entries;
    expect(newest).toHaveTextContent('Equipe Passaporte Italiano');
    expect(newest).toHaveTextContent('Status: AGENDADO → para FINALIZADO');
    expect(newest).toHaveTextContent(
      `Local: ${DEMO_AGENDADO_BOOKING.local_agendamento} → para Consulado Geral da Itália no Rio de Janeiro`,
    );
    expect(newest).toHaveTextContent(
      'E-mail “Processo encerrado - Passaporte Italiano” enviado para agendado@demo.com.br.',
    );
    expect(entries.at(-1)).toHaveTextContent('Sistema');
    expect(entries.at(-1)).toHaveTextContent('Agendamento criado com status NOVO');
  });
});

it('says when the status e-mail could not be delivered, so that staff tell the customer another way', async () => {
  // The server recorded a status change whose e-mail the customer's mail server refused.
  getDb().historico_agendamentos.push({
    ...historyEntry(
      { id: ID },
      [{ campo: 'status_agendamento', de: 'ANALISE_OK', para: 'AGENDADO' }],
      { id: 'atendente00001', nome_completo: 'Beatriz Atendente' },
      '2026-11-23 18:00:00.000Z',
    ),
    email_para: 'agendado@demo.com.br',
    email_status: 'FALHOU',
    email_assunto: STATUS_MAIL_SUBJECTS.AGENDADO,
  });
  await openEditor();
  const panel = screen.getByRole('region', { name: 'Histórico' });
  expect(
    await within(panel).findByText(
      'Falha ao enviar o e-mail para agendado@demo.com.br: avise o cliente por outro meio.',
    ),
  ).toBeInTheDocument();
});

it("shows the case file's entries: which document, what happened, never its contents", async () => {
  // As pb_hooks/lib/processo.js records a review and the retention job.
  getDb().historico_agendamentos.push(
    historyEntry(
      { id: ID },
      [
        {
          campo: 'documento',
          de: 'Maria Rossi · Foto para passaporte',
          para: 'recusado (Ilegível: Rosto cortado)',
        },
      ],
      { id: 'atendente00001', nome_completo: 'Beatriz Atendente' },
      '2026-11-23 18:00:00.000Z',
    ),
    historyEntry(
      { id: ID },
      [{ campo: 'retencao', de: '8 documento(s)', para: 'excluídos 30 dias após o encerramento' }],
      null,
      '2026-11-23 19:00:00.000Z',
    ),
  );
  await openEditor();
  const panel = screen.getByRole('region', { name: 'Histórico' });
  expect(
    await within(panel).findByText(
      'Documento Maria Rossi · Foto para passaporte: recusado (Ilegível: Rosto cortado)',
    ),
  ).toBeInTheDocument();
  expect(
    within(panel).getByText('Documentos (retenção) 8 documento(s): excluídos 30 dias após o encerramento'),
  ).toBeInTheDocument();
});

describe('safe concurrent edits', () => {
  it('a save on a stale copy is refused, the newer values are shown, and the typed ones kept', async () => {
    const { user, seen } = await openEditor();
    // Another staff member saves first.
    Object.assign(storedBooking(), {
      local_agendamento: 'Consulado de Curitiba',
      updated: '2026-11-23 15:00:00.000Z',
    });
    await user.clear(placeInput());
    await user.type(placeInput(), 'Consulado de São Paulo');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(
      await screen.findByText(
        'Erro: Este agendamento foi alterado por outra pessoa enquanto você editava. Os valores atuais estão na tela: confira e salve de novo.',
      ),
    ).toBeInTheDocument();
    const useCurrent = await screen.findByRole('button', { name: 'Usar os valores atuais' });
    const notice = useCurrent.closest('[role="alert"]') as HTMLElement;
    await waitFor(() => expect(notice).toHaveTextContent('Consulado de Curitiba'));
    expect(placeInput()).toHaveValue('Consulado de São Paulo');
    expect(storedBooking().local_agendamento).toBe('Consulado de Curitiba');

    // Saving again, having seen the newer values, goes through (based on the newer copy).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled(), {
      timeout: 3000,
    });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByText('Agendamento atualizado com sucesso!');
    expect(patches(seen).at(-1)?.headers.get('If-Match')).toBe('"2026-11-23 15:00:00.000Z"');
    expect(storedBooking().local_agendamento).toBe('Consulado de São Paulo');
  });

  it("'Usar os valores atuais' puts the newer values in the form", async () => {
    const { user } = await openEditor();
    Object.assign(storedBooking(), {
      local_agendamento: 'Consulado de Curitiba',
      updated: '2026-11-23 15:00:00.000Z',
    });
    await user.clear(placeInput());
    await user.type(placeInput(), 'Consulado de São Paulo');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await user.click(await screen.findByRole('button', { name: 'Usar os valores atuais' }));
    await waitFor(() => expect(placeInput()).toHaveValue('Consulado de Curitiba'));
  });
});

describe('statuses and the note to the customer', () => {
  it('an unknown older status is shown as it is and kept when only the place changes', async () => {
    storedBooking().status_agendamento = 'CANCELADO';
    const { user, seen } = await openEditor();
    expect(statusSelect()).toHaveDisplayValue('CANCELADO (status antigo)');
    await user.clear(placeInput());
    await user.type(placeInput(), 'Consulado de Curitiba');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByText('Agendamento atualizado com sucesso!');
    expect(patches(seen)[0]?.body).toMatchObject({ status_agendamento: 'CANCELADO' });
    expect(storedBooking().status_agendamento).toBe('CANCELADO');
  });

  it('moving to Análise com Erro asks what is wrong; the note is saved and sent', async () => {
    const { user, seen } = await openEditor();
    await user.selectOptions(statusSelect(), 'ANALISE_ERRO');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    const note = screen.getByLabelText('Mensagem ao cliente');
    expect(
      await screen.findByText('Escreva o que o cliente precisa corrigir: o texto vai no e-mail.'),
    ).toBeInTheDocument();
    expect(note).toHaveFocus();
    expect(patches(seen)).toHaveLength(0);

    await user.type(note, 'A certidão de nascimento está ilegível.');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByText('Agendamento atualizado com sucesso!');
    expect(patches(seen)[0]?.body).toMatchObject({
      status_agendamento: 'ANALISE_ERRO',
      nota_cliente: 'A certidão de nascimento está ilegível.',
    });
    expect(storedBooking().nota_cliente).toBe('A certidão de nascimento está ilegível.');
  });
  it('previews, beside the note, the e-mail the customer will get, word for word, or says none goes out', async () => {
    const { user } = await openEditor();
    const preview = screen.getByRole('region', { name: 'Prévia do e-mail ao cliente' });
    expect(preview).toHaveTextContent('Nenhum e-mail é enviado ao salvar: o status não muda.');

    await user.selectOptions(statusSelect(), 'FINALIZADO');
    await user.type(screen.getByLabelText('Mensagem ao cliente'), 'Obrigado!{Enter}Até breve.');
    expect(preview).toHaveTextContent(
      'Enviado ao salvar, com o assunto “Processo encerrado - Passaporte Italiano”:',
    );
    expect(preview.querySelector('pre')?.textContent).toBe(
      [
        "Olá, João Pedro D'Ávila.",
        'O andamento do seu pedido mudou:',
        'Finalizado - Agendamento realizado com sucesso. Processo encerrado.',
        'Obrigado por confiar no nosso serviço.',
        'Mensagem da equipe:\nObrigado!\nAté breve.',
        `Acompanhe o seu pedido em ${window.location.origin}/tracking.`,
        'Equipe Passaporte Italiano',
      ].join('\n\n'),
    );

    await user.selectOptions(statusSelect(), 'ANALISE_ERRO');
    expect(preview.querySelector('pre')?.textContent).toContain(
      'Análise com Erro - Encontramos inconsistências nos seus dados.\n\nO que precisa ser corrigido:\nObrigado!\nAté breve.',
    );
  });
});
