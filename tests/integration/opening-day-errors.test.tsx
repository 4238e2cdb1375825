// Staff's booking-day screens when an action fails or replaces the control that had the focus: each failure says
// why in pt-BR next to its control (role="alert"), never silently; the focus never falls to the page's body.
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/mocks/db';
import { ensureHandling, updateHandling } from '@/mocks/dia-store';
import { renderApp } from '../helpers/render';
import { server } from '../helpers/server';

const OFFLINE = 'Sem conexão com o servidor. Verifique a internet e tente de novo.';
const networkDown = () => HttpResponse.error();
/** The server refusing, as PocketBase answers: `status`, its message and each field's error. */
const refusing =
  (status: number, message: string, data: Record<string, { code: string; message: string }> = {}) =>
  () =>
    HttpResponse.json({ status, message, data }, { status });
const CASE = 'Chiara Ricci Almeida';

// The case's name, then (once open) its applicant of the same name.
const caseRow = () => screen.getAllByText(CASE)[0]?.closest('li') as HTMLElement;

/** /dia as staff, the case taken with Enter on 'Assumir' (a keyboard user's press). */
async function takeCase() {
  const view = renderApp({ route: '/dia?consulado=sao_paulo', session: 'admin' });
  await screen.findAllByText(CASE);
  const take = within(caseRow()).getByRole('button', { name: 'Assumir' });
  take.focus();
  await view.user.keyboard('{Enter}');
  await within(caseRow()).findByRole('heading', { name: 'Acesso e código do cliente' });
  return view;
}

const section = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('/dia: the focus after an action', () => {
  it("'Assumir' (Enter) puts the focus on the button that replaced it, not the page's body", async () => {
    await takeCase();
    await waitFor(() => expect(within(caseRow()).getByRole('button', { name: 'Fechar' })).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });

  it("'Assumir' when someone else took the case meanwhile: says so, and the focus goes to the case's name", async () => {
    const { user } = renderApp({ route: '/dia?consulado=sao_paulo', session: 'admin' });
    await screen.findAllByText(CASE);
    // Another staff member takes it before this list is refetched.
    const db = getDb();
    const owner = db.usuarios.find((u) => u.nome_completo === CASE);
    const booking = db.agendamentos.find((b) => b.usuario === owner?.id);
    updateHandling(ensureHandling(String(booking?.id)), {
      responsavel: 'outraequipe0001',
      responsavel_nome: 'Ana Souza',
    });
    // The list's refetch takes a moment, as on a real network.
    server.use(
      http.get('*/api/collections/agendamentos/records', async () => {
        await delay(200);
      }),
    );
    const take = within(caseRow()).getByRole('button', { name: 'Assumir' });
    take.focus();
    await user.keyboard('{Enter}');
    expect(await within(caseRow()).findByRole('alert')).toHaveTextContent('Este caso já está com Ana Souza.');
    expect(await within(caseRow()).findByRole('button', { name: 'Com Ana Souza' })).toBeDisabled();
    await waitFor(() => expect(within(caseRow()).getByRole('heading', { name: CASE })).toHaveFocus());
  });

  it("'Soltar' puts the focus on 'Assumir', which replaces it", async () => {
    const { user } = await takeCase();
    await user.click(within(caseRow()).getByRole('button', { name: 'Soltar' }));
    await waitFor(() => expect(within(caseRow()).getByRole('button', { name: 'Assumir' })).toHaveFocus());
  });

  it("'Soltar' when someone else takes the case at once: the focus goes to the case's name", async () => {
    const { user } = await takeCase();
    const db = getDb();
    const owner = db.usuarios.find((u) => u.nome_completo === CASE);
    const booking = db.agendamentos.find((b) => b.usuario === owner?.id);
    // The release is answered; another staff member takes the case before this list is read again.
    server.use(
      http.post('*/api/dia/:id/soltar', () => {
        const handling = ensureHandling(String(booking?.id));
        updateHandling(handling, { responsavel: 'outraequipe0001', responsavel_nome: 'Ana Souza' });
        return HttpResponse.json(handling);
      }),
    );
    await user.click(within(caseRow()).getByRole('button', { name: 'Soltar' }));
    expect(await within(caseRow()).findByRole('button', { name: 'Com Ana Souza' })).toBeDisabled();
    await waitFor(() => expect(within(caseRow()).getByRole('heading', { name: CASE })).toHaveFocus());
  });
});

describe('/dia: a failed action says why, next to its control', () => {
  it.each([
    ['Pedir código', '*/api/dia/:id/pedir', 'Acesso e código do cliente'],
    ['Sem vagas', '*/api/collections/tentativas_agendamento/records', 'Registrar tentativa'],
  ])(
    "'%s' with the network down: its box says so, otherwise unchanged, the button keeping the focus",
    async (button, endpoint, box) => {
      const { user } = await takeCase();
      server.use(http.post(endpoint, networkDown));
      const where = section(box);
      const before = where.textContent;
      await user.click(within(where).getByRole('button', { name: button }));
      const alert = await within(where).findByRole('alert');
      expect(alert).toHaveTextContent(OFFLINE);
      // Nothing looks asked or recorded ('Nada pedido agora.', the attempts' count).
      expect(where.textContent?.replace(alert.textContent ?? '', '')).toBe(before);
      expect(within(where).getByRole('button', { name: button })).toHaveFocus();
    },
  );

  it("'Pedir código' pressed twice while the first is in flight sends one request", async () => {
    const { user } = await takeCase();
    let sent = 0;
    server.use(
      http.post('*/api/dia/:id/pedir', async () => {
        sent++;
        await delay(300);
        return HttpResponse.json(
          { status: 500, message: 'Something went wrong.', data: {} },
          { status: 500 },
        );
      }),
    );
    const relay = section('Acesso e código do cliente');
    const ask = within(relay).getByRole('button', { name: 'Pedir código' });
    await user.click(ask);
    await user.click(ask);
    expect(await within(relay).findByRole('alert')).toHaveTextContent(
      'O servidor não conseguiu concluir agora. Tente de novo em alguns instantes.',
    );
    expect(sent).toBe(1);
  });

  it("'Assumir' refused with the server's pt-BR message shows that message next to the case", async () => {
    const refusal = 'Este caso já está com Ana.';
    server.use(http.post('*/api/dia/:id/assumir', refusing(409, refusal)));
    const { user } = renderApp({ route: '/dia?consulado=sao_paulo', session: 'admin' });
    await screen.findAllByText(CASE);
    await user.click(within(caseRow()).getByRole('button', { name: 'Assumir' }));
    expect(await within(caseRow()).findByRole('alert')).toHaveTextContent(refusal);
  });

  it("'Assumir' with the network down says so next to the case", async () => {
    server.use(http.post('*/api/dia/:id/assumir', networkDown));
    const { user } = renderApp({ route: '/dia?consulado=sao_paulo', session: 'admin' });
    await screen.findAllByText(CASE);
    await user.click(within(caseRow()).getByRole('button', { name: 'Assumir' }));
    expect(await within(caseRow()).findByRole('alert')).toHaveTextContent(OFFLINE);
  });
});

describe("/dia: 'Salvar agendamento' with a past day", () => {
  const appointments = () => section('Agendamentos');

  it('says the day has passed before sending, in the server’s words', async () => {
    const { user } = await takeCase();
    let sent = 0;
    server.use(
      http.post('*/api/collections/compromissos/records', () => {
        sent++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const form = appointments();
    await user.click(within(form).getAllByRole('checkbox')[0] as HTMLElement);
    await user.type(within(form).getByLabelText('Data'), '2020-01-01');
    await user.type(within(form).getByLabelText('Hora'), '10:00');
    await user.click(within(form).getByRole('button', { name: 'Salvar agendamento' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A data do agendamento já passou.');
    expect(within(form).getByLabelText('Data')).toHaveFocus();
    expect(sent).toBe(0);
  });

  it('shows the server’s pt-BR refusal of the day, not "Informe a data do atendimento."', async () => {
    const { user } = await takeCase();
    server.use(
      http.post(
        '*/api/collections/compromissos/records',
        refusing(400, 'Failed to create record.', {
          data: { code: 'validation_past_date', message: 'A data do agendamento já passou.' },
        }),
      ),
    );
    const form = appointments();
    await user.click(within(form).getAllByRole('checkbox')[0] as HTMLElement);
    await user.type(within(form).getByLabelText('Data'), '2099-01-01');
    await user.type(within(form).getByLabelText('Hora'), '10:00');
    await user.click(within(form).getByRole('button', { name: 'Salvar agendamento' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('A data do agendamento já passou.');
    expect(alert).not.toHaveTextContent('Informe a data do atendimento.');
  });
});

describe('/consulados when the API fails', () => {
  it('says the consulates did not load, with a retry that brings the editor back', async () => {
    server.use(http.get('*/api/collections/consulados/records', networkDown));
    const { user } = renderApp({ route: '/consulados', session: 'admin' });
    const message = await screen.findByText(
      'Não foi possível carregar os consulados.',
      {},
      { timeout: 10_000 },
    );
    const alert = message.closest('[role="alert"]') as HTMLElement;
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Salvar consulado' })).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível carregar os consulados.')).not.toBeInTheDocument();
  }, 20_000);
});
