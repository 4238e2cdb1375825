import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../helpers/render';

describe('home page', () => {
  it('shows the hero, the four steps, the three services and the FAQ', async () => {
    renderApp({ route: '/' });
    expect(await screen.findByRole('img', { name: 'Cover Image' })).toBeInTheDocument();
    expect(screen.getByText('Agendamento de')).toBeInTheDocument();
    expect(screen.getByText('Passaporte Italiano', { selector: 'h1 span' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Como funciona' })).toBeInTheDocument();
    for (const step of [
      'Escolha o agendamento',
      'Preencha seus dados',
      'Aguarde o agendamento',
      'Vá ao consulado',
    ]) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Ver mais' })).toHaveLength(1);

    const familiar = screen.getByRole('heading', { name: 'Familiar' }).closest('article') as HTMLElement;
    expect(within(familiar).getByText('R$ 999,00')).toBeInTheDocument();
    expect(within(familiar).getByRole('link')).toHaveAttribute('href', '/services/familiar');

    const individual = screen.getByRole('heading', { name: 'Individual' }).closest('article') as HTMLElement;
    expect(within(individual).getByText('R$ 699,00')).toBeInTheDocument();
    expect(within(individual).getByText('Mais vendido')).toBeInTheDocument();
    expect(within(individual).getByRole('link')).toHaveAttribute('href', '/services/individual');

    const flex = screen.getByRole('heading', { name: 'Flex' }).closest('article') as HTMLElement;
    expect(within(flex).getByText('R$ 199,00')).toBeInTheDocument();
    expect(within(flex).queryByRole('link')).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Dúvidas frequentes' })).toBeInTheDocument();
    for (const q of [
      'Como funciona o agendamento?',
      'Quanto tempo demora?',
      'Quais documentos são necessários?',
      'Quanto custa?',
    ]) {
      expect(screen.getByText(q)).toBeInTheDocument();
    }
  });

  it('says Pix is accepted beside the card, on the home page and in the FAQ', async () => {
    renderApp({ route: '/' });
    expect(
      await screen.findByText('Pagamento no Pix ou no cartão de crédito em até 6x.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/paga no cartão ou no Pix e envia o formulário/)).toBeInTheDocument();
    expect(
      screen.getByText(/à vista no Pix ou em até 6x no cartão de crédito\. A remarcação Flex/),
    ).toBeInTheDocument();
  });

  it("'Ver mais' scrolls to the service block and moves focus there", async () => {
    const { user } = renderApp({ route: '/' });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    await user.click(await screen.findByRole('button', { name: 'Ver mais' }));
    expect(scrolled[0]).toHaveAttribute('id', 'servicos');
    expect(document.activeElement).toHaveAttribute('id', 'servicos');
  });

  it('shows Login in the header when signed out, and the footer with scroll-to-top', async () => {
    const { user, router } = renderApp({ route: '/' });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(router.location.search).toBe('?mode=login');
    expect(screen.getByRole('button', { name: /Voltar ao topo/ })).toBeInTheDocument();
  });
});

describe('service pages', () => {
  it.each([
    ['individual', 'R$ 699,00'],
    ['familiar', 'R$ 999,00'],
  ])('/services/%s shows title, lists, price and Contratar', async (id, price) => {
    renderApp({ route: `/services/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: `Agendamento ${id}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voltar/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { name: 'O que está incluído' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Observações' })).toBeInTheDocument();
    expect(screen.getByText(price)).toBeInTheDocument();
    expect(screen.getByText('no Pix ou em até 6x no cartão de crédito')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contratar' })).toBeInTheDocument();
  });

  it('Contratar without a session opens the login modal', async () => {
    const { user, router } = renderApp({ route: '/services/individual' });
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.location.search).toBe('?mode=login');
  });

  it.each(['/services/flex', '/services/INDIVIDUAL', '/services/%3Cscript%3E'])(
    '%s shows the 404 page',
    async (route) => {
      renderApp({ route });
      expect(
        await screen.findByText('A página que você está tentando acessar não existe.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/');
    },
  );
});

describe('not found', () => {
  it.each(['/qualquer-coisa', '/services', '/tracking/extra'])(
    '%s shows the not-found page',
    async (route) => {
      renderApp({ route });
      expect(
        await screen.findByText('A página que você está tentando acessar não existe.'),
      ).toBeInTheDocument();
    },
  );
});
