// The published wait on the real server (issue #28, item 5): the FAQ's 'Quanto tempo demora?' leads to /espera,
// which draws, per consulate, the figures GET /api/espera publishes (from the seeded history): a sentence, a
// small SVG chart with its text alternative and the months as text. On a first visit the app never loads: the
// page's own small script draws them.
import { expect, expectNoAxeViolations, test } from '../fixtures';

interface Figures {
  nome: string;
  casos: number;
  poucosDados: boolean;
  meses: { mes: string }[];
}

test('the public wait page, from the FAQ, with a chart per consulate and no app loaded', async ({
  page,
  request,
}) => {
  const response = await request.get('/api/espera');
  expect(response.headers()['cache-control']).toBe('public, max-age=600');
  const { consulados } = (await response.json()) as { consulados: Figures[] };
  expect(consulados.some((c) => !c.poucosDados)).toBe(true);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.getByText('Quanto tempo demora?', { exact: true }).click();
  await page
    .getByRole('link', { name: 'Veja quanto tempo levou, por consulado, nos casos que agendamos' })
    .click();
  await expect(page).toHaveURL(/\/espera$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quanto tempo demora' })).toBeVisible();

  for (const c of consulados) {
    const block = page.getByRole('region', { name: c.nome, exact: true });
    await expect(block).toContainText(`(${c.casos} ${c.casos === 1 ? 'caso' : 'casos'})`);
    if (c.poucosDados) {
      await expect(block).toContainText('Poucos dados ainda');
      await expect(block.getByRole('img')).toHaveCount(0);
    } else {
      await expect(block).toContainText('Metade dos casos foi agendada em até');
      await expect(block.getByRole('img')).toHaveAccessibleName(
        new RegExp(`^Mediana de dias até o agendamento, mês a mês, em ${c.nome}: `),
      );
      await expect(block.getByRole('listitem')).toHaveCount(c.meses.length);
    }
  }
  // Drawn by the page's own script: the app's entry (React, the router) never loaded.
  expect(scripts.some((s) => /\/assets\/espera-pagina-/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/assets\/index-/.test(s))).toEqual([]);
  await expectNoAxeViolations(page, 'wait page');
  await page.screenshot({ path: `/tmp/shots-hc/espera-${test.info().project.name}.png`, fullPage: true });
});
