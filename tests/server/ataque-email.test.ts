// One account per mailbox: an e-mail registered again with other capitals (CLIENTE@… for cliente@…) was a second
// account on the same address (PocketBase's unique index tells capitals apart; its own e-mail change does not).
// It is refused as a taken e-mail, the answer the app turns into 'e-mail já cadastrado'.
import { expect, it } from 'vitest';
import { client, failure, newCustomer, registration } from './helpers';

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
