// One account per mailbox: an e-mail registered again with other capitals (CLIENTE@… for cliente@…) was a second
// account on the same address, because PocketBase's unique index told capitals apart, and so did its e-mail change
// and its login. The index now compares without case (migration 1763919000_email_sem_caixa): a registration is
// refused as a taken e-mail (the answer the app turns into 'e-mail já cadastrado'), an e-mail change to another
// account's address in other capitals too, and the login reaches the account whatever the capitals typed.
import { expect, it } from 'vitest';
import { client, failure, newCustomer, PASSWORD, registration } from './helpers';

it('an e-mail already registered, in other capitals, is refused as taken', async () => {
  const owner = await newCustomer();
  for (const email of [owner.email.toUpperCase(), owner.email.replace(/^./, (c) => c.toUpperCase())]) {
    const refused = await failure(client().collection('usuarios').create(registration({ email })));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Failed to create record.');
    expect(refused.response.data).toEqual({
      email: { code: 'validation_not_unique', message: 'Value must be unique.' },
    });
  }
  // A new address still registers, whatever its capitals.
  const fresh = registration();
  const created = await client()
    .collection('usuarios')
    .create({ ...fresh, email: fresh.email.toUpperCase() });
  expect(created.id).toBeTruthy();
});

it('the login reaches the account whatever the capitals typed', async () => {
  const owner = await newCustomer();
  const auth = await client().collection('usuarios').authWithPassword(owner.email.toUpperCase(), PASSWORD);
  expect(auth.record.id).toBe(owner.id);
});

it('an e-mail change to another account’s address, in other capitals, is refused as taken', async () => {
  const owner = await newCustomer();
  const other = await newCustomer();
  const refused = await failure(
    other.pb.send('/api/collections/usuarios/request-email-change', {
      method: 'POST',
      body: { newEmail: owner.email.toUpperCase(), password: PASSWORD },
    }),
  );
  expect(refused.status).toBe(400);
  expect(refused.response.data).toMatchObject({ newEmail: { code: 'validation_invalid_new_email' } });
});
