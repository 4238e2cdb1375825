// The staff list's pages on the real server (issue 30): the app reads a neighbour page from the row beside it and
// the last page from the other end (pocketbase/pb_hooks/lib/paginas.js); whatever it asks, each page on screen
// must hold the rows PocketBase gives that page by its plain offset, in that order.
import type { Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { expect, REAL_BACKEND, shot, test } from '../fixtures';
import { ACCOUNTS, loginAs, PASSWORD } from '../helpers';

const PER_PAGE = 10;

/** 'yyyy-mm-dd' of today in São Paulo, `days` later. */
function saoPauloDay(days = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The customers' names of the list's rows on screen, once the page shows `page` as current. */
async function namesShown(page: Page, current: number): Promise<string[]> {
  const pager = page.getByRole('navigation', { name: 'Paginação' });
  await expect(pager.getByRole('button', { name: String(current), exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('region', { name: 'Agendamentos' })).toHaveAttribute('aria-busy', 'false');
  const rows = page.getByRole('table', { name: 'Agendamentos' }).getByRole('row');
  const names = (await rows.all()).slice(1).map((row) => row.getByRole('cell').nth(1).innerText());
  return (await Promise.all(names)).map((name) => name.trim());
}

test(
  'pages as the server orders them: next to the end, previous, the last page, and a sort of many equal values',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(90_000);
    expect(REAL_BACKEND.pb, 'this file runs only against the real backend').not.toBe('');
    const api = new PocketBase(REAL_BACKEND.pb);
    api.autoCancellation(false);
    await api.collection('usuarios').authWithPassword(ACCOUNTS.admin.email, PASSWORD);
    // The bookings created before today (the journeys running beside this one add today's): the `to` filter of
    // the list, up to the end of yesterday in São Paulo (03:00 UTC today).
    const filter = `created < "${saoPauloDay()} 03:00:00.000Z"`;
    const expected = async (sort: string) =>
      (await api.collection('agendamentos').getFullList({ filter, sort, expand: 'usuario' })).map(
        (b) => (b.expand?.usuario as { nome_completo?: string } | undefined)?.nome_completo ?? 'Desconhecido',
      );
    const newest = await expected('-created,-id');
    const last = Math.ceil(newest.length / PER_PAGE);
    expect(last, 'the seed spreads bookings over months').toBeGreaterThan(4);
    const slice = (names: string[], n: number) => names.slice((n - 1) * PER_PAGE, n * PER_PAGE);

    await loginAs(page, 'admin');
    await page.goto(`/dashboard?perPage=${PER_PAGE}&to=${saoPauloDay(-1)}`);
    await expect(page.getByText(`Total: ${newest.length}`, { exact: true })).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Paginação' });
    // Next, page by page to the end: each from the last row of the one before.
    for (let n = 1; n <= last; n++) {
      expect(await namesShown(page, n), `page ${n}`).toEqual(slice(newest, n));
      if (n < last) await pager.getByRole('button', { name: 'Próxima página' }).click();
    }
    await expect(pager.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    // Previous, from the first row of the last page.
    await pager.getByRole('button', { name: 'Página anterior' }).click();
    expect(await namesShown(page, last - 1)).toEqual(slice(newest, last - 1));
    // A fresh list (another filter) jumps from page 1 to its last page: read from the other end.
    await page.goto(`/dashboard?perPage=${PER_PAGE}&to=${saoPauloDay(-1)}&sort=created`);
    const oldest = await expected('created,id');
    await expect(page.getByText(`Total: ${oldest.length}`, { exact: true })).toBeVisible();
    await pager.getByRole('button', { name: String(last), exact: true }).click();
    expect(await namesShown(page, last)).toEqual(slice(oldest, last));
    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));

    // By status, in the process's order (the stored rank, status_ordem): a few values, so every page boundary
    // falls inside a run of equal ones (two reads each).
    await page.goto(`/dashboard?perPage=${PER_PAGE}&to=${saoPauloDay(-1)}`);
    await page.getByRole('button', { name: 'STATUS' }).click();
    const byStatus = await expected('status_ordem,created,id');
    for (let n = 1; n <= 4; n++) {
      expect(await namesShown(page, n), `by status, page ${n}`).toEqual(slice(byStatus, n));
      if (n < 4) await pager.getByRole('button', { name: 'Próxima página' }).click();
    }
    await shot(page, 'staff-list-pages');
  },
);

test(
  "part of an e-mail typed in the search is read from the server's text index: the bookings and order PocketBase's own filter gives",
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(60_000);
    const api = new PocketBase(REAL_BACKEND.pb);
    api.autoCancellation(false);
    await api.collection('usuarios').authWithPassword(ACCOUNTS.admin.email, PASSWORD);
    const before = `created < "${saoPauloDay()} 03:00:00.000Z"`;
    // What the list's own filter finds (src/features/bookings/list-params.ts filterParam), as PocketBase reads it.
    const expected = async (sort: string) =>
      (
        await api.collection('agendamentos').getFullList({
          filter: `busca ~ "＠demo.com" && ${before}`,
          sort,
          expand: 'usuario',
        })
      ).map(
        (b) => (b.expand?.usuario as { nome_completo?: string } | undefined)?.nome_completo ?? 'Desconhecido',
      );
    const newest = await expected('-created,-id');
    expect(newest.length, 'every customer of the seed has an e-mail at demo.com.br').toBeGreaterThan(
      PER_PAGE,
    );

    await loginAs(page, 'admin');
    await page.goto(`/dashboard?perPage=${PER_PAGE}&to=${saoPauloDay(-1)}`);
    const searched = page.waitForResponse((r) => r.url().includes('/api/agendamentos/busca?'));
    await page.getByRole('searchbox', { name: 'Buscar por cliente' }).fill('@demo.com');
    expect((await searched).status()).toBe(200);
    await expect(page.getByText(`Total: ${newest.length}`, { exact: true })).toBeVisible();
    expect(await namesShown(page, 1)).toEqual(newest.slice(0, PER_PAGE));
    await page
      .getByRole('navigation', { name: 'Paginação' })
      .getByRole('button', { name: 'Próxima página' })
      .click();
    expect(await namesShown(page, 2)).toEqual(newest.slice(PER_PAGE, 2 * PER_PAGE));
    await page.getByRole('button', { name: 'STATUS' }).click();
    expect(await namesShown(page, 1)).toEqual((await expected('status_ordem,created,id')).slice(0, PER_PAGE));
    await shot(page, 'staff-list-text-search');
  },
);
