import { expect, test } from '../fixtures';
import { LEGAL_PAGES } from '../helpers';

const PUBLIC_PAGES = [
  '/',
  '/services/individual',
  '/services/familiar',
  ...LEGAL_PAGES.map(([path]) => path),
];

function heads(html: string) {
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
  const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
  const canonical = html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? '';
  const ogImage = html.match(/<meta property="og:image" content="([^"]*)"/)?.[1] ?? '';
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  );
  return { title, description, canonical, ogImage, jsonLd };
}

test('every public page has its own title, description, canonical URL and sharing image', async ({
  page,
}) => {
  const seen = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    const html = await (await page.request.get(path)).text();
    const head = heads(html);
    expect(head.title, path).not.toBe('');
    expect(head.description.length, path).toBeGreaterThan(50);
    expect(head.canonical, path).toMatch(new RegExp(`${path === '/' ? '/' : path}$`));
    expect(head.ogImage, path).toMatch(/\/og-image\.jpg$/);
    expect(seen.has(head.title), `${path} repeats a title`).toBe(false);
    expect(seen.has(head.description), `${path} repeats a description`).toBe(false);
    seen.add(head.title);
    seen.add(head.description);
  }
  const image = await page.request.get('/og-image.jpg');
  expect(image.headers()['content-type']).toContain('image/jpeg');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const path of PUBLIC_PAGES) expect(sitemap).toContain(`${path}</loc>`);
  expect(await (await page.request.get('/robots.txt')).text()).toContain('Sitemap:');
});

test('the FAQPage JSON-LD matches the FAQ the home page shows', async ({ page }) => {
  const { jsonLd } = heads(await (await page.request.get('/')).text());
  const faq = jsonLd.find((ld) => ld['@type'] === 'FAQPage') as
    | { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> }
    | undefined;
  expect(jsonLd.some((ld) => ld['@type'] === 'Organization')).toBe(true);
  expect(faq?.mainEntity).toHaveLength(4);
  await page.goto('/');
  for (const item of faq?.mainEntity ?? []) {
    await page.getByText(item.name, { exact: true }).click();
    await expect(page.getByText(item.acceptedAnswer.text, { exact: true })).toBeVisible();
  }
});

test('each service page JSON-LD carries the price the page shows, in BRL', async ({ page }) => {
  for (const path of ['/services/individual', '/services/familiar']) {
    const { jsonLd } = heads(await (await page.request.get(path)).text());
    const service = jsonLd.find((ld) => ld['@type'] === 'Service') as
      | { name: string; offers: { price: string; priceCurrency: string } }
      | undefined;
    expect(service?.offers.priceCurrency).toBe('BRL');
    await page.goto(path);
    const shown = `R$ ${Number(service?.offers.price).toFixed(2).replace('.', ',')}`;
    await expect(page.getByLabel('Preço').getByText(shown, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(service?.name ?? '', {
      ignoreCase: true,
    });
  }
});

test('the legal pages carry WebPage and BreadcrumbList JSON-LD; robots keep the account page out', async ({
  page,
}) => {
  for (const [path, title] of LEGAL_PAGES) {
    const { jsonLd, canonical } = heads(await (await page.request.get(path)).text());
    const webPage = jsonLd.find((ld) => ld['@type'] === 'WebPage') as
      | { name: string; url: string }
      | undefined;
    expect(webPage?.name).toBe(title);
    expect(webPage?.url).toBe(canonical);
    const crumbs = jsonLd.find((ld) => ld['@type'] === 'BreadcrumbList') as
      | { itemListElement: Array<{ position: number; name: string; item: string }> }
      | undefined;
    expect(crumbs?.itemListElement.map((c) => c.name)).toEqual(['Início', title]);
    expect(crumbs?.itemListElement[1]?.item).toBe(canonical);
    // nothing the business has not configured: no '[a completar]' mark in the structured data
    expect(JSON.stringify(jsonLd)).not.toContain('[a completar');
  }
  expect(await (await page.request.get('/robots.txt')).text()).toContain('Disallow: /minha-conta');
});
