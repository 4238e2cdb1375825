import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyLink, TermsLink } from '@/components/legal/terms-link';
import { contractSummary, TO_COMPLETE } from '@/config/content';
import { privacyPolicy } from '@/config/privacy-content';
import { termsOfService, withGuarantee } from '@/config/terms-content';
import { garantia } from '@/lib/api/guarantee';
import { DEMO_GUARANTEE } from '../../demo-seed/dia';
import { renderApp } from '../helpers/render';

describe('legal pages', () => {
  // The demo has the guarantee on (demo-seed/dia.ts DEMO_GUARANTEE, served by the kit's GET /api/garantia): the
  // terms show its section, from the server's settings.
  const termsShown = withGuarantee(termsOfService, garantia.termos(DEMO_GUARANTEE.janelas));
  it.each([termsShown, privacyPolicy])('$path shows its sections, each listed in the index', async (doc) => {
    renderApp({ route: doc.path });
    expect(await screen.findByRole('heading', { level: 1, name: doc.title })).toBeInTheDocument();
    if (doc === termsShown) await screen.findByRole('heading', { name: /Garantia de agendamento/ });
    const index = screen.getByRole('navigation', { name: 'Nesta página' });
    doc.sections.forEach((section, i) => {
      const title = `${i + 1}. ${section.title}`;
      expect(within(index).getByRole('link', { name: title })).toHaveAttribute('href', `#${section.id}`);
      expect(screen.getByRole('heading', { level: 2, name: title }).closest('section')).toHaveAttribute(
        'id',
        section.id,
      );
    });
    // The title is the page's effect, which may commit after its headings (the previous test's page left its own).
    await waitFor(() => expect(document.title).toBe(`${doc.title} | Passaporte Italiano`));
  });

  it('marks what only the business can give instead of inventing it (no configuration in tests)', async () => {
    renderApp({ route: '/privacidade' });
    const controller = (await screen.findByRole('heading', { name: '1. Quem cuida dos seus dados' })).closest(
      'section',
    ) as HTMLElement;
    for (const label of ['Razão social', 'CNPJ', 'Endereço', 'Nome'])
      expect(within(controller).getByText(label).nextElementSibling).toHaveTextContent(TO_COMPLETE);
    expect(within(controller).getAllByText(TO_COMPLETE)[0]?.tagName).toBe('MARK');
  });

  it('the terms state the 7-day withdrawal, the prices and that there is no link with the Italian government', async () => {
    renderApp({ route: '/termos' });
    const withdrawal = (await screen.findByRole('heading', { name: '6. Desistência em até 7 dias' })).closest(
      'section',
    ) as HTMLElement;
    expect(withdrawal).toHaveTextContent('em até 7 dias');
    expect(withdrawal).toHaveTextContent('art. 49');
    expect(within(withdrawal).getByRole('link', { name: 'contato@example.com' })).toHaveAttribute(
      'href',
      'mailto:contato@example.com',
    );
    expect(screen.getByText(/Agendamento Individual, para 1 pessoa: R\$ 699,00/)).toBeInTheDocument();
    expect(screen.getByText(/Agendamento Familiar.*R\$ 999,00/)).toBeInTheDocument();
    expect(screen.getByText(/Flex.*mais R\$ 199,00/)).toBeInTheDocument();
    expect(screen.getByText(/Não temos nenhum vínculo com o Governo da Itália/)).toBeInTheDocument();
    const guarantee = (await screen.findByRole('heading', { name: '8. Garantia de agendamento' })).closest(
      'section',
    ) as HTMLElement;
    expect(guarantee).toHaveTextContent('depois de 3 janelas de liberação de vagas do seu consulado');
  });

  it('the privacy policy says where the IP comes from and that there are no tracking cookies', async () => {
    renderApp({ route: '/privacidade' });
    expect(await screen.findByText(/o nosso próprio servidor o lê da conexão/)).toBeInTheDocument();
    expect(screen.getByText(/Nenhum outro serviço é consultado para descobrir o seu IP/)).toBeInTheDocument();
    expect(screen.getByText(/não grava cookies/)).toBeInTheDocument();
    expect(screen.getByText(/sessionStorage/)).toBeInTheDocument();
    // The case file's retention as the server applies it (pb_hooks/lib/processo.js aplicarRetencao): the files
    // and the applicants' data but their names, and why the names stay; and the lock after sending.
    expect(
      screen.getByText(
        /30 dias depois que o agendamento é finalizado ou cancelado, excluímos automaticamente os arquivos e apagamos os dados digitados de cada requerente.*Guardamos só o nome e o sobrenome de cada requerente, porque/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/os dados de um requerente só mudam por um pedido de correção/),
    ).toBeInTheDocument();
    // The accounts never confirmed, as the server's job deletes them (pb_hooks/lib/contas.js excluirNaoVerificadas).
    expect(
      screen.getByText(
        /Conta não confirmada: se o e-mail não for confirmado em 7 dias depois do cadastro, excluímos a conta e os dados dela/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Formulário e documentos: prazo/)).not.toBeInTheDocument();
    // No payment's state is kept in the browser any more.
    expect(
      screen.queryByText(/situação de um pagamento|guarda ali também a situação/),
    ).not.toBeInTheDocument();
  });

  it('the footer links both pages and shows the company identification, marked while unset', async () => {
    const { user, router } = renderApp({ route: '/' });
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(
      `Razão social: ${TO_COMPLETE} · CNPJ: ${TO_COMPLETE} · Endereço: ${TO_COMPLETE}`,
    );
    await user.click(within(footer).getByRole('link', { name: 'Política de privacidade' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidade' }),
    ).toBeInTheDocument();
    expect(router.location.pathname).toBe('/privacidade');
    await user.click(within(footer).getByRole('link', { name: 'Termos de serviço' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de serviço' })).toBeInTheDocument();
  });

  it('the register form links both pages in new tabs', async () => {
    renderApp({ route: '/?mode=register' });
    const dialog = await screen.findByRole('dialog', { name: 'Criar conta' });
    for (const [name, href] of [
      ['Política de privacidade (abre em nova aba)', '/privacidade'],
      ['Termos de serviço (abre em nova aba)', '/termos'],
    ]) {
      const link = within(dialog).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

describe('TermsLink and PrivacyLink', () => {
  it('open in a new tab, say so in their name, and take another text', () => {
    render(
      <p>
        <TermsLink>{contractSummary.termsLinkText}</TermsLink> <PrivacyLink />
      </p>,
    );
    const terms = screen.getByRole('link', { name: 'Leia os termos de serviço (abre em nova aba)' });
    expect(terms).toHaveAttribute('href', '/termos');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Política de privacidade (abre em nova aba)' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
  });
});

describe('contract summary texts', () => {
  it('describe the installments as Asaas splits them', () => {
    expect(contractSummary.installments(699, 1)).toBe('1x de R$ 699,00 (à vista) no cartão de crédito');
    expect(contractSummary.installments(699, 3)).toBe('3x de R$ 233,00 no cartão de crédito');
    expect(contractSummary.installments(898, 6)).toBe(
      '6x no cartão de crédito: 5 de R$ 149,66 e 1 de R$ 149,70',
    );
    expect(contractSummary.flex(199)).toBe('Incluído: R$ 199,00');
    expect(contractSummary.flex(0)).toBe('Não incluído');
    expect(contractSummary.total(898)).toBe('R$ 898,00');
    expect(contractSummary.withdrawal).toMatch(/7 dias.*art\. 49/);
  });
});
