// The contract suite, the defences: PocketBase's rate limiter with the kit's rules (limites.json) and the
// lockout of an account, asked of the demo's stand-in and of the real server alike. Every case runs from clients
// of its own (each has its own address), so no other test's limits are spent.
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { resetDb } from '@/mocks/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import limites from '../../pocketbase/pb_hooks/lib/limites.json';
import { answerInFull, BACKENDS } from './contract-backends';
import { nextCpf } from './helpers';

/** maxRequests of the kit's rule `label`. */
function max(label: string): number {
  const rule = limites.porIp.find((r) => r.label === label);
  if (!rule) throw new Error(`limites.json has no rule ${label}`);
  return rule.maxRequests;
}

/** The lockout e-mail (seguranca.js avisarBloqueio, email_texto.js emailDeBloqueio). */
const LOCKOUT_SUBJECT = 'Acesso à sua conta bloqueado - Passaporte Italiano';
const LOCKOUT_MAIL = emailTexto.emailDeBloqueio(limites.bloqueio);

/** PocketBase's answer past a rule. */
const TOO_MANY = { status: 429, message: 'Too Many Requests.', data: {} };

let counter = 0;

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();

  /** Sends `call` as many times as `label` allows, none refused for the rule; then once more. */
  async function pastTheRule(label: string, call: () => Promise<unknown>) {
    for (let i = 0; i < max(label); i++) expect((await answerInFull(call())).status).not.toBe(429);
    return answerInFull(call());
  }

  it('deletion requests: the rule of `solicitacoes_exclusao:create`, for a guest refused by the rule too', async () => {
    const pb = backend.client();
    const create = () =>
      pb.collection('solicitacoes_exclusao').create({ usuario: DEMO_ACCOUNTS.cliente.id, motivo: 'Limite' });
    expect(await pastTheRule('solicitacoes_exclusao:create', create)).toEqual(TOO_MANY);
    // Another address is counted apart.
    const other = backend.client().collection('solicitacoes_exclusao').create({});
    expect((await answerInFull(other)).status).not.toBe(429);
  });

  it('a collection without a rule of its own: creates counted by `*:create`, per collection, a named rule apart', async () => {
    const pb = backend.client();
    // Refused by the create rule (a guest), and counted all the same: the limiter answers before the rule.
    const create = () => pb.collection('requerentes').create({ nome_completo: 'Rajada' });
    expect(await pastTheRule('*:create', create)).toEqual(TOO_MANY);
    // PocketBase counts each collection apart, and registration keeps its own rule, at the same address.
    const document = await answerInFull(pb.collection('documentos').create({ agendamento: 'x' }));
    expect(document.status).not.toBe(429);
    const signUp = await answerInFull(pb.collection('usuarios').create({}));
    expect(signUp.status).toBe(400);
  });

  it('every other API call: the `/api/` catch-all, reads included; a route with a rule of its own apart', async () => {
    const pb = backend.client();
    const read = () => pb.collection('consulados').getList(1, 1);
    expect(await pastTheRule('/api/', read)).toEqual(TOO_MANY);
    const export_ = await answerInFull(pb.send('/api/conta/exportar', {}));
    expect(export_.status).not.toBe(429);
  });

  it('the e-mailed links: `confirmVerification` and `confirmPasswordReset`, each its own count', async () => {
    const pb = backend.client();
    const verify = () => pb.collection('usuarios').confirmVerification('nao-e-um-token');
    expect(await pastTheRule('usuarios:confirmVerification', verify)).toEqual(TOO_MANY);
    const reset = () =>
      pb.collection('usuarios').confirmPasswordReset('nao-e-um-token', 'Senha@2026', 'Senha@2026');
    expect(await pastTheRule('usuarios:confirmPasswordReset', reset)).toEqual(TOO_MANY);
  });

  it('a login is counted before its body is read: empty ones spend the rule too', async () => {
    const pb = backend.client();
    const empty = () => pb.collection('usuarios').authWithPassword('', '');
    expect(await pastTheRule('usuarios:authWithPassword', empty)).toEqual(TOO_MANY);
    const right = () =>
      pb.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.cliente.email, DEMO_PASSWORD);
    expect(await answerInFull(right())).toEqual(TOO_MANY);
  });

  it('the failure that locks a verified account e-mails its owner', async () => {
    const pb: PocketBase = backend.client();
    const email = `limite-${Date.now().toString(36)}-${counter++}@teste.passaporte.test`;
    await pb.collection('usuarios').create({
      nome_completo: 'Contrato dos Limites Souza',
      email,
      password: 'Senha@2026',
      passwordConfirm: 'Senha@2026',
      cpf: nextCpf(),
      celular: '(31) 99123-4567',
    });
    await pb.collection('usuarios').requestVerification(email);
    await pb.collection('usuarios').confirmVerification(await backend.verificationToken(email));
    const guesser = backend.client();
    for (let i = 0; i < limites.bloqueio.falhas; i++)
      expect(
        (await answerInFull(guesser.collection('usuarios').authWithPassword(email, 'errada123'))).status,
      ).toBe(400);
    expect(LOCKOUT_MAIL.assunto).toBe(LOCKOUT_SUBJECT);
    // Its words are the kit's on both: the plain text PocketBase sends beside the HTML.
    expect(await backend.mailTexts(email, LOCKOUT_SUBJECT)).toEqual([
      emailTexto.textoDoEmail(LOCKOUT_MAIL.paragrafos),
    ]);
    // Locked, whichever address and whatever the password.
    const locked = await answerInFull(
      backend.client().collection('usuarios').authWithPassword(email, 'Senha@2026'),
    );
    expect(locked.status).toBe(429);
  });
});
