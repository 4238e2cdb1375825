// The contract suite, the applicant's fields as the customer saves them: the same calls against the demo's
// stand-in and the real server. A save that changes nothing on an approved case (processo_comum.js
// recusaDaAlteracao), a company mailbox written with a '+tag' (dia_comum.js recusaContato, by caixaPostal) and text holding
// control or invisible direction characters (comum.js erroInvisivel): each case failed on both before the fix.
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import mensagens from '../../pocketbase/pb_hooks/lib/mensagens.json';
import { mensagens as CASO } from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import { resetDb } from '@/mocks/db';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { answer, answerInFull, BACKENDS, signedIn } from './contract-backends';

const INVISIVEL = { code: 'validation_invisible_chars', message: mensagens.textoInvisivel };
const DA_EMPRESA = { code: 'validation_company_contact', message: diaComum.MSG.emailEmpresa };

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();
  const as = (account: keyof typeof DEMO_ACCOUNTS) => signedIn(backend, account);
  const applicants = (pb: PocketBase) =>
    pb.collection('requerentes').getFullList<Record<string, unknown>>({ sort: 'created' });
  const history = async (pb: PocketBase, bookingId: string) =>
    (
      await pb
        .collection('historico_agendamentos')
        .getFullList({ filter: pb.filter('agendamento = {:a}', { a: bookingId }) })
    ).length;
  /** The applicant's fields, without the time of its last save. */
  const fields = ({ updated: _updated, ...rest }: Record<string, unknown>) => rest;

  it('an approved case takes the same Prenot@mi contacts again, every time, and changes nothing else', async () => {
    const owner = await as('diaPronto');
    const [chiara] = await applicants(owner);
    const id = String(chiara?.id);
    const bookingId = String(chiara?.agendamento);
    // A mobile no other suite gives a staff account or an applicant.
    const phone = { prenotami_celular: `1197${String(Date.now() % 1e7).padStart(7, '0')}` };
    expect(await answer(owner.collection('requerentes').update(id, phone))).toEqual({ status: 200 });
    const before = await owner.collection('requerentes').getOne(id);
    const entries = await history(owner, bookingId);
    expect(await answer(owner.collection('requerentes').update(id, phone))).toEqual({ status: 200 });
    // At once, as a form saving twice would (each is a save that changes nothing).
    const all = await Promise.all(
      Array.from({ length: 20 }, () => answer(owner.collection('requerentes').update(id, phone))),
    );
    expect(all.filter((a) => a.status !== 200)).toEqual([]);
    // The applicant's data unchanged too, and no correction in the history.
    expect(await answer(owner.collection('requerentes').update(id, { nome: chiara?.nome }))).toEqual({
      status: 200,
    });
    expect(fields(await owner.collection('requerentes').getOne(id))).toEqual(fields(before));
    expect(await history(owner, bookingId)).toBe(entries);
    // A real change is still locked: the data after approval, the account once booked.
    expect(await answerInFull(owner.collection('requerentes').update(id, { uf: 'RS' }))).toEqual({
      status: 400,
      message: CASO.travado,
      data: {},
    });
    const booked = await as('diaAgendado');
    const [sofia] = await applicants(booked);
    const again = { prenotami_email: sofia?.prenotami_email ?? '' };
    expect(await answer(booked.collection('requerentes').update(String(sofia?.id), again))).toEqual({
      status: 200,
    });
    expect(
      await answer(
        booked.collection('requerentes').update(String(sofia?.id), { prenotami_celular: '11977776655' }),
      ),
    ).toMatchObject({ status: 400, message: CASO.travado });
  });

  it("a company mailbox is refused however its address is written, '+tag' included", async () => {
    const owner = await as('diaPronto');
    const [, enzo] = await applicants(owner);
    const id = String(enzo?.id);
    const [local, domain] = DEMO_ACCOUNTS.admin.email.split('@');
    for (const email of [
      `${local}+x@${domain}`,
      ` ${local?.toUpperCase()}+Equipe@${domain?.toUpperCase()} `,
      DEMO_ACCOUNTS.admin.email.toUpperCase(),
    ])
      expect(
        await answerInFull(owner.collection('requerentes').update(id, { prenotami_email: email })),
      ).toMatchObject({ status: 400, data: { prenotami_email: DA_EMPRESA } });
    expect((await owner.collection('requerentes').getOne(id)).prenotami_email ?? '').toBe(
      enzo?.prenotami_email ?? '',
    );
    // The applicant's own address with a tag is theirs.
    const own = { prenotami_email: 'enzo.ricci+prenotami@teste.passaporte.test' };
    expect(await answer(owner.collection('requerentes').update(id, own))).toEqual({ status: 200 });
    await owner.collection('requerentes').update(id, { prenotami_email: enzo?.prenotami_email ?? '' });
  });

  it("an applicant's text with control or invisible direction characters is refused, field by field", async () => {
    const owner = await as('processoVazio');
    const [booking] = await owner.collection('agendamentos').getFullList();
    const first = await owner
      .collection('requerentes')
      .create({ agendamento: booking?.id, nome: 'Giovanna', logradouro: 'Rua Augusta' });
    const id = first.id;
    const before = await owner.collection('requerentes').getOne(id);
    for (const [campo, valor] of [
      ['logradouro', 'Rua \u0007\u202e <script>alert(1)</script>'],
      ['cidade', 'São\u200bPaulo'],
      ['complemento', '\ufeffApto 3'],
      ['numero', '12\u0085'],
      ['mae_nome', 'Maria\tSilva'],
      ['local_nascimento', 'Roma\u2066'],
      ['aire_comune', 'Treviso\u0000'],
      ['complemento', 'Casa\u2028'],
      ['cidade', 'Roma\u{e0041}'],
    ] as const)
      expect(await answerInFull(owner.collection('requerentes').update(id, { [campo]: valor }))).toEqual({
        status: 400,
        message: INVISIVEL.message,
        data: { [campo]: INVISIVEL },
      });
    expect(fields(await owner.collection('requerentes').getOne(id))).toEqual(fields(before));
    // A new applicant too; plain text, accents and symbols pass.
    const created = await answer(
      owner.collection('requerentes').create({ agendamento: booking?.id, nome: 'Ana', cidade: 'Roma\u202d' }),
    );
    expect(created).toMatchObject({ status: 400, codes: { cidade: INVISIVEL.code } });
    expect(
      await answer(
        owner.collection('requerentes').update(id, { logradouro: 'Rua São João, 12 <b> & "x" 😀' }),
      ),
    ).toEqual({ status: 200 });
    // The case is the other suites' empty case again.
    await owner.collection('requerentes').delete(id);
  });
});
