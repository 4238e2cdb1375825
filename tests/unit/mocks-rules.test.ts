// The demo double's API rules are the migrations' (src/mocks/rules.ts reads pocketbase/schema.json): every rule
// compiles in the double's filter engine, and it reads them as PocketBase does.
import schema from '../../pocketbase/schema.json';
import { getDb, resetDb } from '@/mocks/db';
import { allows, ruleOf, type Action } from '@/mocks/rules';

const ACTIONS: Action[] = ['list', 'view', 'create', 'update', 'delete'];

describe("the double's API rules (src/mocks/rules.ts)", () => {
  beforeEach(() => resetDb());

  it('compiles every rule of every collection of the schema', () => {
    for (const c of schema)
      for (const action of ACTIONS)
        expect(() => allows(c.name, action, {}, null), `${c.name} ${action}`).not.toThrow();
  });

  it("reads each collection's rule from the schema, and the bookings' list rule from the admin flags", () => {
    expect(ruleOf('pagamentos', 'update')).toBeNull();
    expect(ruleOf('historico_agendamentos', 'view')).toBe('@request.auth.admin = true');
    const staff = getDb().usuarios.filter((u) => u.admin);
    expect(staff.length).toBeGreaterThan(0);
    for (const s of staff) expect(ruleOf('agendamentos', 'list')).toContain(`@request.auth.id = "${s.id}"`);
  });

  it('lets the owner and staff read a booking, and nobody else, signed out included', () => {
    const db = getDb();
    const booking = db.agendamentos[0];
    const owner = db.usuarios.find((u) => u.id === booking?.usuario) ?? null;
    const other = db.usuarios.find((u) => !u.admin && u.id !== owner?.id) ?? null;
    const staff = db.usuarios.find((u) => u.admin) ?? null;
    if (!booking || !owner || !other || !staff)
      throw new Error('the seed has a booking, two customers and staff');
    for (const action of ['list', 'view'] as const) {
      expect(allows('agendamentos', action, booking, owner)).toBe(true);
      expect(allows('agendamentos', action, booking, staff)).toBe(true);
      expect(allows('agendamentos', action, booking, other)).toBe(false);
      expect(allows('agendamentos', action, booking, null)).toBe(false);
    }
    // Only staff change a booking; nobody creates or deletes one through the record API.
    expect(allows('agendamentos', 'update', booking, staff, { status_agendamento: 'NOVO' })).toBe(true);
    expect(allows('agendamentos', 'update', booking, owner, { status_agendamento: 'NOVO' })).toBe(false);
    expect(allows('agendamentos', 'create', booking, staff)).toBe(false);
  });

  it('reads @request.body.x:isset as "the request names x", and follows relations', () => {
    const db = getDb();
    const applicant = db.requerentes[0];
    const booking = db.agendamentos.find((b) => b.id === applicant?.agendamento);
    const owner = db.usuarios.find((u) => u.id === booking?.usuario) ?? null;
    if (!applicant || !owner) throw new Error('the seed has an applicant');
    expect(allows('requerentes', 'update', applicant, owner, { nome: 'Ana' })).toBe(true);
    expect(allows('requerentes', 'update', applicant, owner, { nome: 'Ana', enviado_em: '' })).toBe(false);
    expect(allows('requerentes', 'update', applicant, owner, { agendamento: applicant.agendamento })).toBe(
      false,
    );
    expect(allows('usuarios', 'create', { email: 'x@y.z' }, null, { email: 'x@y.z', admin: false })).toBe(
      false,
    );
    expect(allows('usuarios', 'update', owner, owner, { celular: '11999999999' })).toBe(true);
    expect(allows('usuarios', 'update', owner, owner, { verified: true })).toBe(false);
  });
});
