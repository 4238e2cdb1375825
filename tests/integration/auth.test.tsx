import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { readSession } from '@/lib/session';
import { setPendingEmail } from '@/features/auth/pending-email';
import { getMailbox } from '@/mocks/mailbox';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';
import { renderApp } from '../helpers/render';
import { recordRequests } from '../helpers/requests';
import { server } from '../helpers/server';

const requests = recordRequests();

async function openLogin(route = '/?mode=login') {
  const app = renderApp({ route });
  const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
  return { ...app, dialog };
}

async function fillLogin(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login', () => {
  it('requires e-mail and password with the seed messages', async () => {
    const { user } = await openLogin();
    await fillLogin(user, '', '');
    expect(await screen.findByText('Preencha seu email')).toBeInTheDocument();
    expect(screen.getByText('Digite sua senha')).toBeInTheDocument();
    expect(await requests.to('POST', '/auth-with-password')).toHaveLength(0);
  });

  it('checks the e-mail shape and an 8-character password (decisions.md)', async () => {
    const { user } = await openLogin();
    await fillLogin(user, 'maria@', '1234567');
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByText('Senha muito curta. Mínimo 8 caracteres')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs a verified customer in, sends identity and password, and stores the session', async () => {
    const { user, router } = await openLogin('/services/individual?mode=login');
    await fillLogin(user, DEMO_ACCOUNTS.cliente.email, DEMO_PASSWORD);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = await requests.to('POST', '/api/collections/usuarios/auth-with-password');
    expect(call?.body).toEqual({ identity: DEMO_ACCOUNTS.cliente.email, password: DEMO_PASSWORD });
    expect(router.location.pathname).toBe('/services/individual');
    expect(
      await screen.findByRole('button', { name: `Olá, ${DEMO_ACCOUNTS.cliente.nome_completo}` }),
    ).toBeInTheDocument();
    for (const key of ['id', 'token', 'nome_completo', 'email', 'celular', 'cpf', 'admin']) {
      expect(sessionStorage.getItem(key)).not.toBeNull();
    }
    expect(sessionStorage.getItem('admin')).toBe('false');
  });

  it('sends an admin to /dashboard', async () => {
    const { user, router } = await openLogin();
    await fillLogin(user, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(sessionStorage.getItem('admin')).toBe('true');
  });

  it("shows 'Email ou senha inválidos' on a 400", async () => {
    const { user } = await openLogin();
    await fillLogin(user, DEMO_ACCOUNTS.cliente.email, 'senha-errada');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou senha inválidos');
    expect(readSession()).toBeNull();
  });

  it('shows the unknown-error message on a 500 or a network failure', async () => {
    server.use(
      http.post('*/api/collections/usuarios/auth-with-password', () =>
        HttpResponse.json({ status: 500, message: 'x', data: {} }, { status: 500 }),
      ),
    );
    const { user } = await openLogin();
    await fillLogin(user, DEMO_ACCOUNTS.cliente.email, DEMO_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro desconhecido. Por favor, tente novamente mais tarde.',
    );
    server.use(http.post('*/api/collections/usuarios/auth-with-password', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(requests.to('POST', '/auth-with-password')).resolves.toHaveLength(2));
    expect(screen.getByRole('alert')).toHaveTextContent('Ocorreu um erro desconhecido.');
  });

  it('keeps an unverified account out, with the activation message', async () => {
    const { user } = await openLogin();
    await fillLogin(user, DEMO_ACCOUNTS.pendente.email, DEMO_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ative sua conta! Clique no link que enviamos para seu email para ativar a sua conta.',
    );
    expect(readSession()).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends one request for a double-clicked submit', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNTS.cliente.email);
    await user.type(screen.getByLabelText('Senha'), DEMO_PASSWORD);
    await user.dblClick(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await requests.to('POST', '/auth-with-password')).toHaveLength(1);
  });

  it('closes with Escape and returns focus to what opened it', async () => {
    const { user } = renderApp({ route: '/' });
    const login = await screen.findByRole('button', { name: 'Login' });
    login.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus());
  });

  it('traps Tab inside the modal', async () => {
    const { user, dialog } = await openLogin();
    const focusables = within(dialog).getAllByRole('button').concat(within(dialog).getAllByRole('textbox'));
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    expect(focusables.length).toBeGreaterThan(3);
  });
});

const validRegistration = {
  name: 'Ana Beatriz Gonçalves',
  email: 'ana.goncalves@example.com',
  cpf: '12345678909',
  phone: '11987654321',
  password: 'segredo123',
};

async function fillRegister(
  user: ReturnType<typeof renderApp>['user'],
  values: Partial<typeof validRegistration & { confirm: string }> = {},
) {
  const v = { ...validRegistration, confirm: values.password ?? validRegistration.password, ...values };
  if (v.name) await user.type(screen.getByLabelText('Nome completo'), v.name);
  if (v.email) await user.type(screen.getByLabelText('Email'), v.email);
  if (v.cpf) await user.type(screen.getByLabelText('CPF'), v.cpf);
  if (v.phone) await user.type(screen.getByLabelText('Celular'), v.phone);
  if (v.password) await user.type(screen.getByLabelText('Senha'), v.password);
  if (v.confirm) await user.type(screen.getByLabelText('Confirmar senha'), v.confirm);
  await user.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('register', () => {
  it('checks every field on submit with the seed messages', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    for (const message of [
      'Nome completo obrigatório',
      'Email é obrigatório',
      'Senha é obrigatória',
      'CPF é obrigatório',
      'Celular obrigatório',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(await requests.to('POST', '/usuarios/records')).toHaveLength(0);
  });

  it('shows the rule messages: surname, e-mail, short password, mismatch, CPF, phone', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await fillRegister(user, {
      name: 'Ana Maria',
      email: 'ana@x',
      cpf: '11111111111',
      phone: '1198765',
      password: 'curta',
      confirm: 'outra',
    });
    expect(await screen.findByText('Sobrenome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByText('Senha muito curta')).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem')).toBeInTheDocument();
    expect(screen.getByText('CPF inválido')).toBeInTheDocument();
    expect(screen.getByText('Celular inválido')).toBeInTheDocument();
  });

  it('masks CPF and phone, keeps accents in names and strips symbols', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await user.type(screen.getByLabelText('Nome completo'), "Conceição D'Ávila-Souza <script>1");
    await user.type(screen.getByLabelText('CPF'), '529abc98224725999');
    await user.type(screen.getByLabelText('Celular'), '11987654321');
    expect(screen.getByLabelText('Nome completo')).toHaveValue("Conceição D'Ávila-Souza script");
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Celular')).toHaveValue('(11) 98765-4321');
  });

  it('re-checks the CPF live once 14 characters are typed', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await user.type(screen.getByLabelText('CPF'), '12345678900');
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
  });

  it('creates the account anonymously with the exact payload, requests the e-mail and opens verify_email', async () => {
    const { user, router } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await fillRegister(user);
    const dialog = await screen.findByRole('dialog', { name: 'Confirme seu e-mail' });
    expect(router.location.search).toBe('?mode=verify_email');
    const [create] = await requests.to('POST', '/api/collections/usuarios/records');
    expect(create?.body).toEqual({
      nome_completo: validRegistration.name,
      email: validRegistration.email,
      password: validRegistration.password,
      passwordConfirm: validRegistration.password,
      cpf: '123.456.789-09',
      celular: '(11) 98765-4321',
    });
    expect(create?.headers.get('authorization')).toBeNull();
    const [verification] = await requests.to('POST', '/api/collections/usuarios/request-verification');
    expect(verification?.body).toEqual({ email: validRegistration.email });
    expect(getMailbox().at(-1)?.email).toBe(validRegistration.email);
    expect(within(dialog).getByText(validRegistration.email)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reenviar e-mail' })).toBeDisabled();
    // demo mode "sends" the e-mail as a toast with the confirmation link
    expect(await screen.findByRole('link', { name: 'Abrir link de confirmação' })).toHaveAttribute(
      'href',
      getMailbox().at(-1)?.path,
    );
  });

  it('still opens verify_email when only the e-mail request fails (the account exists)', async () => {
    server.use(http.post('*/api/collections/usuarios/request-verification', () => HttpResponse.error()));
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await fillRegister(user);
    expect(await screen.findByRole('dialog', { name: 'Confirme seu e-mail' })).toBeInTheDocument();
  });

  it('says the e-mail is taken on 400 Failed to create record.', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await fillRegister(user, { email: DEMO_ACCOUNTS.cliente.email });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email já cadastrado! Tente recuperação de senha.',
    );
  });

  it('shows the other 400 and the unknown-error messages', async () => {
    server.use(
      http.post('*/api/collections/usuarios/records', () =>
        HttpResponse.json({ status: 400, message: 'Something else.', data: {} }, { status: 400 }),
      ),
    );
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await fillRegister(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao registrar! Por favor, tente novamente.',
    );
    server.use(http.post('*/api/collections/usuarios/records', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Ocorreu um erro desconhecido. Por favor, tente novamente.',
      ),
    );
  });

  it('caps a 10,000-character name instead of crashing', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    const input = screen.getByLabelText('Nome completo');
    await user.click(input);
    await user.paste('a'.repeat(10_000));
    expect((input as HTMLInputElement).value.length).toBeLessThanOrEqual(120);
  });
});

describe('verification page', () => {
  it('confirms the token from the link and offers Login', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await fillRegister(user);
    await screen.findByRole('dialog', { name: 'Confirme seu e-mail' });
    const mail = getMailbox().at(-1);
    expect(mail).toBeDefined();
    renderApp({ route: mail?.path ?? '' });
    expect(await screen.findByText('Conta verificada com sucesso!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/?mode=login');
    const [confirm] = await requests.to('POST', '/api/collections/usuarios/confirm-verification');
    expect(confirm?.body).toEqual({ token: new URL(`http://x${mail?.path}`).searchParams.get('token') });
  });

  it('shows the error with the status and a link to register on a bad token', async () => {
    renderApp({ route: '/confirm_verification?token=invalido' });
    expect(await screen.findByText('Erro ao ativar conta!')).toBeInTheDocument();
    expect(screen.getByText('Status: 400')).toBeInTheDocument();
    expect(screen.getByText('O email de verificação expirou ou já foi utilizado!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cadastrar novamente' })).toHaveAttribute(
      'href',
      '/?mode=register',
    );
  });

  it('answers a missing token with 400 and the expired message, without calling the server', async () => {
    renderApp({ route: '/confirm_verification' });
    expect(await screen.findByText('Status: 400')).toBeInTheDocument();
    expect(screen.getByText('O email de verificação expirou ou já foi utilizado!')).toBeInTheDocument();
    expect(await requests.to('POST', '/confirm-verification')).toHaveLength(0);
  });

  it('shows the status of a server error', async () => {
    server.use(
      http.post('*/confirm-verification', () =>
        HttpResponse.json({ status: 500, message: 'x', data: {} }, { status: 500 }),
      ),
    );
    renderApp({ route: '/confirm_verification?token=abc' });
    expect(await screen.findByText('Status: 500')).toBeInTheDocument();
  });
});

describe('password reset', () => {
  it('requests a link, then sets a new password with it, and the new password works', async () => {
    const { user, unmount } = renderApp({ route: '/?mode=login' });
    await user.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Esqueci minha senha' });
    await user.type(within(dialog).getByLabelText('Email'), DEMO_ACCOUNTS.cliente.email);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText(/enviamos um link para você criar uma nova senha/)).toBeInTheDocument();
    const [sent] = await requests.to('POST', '/request-password-reset');
    expect(sent?.body).toEqual({ email: DEMO_ACCOUNTS.cliente.email });
    const mail = getMailbox().at(-1);
    unmount();

    const second = renderApp({ route: mail?.path ?? '' });
    await second.user.type(await screen.findByLabelText('Nova senha'), 'novaSenha2026');
    await second.user.type(screen.getByLabelText('Confirmar nova senha'), 'novaSenha2026');
    await second.user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeInTheDocument();
    const [confirm] = await requests.to('POST', '/confirm-password-reset');
    expect(confirm?.body).toMatchObject({ password: 'novaSenha2026', passwordConfirm: 'novaSenha2026' });
    second.unmount();

    const third = renderApp({ route: '/?mode=login' });
    await screen.findByRole('dialog', { name: 'Entrar' });
    await fillLogin(third.user, DEMO_ACCOUNTS.cliente.email, 'novaSenha2026');
    await waitFor(() => expect(readSession()?.email).toBe(DEMO_ACCOUNTS.cliente.email));
  });

  it('explains an expired link', async () => {
    const { user } = renderApp({ route: '/confirm_password_reset?token=velho' });
    await user.type(await screen.findByLabelText('Nova senha'), 'novaSenha2026');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'novaSenha2026');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('expirou ou já foi utilizado');
  });
});

describe('too many attempts (429) and the limits of the demo double', () => {
  const tooMany = (message = 'Too Many Requests.') =>
    HttpResponse.json({ status: 429, message, data: {} }, { status: 429 });

  it('login: the eleventh attempt in a minute says to wait, never "Email ou senha inválidos"', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNTS.cliente.email);
    await user.type(screen.getByLabelText('Senha'), 'senha-errada');
    for (let i = 1; i <= 10; i++) {
      await user.click(screen.getByRole('button', { name: 'Entrar' }));
      await waitFor(() => expect(requests.to('POST', '/auth-with-password')).resolves.toHaveLength(i));
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Email ou senha inválidos');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FIELD_MESSAGES.muitasTentativas));
    expect(screen.getByRole('alert')).not.toHaveTextContent('Email ou senha inválidos');
  });

  it('login: a locked account shows the server’s lockout message', async () => {
    server.use(
      http.post('*/api/collections/usuarios/auth-with-password', () =>
        tooMany(FIELD_MESSAGES.contaBloqueada),
      ),
    );
    const { user } = await openLogin();
    await fillLogin(user, DEMO_ACCOUNTS.cliente.email, DEMO_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(FIELD_MESSAGES.contaBloqueada);
  });

  it('register: a CPF with an account points to password recovery; a 429 says to wait', async () => {
    const { user } = renderApp({ route: '/?mode=register' });
    await screen.findByRole('dialog', { name: 'Criar conta' });
    await fillRegister(user, { cpf: DEMO_ACCOUNTS.cliente.cpf.replace(/\D/g, '') });
    expect(await screen.findByRole('alert')).toHaveTextContent(FIELD_MESSAGES.cpfCadastrado);
    server.use(http.post('*/api/collections/usuarios/records', () => tooMany()));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FIELD_MESSAGES.muitasTentativas));
  });

  it('forgot password: a 429 says to wait', async () => {
    server.use(http.post('*/api/collections/usuarios/request-password-reset', () => tooMany()));
    const { user } = renderApp({ route: '/?mode=forgot_password' });
    const dialog = await screen.findByRole('dialog', { name: 'Esqueci minha senha' });
    await user.type(within(dialog).getByLabelText('Email'), DEMO_ACCOUNTS.cliente.email);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FIELD_MESSAGES.muitasTentativas);
  });

  it('verification resend: a 429 says to wait', async () => {
    setPendingEmail(DEMO_ACCOUNTS.pendente.email, 0);
    server.use(http.post('*/api/collections/usuarios/request-verification', () => tooMany()));
    const { user } = renderApp({ route: '/?mode=verify_email' });
    const dialog = await screen.findByRole('dialog', { name: 'Confirme seu e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar e-mail' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FIELD_MESSAGES.muitasTentativas);
  });
});
