import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/mocks/db';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { captureDownload } from '../helpers/download';
import { renderApp } from '../helpers/render';
import { recordRequests } from '../helpers/requests';
import { server } from '../helpers/server';

const requests = recordRequests();
const { cliente, agendado } = DEMO_ACCOUNTS;

async function openAccount(session: 'cliente' | 'agendado' = 'cliente') {
  const app = renderApp({ route: '/minha-conta', session });
  await screen.findByRole('heading', { level: 1, name: 'Minha conta' });
  return app;
}

const section = (name: string) => screen.getByRole('region', { name });

describe("'Minha conta'", () => {
  it('is in the user menu and shows the account as stored', async () => {
    const { user, router } = renderApp({ route: '/', session: 'cliente' });
    await user.click(await screen.findByRole('button', { name: `Olá, ${cliente.nome_completo}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Minha conta' }));
    await screen.findByRole('heading', { level: 1, name: 'Minha conta' });
    expect(router.location.pathname).toBe('/minha-conta');
    const data = section('Seus dados');
    const rows: [string, string][] = [
      ['Nome completo', cliente.nome_completo],
      ['E-mail', cliente.email],
      ['CPF', '529.982.247-25'],
      ['Celular', '(11) 98765-4321'],
      ['E-mail confirmado', 'Sim'],
    ];
    for (const [label, value] of rows)
      expect(within(data).getByText(label).nextElementSibling).toHaveTextContent(value);
    expect(within(data).getByRole('link', { name: 'contato@example.com' })).toHaveAttribute(
      'href',
      'mailto:contato@example.com',
    );
    expect(document.title).toBe('Minha conta | Passaporte Italiano');
  });

  it('sends a visitor home', async () => {
    const { router } = renderApp({ route: '/minha-conta' });
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('saves a new phone, masked like registration, and updates the session', async () => {
    const { user } = await openAccount();
    const field = within(section('Alterar celular')).getByLabelText('Celular');
    expect(field).toHaveValue('(11) 98765-4321');
    await user.clear(field);
    await user.type(field, '21998765432');
    expect(field).toHaveValue('(21) 99876-5432');
    await user.click(screen.getByRole('button', { name: 'Salvar celular' }));
    expect(await screen.findByText('Celular atualizado.')).toBeInTheDocument();
    const [patch] = await requests.to('PATCH', `/api/collections/usuarios/records/${cliente.id}`);
    expect(patch?.body).toEqual({ celular: '(21) 99876-5432' });
    expect(within(section('Seus dados')).getByText('Celular').nextElementSibling).toHaveTextContent(
      '(21) 99876-5432',
    );
    expect(sessionStorage.getItem('celular')).toBe('21998765432');
  });

  it('checks the phone before sending it', async () => {
    const { user } = await openAccount();
    const field = within(section('Alterar celular')).getByLabelText('Celular');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Salvar celular' }));
    expect(await screen.findByText('Celular obrigatório')).toBeInTheDocument();
    await user.type(field, '2199876');
    await user.click(screen.getByRole('button', { name: 'Salvar celular' }));
    expect(await screen.findByText('Celular inválido')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Celular inválido');
    expect(await requests.to('PATCH', `/api/collections/usuarios/records/${cliente.id}`)).toHaveLength(0);
  });

  it('shows the server refusing the phone on the field', async () => {
    server.use(
      http.patch('*/api/collections/usuarios/records/:id', () =>
        HttpResponse.json(
          {
            status: 400,
            message: 'Failed to update record.',
            data: { celular: { code: 'validation_invalid_celular', message: 'Celular inválido' } },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Salvar celular' }));
    expect(await screen.findByText('Celular inválido')).toBeInTheDocument();
    expect(screen.queryByText('Celular atualizado.')).not.toBeInTheDocument();
  });

  it.each([
    [429, 'Muitas tentativas em pouco tempo'],
    [500, 'O servidor está com problemas no momento'],
    [400, 'Confira os dados e tente de novo'],
  ])('says what happened when saving the phone answers %i', async (status, text) => {
    server.use(
      http.patch('*/api/collections/usuarios/records/:id', () =>
        HttpResponse.json({ status, message: 'x', data: {} }, { status }),
      ),
    );
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Salvar celular' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Não foi possível salvar o celular. ${text}`);
  });

  it('says so when the server cannot be reached', async () => {
    server.use(http.patch('*/api/collections/usuarios/records/:id', () => HttpResponse.error()));
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Salvar celular' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem resposta do servidor');
  });

  it("'Baixar meus dados' downloads everything the server holds as meus-dados.json", async () => {
    const files = captureDownload();
    const { user } = await openAccount('agendado');
    await user.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    expect(await screen.findByText('Arquivo meus-dados.json baixado.')).toBeInTheDocument();
    expect(files).toHaveLength(1);
    const file = files[0] as { name: string; blob: Blob };
    expect(file.name).toBe('meus-dados.json');
    expect(file.blob.type).toBe('application/json');
    const json = JSON.parse(await file.blob.text()) as Record<string, unknown>;
    expect(json.conta).toMatchObject({ id: agendado.id, email: agendado.email });
    expect(json.pagamentos).toHaveLength(1);
    expect(json.agendamentos).toHaveLength(1);
    const [get] = await requests.to('GET', '/api/conta/exportar');
    expect(get?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('says so when the download fails', async () => {
    const files = captureDownload();
    server.use(
      http.get('*/api/conta/exportar', () =>
        HttpResponse.json({ status: 500, message: 'x', data: {} }, { status: 500 }),
      ),
    );
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível baixar os seus dados.');
    expect(files).toHaveLength(0);
  });

  it('records a confirmed deletion request and shows it, with focus on it', async () => {
    const { user } = await openAccount();
    const deletion = section('Excluir minha conta');
    expect(within(deletion).queryByText(/agendamento em andamento/)).not.toBeInTheDocument();
    await user.click(within(deletion).getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir minha conta' });
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Não vou mais viajar.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(deletion).getByText(/Pedido registrado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
    ).toBeInTheDocument();
    expect(within(deletion).getByText('Pendente')).toBeInTheDocument();
    expect(within(deletion).getByText('Motivo: Não vou mais viajar.')).toBeInTheDocument();
    expect(within(deletion).queryByRole('button', { name: 'Excluir minha conta' })).not.toBeInTheDocument();
    await waitFor(() => expect(deletion.contains(document.activeElement)).toBe(true));
    const [post] = await requests.to('POST', '/api/collections/solicitacoes_exclusao/records');
    expect(post?.body).toEqual({ usuario: cliente.id, motivo: 'Não vou mais viajar.' });
  });

  it("refuses a reason with invisible characters in the server's words, before sending it", async () => {
    const { user } = await openAccount();
    const deletion = section('Excluir minha conta');
    await user.click(within(deletion).getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir minha conta' });
    const reason = within(dialog).getByLabelText('Motivo (opcional)');
    await user.type(reason, 'Não vou mais\u202e viajar.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));
    expect(reason).toHaveAccessibleDescription(/Remova os caracteres invisíveis ou de controle\./);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(await requests.to('POST', '/api/collections/solicitacoes_exclusao/records')).toEqual([]);
    await user.clear(reason);
    await user.type(reason, 'Não vou mais viajar.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(deletion).getByText('Motivo: Não vou mais viajar.')).toBeInTheDocument();
  });

  it('with a booking in progress, says the account is kept until it ends', async () => {
    const { user } = await openAccount('agendado');
    const deletion = section('Excluir minha conta');
    expect(
      within(deletion).getByText(/a sua conta será mantida até o atendimento terminar/),
    ).toBeInTheDocument();
    await user.click(within(deletion).getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir minha conta' });
    expect(
      within(dialog).getByText(/a sua conta será mantida até o atendimento terminar/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));
    expect(await within(deletion).findByText('Aguardando o fim do atendimento')).toBeInTheDocument();
  });

  it('Cancelar and Escape close the confirmation without asking, focus back on the button', async () => {
    const { user } = await openAccount();
    const open = within(section('Excluir minha conta')).getByRole('button', { name: 'Excluir minha conta' });
    await user.click(open);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Excluir minha conta' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(await requests.to('POST', '/api/collections/solicitacoes_exclusao/records')).toHaveLength(0);
  });

  it('a request already recorded (another tab) is shown instead of an error', async () => {
    const { user } = await openAccount();
    // another tab asked meanwhile
    getDb().solicitacoes_exclusao.push({
      id: 'outraaba0000001',
      usuario: cliente.id,
      status: 'PENDENTE',
      motivo: '',
      created: '2026-11-01 12:00:00.000Z',
      updated: '2026-11-01 12:00:00.000Z',
    });
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar exclusão' }),
    );
    expect(await within(section('Excluir minha conta')).findByText('Pendente')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the confirmation open with the reason when recording fails', async () => {
    server.use(
      http.post('*/api/collections/solicitacoes_exclusao/records', () =>
        HttpResponse.json({ status: 429, message: 'x', data: {} }, { status: 429 }),
      ),
    );
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Não foi possível registrar o seu pedido de exclusão. Muitas tentativas',
    );
  });

  it('offers to try again when the account does not load', async () => {
    let fail = true;
    server.use(
      http.get('*/api/collections/usuarios/records/:id', () =>
        fail ? HttpResponse.json({ status: 500, message: 'x', data: {} }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderApp({ route: '/minha-conta', session: 'cliente' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os dados da sua conta. O servidor está com problemas',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Seus dados' })).toBeInTheDocument();
  });
});
