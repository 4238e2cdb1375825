/** The text of /privacidade (see legal-content.ts), loaded with that page only. */
import { brand, legalLinks, TO_COMPLETE, TO_REVIEW } from './content';
import type { LegalDocument } from './legal-content';
import { paths } from './routes';
import { retencaoDiasPadrao } from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { contaNaoVerificadaDias } from '../../pocketbase/pb_hooks/lib/regras.json';

export const privacyPolicy: LegalDocument = {
  path: paths.privacy,
  title: legalLinks.privacy,
  summary: `Quais dados pessoais o ${brand.name} coleta e por quê, com quem compartilha, por quanto tempo guarda e como exercer os seus direitos pela LGPD (Lei 13.709/2018).`,
  sections: [
    {
      id: 'controlador',
      title: 'Quem cuida dos seus dados',
      blocks: [
        'O controlador dos seus dados pessoais é:',
        { facts: 'company' },
        'Encarregado pelo tratamento de dados pessoais (LGPD, art. 41), a quem você pode se dirigir sobre os seus dados:',
        { facts: 'dpo' },
      ],
    },
    {
      id: 'dados-coletados',
      title: 'Quais dados coletamos e por quê',
      blocks: [
        {
          list: [
            'Nome completo, e-mail, CPF e celular, informados no cadastro: para criar a sua conta, identificar você, fazer o agendamento em seu nome e falar com você.',
            'Senha: o nosso servidor guarda apenas uma forma cifrada dela (hash), nunca a senha em si.',
            'Dados do cartão (número, validade, código de segurança e nome do titular): usados só para a cobrança e repassados à Asaas. Não os guardamos.',
            'Endereço IP do seu aparelho, no pagamento com cartão: o nosso próprio servidor o lê da conexão e o envia à Asaas, que o exige para a análise antifraude da cobrança no cartão. Nenhum outro serviço é consultado para descobrir o seu IP.',
            'Registro do pagamento (serviço, valor total, número de parcelas, forma de pagamento, situação e código da cobrança na Asaas): para comprovar a compra e acompanhar o seu pedido.',
            'Dados do agendamento (data, hora, local e situação): para acompanhar o seu atendimento.',
            'Dados e documentos do processo, enviados na página "Dados e documentos" (botão "Enviar arquivos"): de cada requerente, os nomes como no registro civil italiano, sexo, data e local de nascimento, CPF (maiores de 18 anos), estado civil, altura, cor dos olhos, endereço, comune do AIRE e passaporte italiano anterior; de um menor, o nome dos pais; e os arquivos pedidos (documento de identidade, comprovante de endereço, foto, passaporte anterior, certidão de nascimento e autorização do outro genitor). Servem para conferir os dados e fazer o agendamento. Ficam no nosso servidor, protegidos: só você e a nossa equipe abrem os arquivos.',
            'Pedido de exclusão da conta: a data, a situação e o motivo, se você escrever um.',
          ],
        },
        'No serviço Familiar, você também nos envia dados e documentos dos seus familiares: mostre esta política a eles.',
        `Bases legais (LGPD, art. 7º): execução do contrato que você fez conosco, cumprimento de obrigações legais (registros de pagamento) e prevenção a fraudes (endereço IP na cobrança) ${TO_REVIEW}.`,
      ],
    },
    {
      id: 'compartilhamento',
      title: 'Com quem compartilhamos',
      blocks: [
        {
          list: [
            'Asaas (Asaas Gestão Financeira), que processa os pagamentos: nome, e-mail, CPF, celular, dados do cartão e endereço IP.',
            'O consulado italiano, pelo sistema oficial de agendamento: os dados necessários para marcar o seu atendimento, tirados do seu cadastro, do formulário e dos documentos.',
            `Empresa que hospeda o nosso servidor e os dados, e o país onde ficam: ${TO_COMPLETE}.`,
            `Serviço de envio de e-mails: ${TO_COMPLETE}.`,
            'Autoridades públicas, quando a lei ou uma ordem judicial exigir.',
          ],
        },
        `O consulado é um órgão do governo italiano: os dados usados no agendamento passam a ser tratados também por ele, segundo as regras dele (transferência internacional, LGPD art. 33) ${TO_REVIEW}.`,
        'Não vendemos os seus dados e não os usamos para publicidade.',
      ],
    },
    {
      id: 'guarda',
      title: 'Onde e por quanto tempo guardamos',
      blocks: [
        'Os dados da sua conta, dos pagamentos, dos agendamentos e do processo ficam no nosso servidor (banco de dados PocketBase).',
        {
          list: [
            'Conta e agendamento: enquanto você mantiver a conta. Depois de um pedido de exclusão, apagamos ou tornamos anônimos os dados, menos os que a lei nos obriga a guardar.',
            `Conta não confirmada: se o e-mail não for confirmado em ${contaNaoVerificadaDias} dias depois do cadastro, excluímos a conta e os dados dela (nome, CPF, celular e e-mail) automaticamente, e o CPF e o e-mail ficam livres para um novo cadastro.`,
            `Registros de pagamento: pelo prazo exigido pelas leis fiscais e contábeis ${TO_REVIEW}.`,
            `Registros de acesso ao servidor (endereço IP, data e hora): prazo ${TO_REVIEW}.`,
            `Arquivos dos documentos e dados dos requerentes: ${retencaoDiasPadrao} dias depois que o agendamento é finalizado ou cancelado, excluímos automaticamente os arquivos e apagamos os dados digitados de cada requerente (CPF, data e local de nascimento, endereço, nomes dos pais, passaporte anterior e os demais). Guardamos só o nome e o sobrenome de cada requerente, porque o agendamento, o recibo e o histórico precisam dizer para quem foi o serviço pago (obrigações fiscais e defesa em processo, LGPD art. 16, I e II); o histórico do agendamento registra quando os arquivos e os dados foram excluídos.`,
            'Depois que você envia o processo para análise, os dados de um requerente só mudam por um pedido de correção: a mudança fica registrada (quem, quando, qual campo, o valor antigo e o novo, visíveis só para a nossa equipe e nunca enviados por e-mail) e os documentos daquele requerente voltam para a análise. Depois que a documentação é aprovada, você não altera mais os dados nem os documentos; só a nossa equipe, com registro no histórico.',
          ],
        },
      ],
    },
    {
      id: 'navegador',
      title: 'Cookies e armazenamento no navegador',
      blocks: [
        'O site não grava cookies e não usa ferramentas de rastreamento, de publicidade ou de estatísticas de terceiros.',
        'Para manter você conectado, o site guarda no armazenamento da sessão do navegador (sessionStorage) o seu identificador, um código de acesso, o seu nome, e-mail, celular e CPF e se a conta é da equipe. Os dados do cartão nunca são guardados ali.',
        'Ao clicar em Sair, os dados da sessão são apagados. Fechar a aba apaga tudo.',
      ],
    },
    {
      id: 'direitos',
      title: 'Seus direitos',
      blocks: [
        'A LGPD (art. 18) garante a você, a qualquer momento:',
        {
          list: [
            'confirmar se tratamos dados seus;',
            'ter acesso aos seus dados;',
            'corrigir dados incompletos, inexatos ou desatualizados;',
            'pedir que dados desnecessários, excessivos ou tratados fora da lei sejam anonimizados, bloqueados ou eliminados;',
            'receber os seus dados para levá-los a outro fornecedor (portabilidade);',
            'pedir a eliminação dos dados tratados com o seu consentimento;',
            'saber com quem compartilhamos os seus dados;',
            'saber que pode não dar consentimento, e o que acontece se não der;',
            'revogar o consentimento que tiver dado.',
          ],
        },
        'Como exercer:',
        {
          list: [
            'Em Minha conta (no menu, depois de entrar): veja os dados da sua conta, corrija o celular, baixe uma cópia de tudo o que o servidor guarda sobre você (arquivo JSON) e peça a exclusão da conta.',
            'Para corrigir nome, CPF ou e-mail, ou para qualquer outro pedido, escreva para o encarregado ou para o atendimento.',
          ],
        },
        'Pedidos de confirmação e de acesso são respondidos em até 15 dias (LGPD, art. 19).',
        'Se você pedir a exclusão com um agendamento em andamento, a conta é mantida até o atendimento terminar e excluída depois. Dados que a lei manda guardar, como os registros de pagamento, são mantidos pelo prazo legal (LGPD, art. 16).',
        'Você também pode reclamar à Autoridade Nacional de Proteção de Dados:',
        {
          links: [{ to: 'https://www.gov.br/anpd', text: 'Autoridade Nacional de Proteção de Dados (ANPD)' }],
        },
      ],
    },
    {
      id: 'seguranca',
      title: 'Segurança',
      blocks: [
        'As regras do nosso servidor deixam cada cliente ver só os próprios dados; a equipe vê o necessário para fazer os agendamentos. As senhas são guardadas cifradas.',
        'Se um incidente de segurança puder causar risco ou dano relevante a você, avisaremos você e a ANPD (LGPD, art. 48).',
      ],
    },
    {
      id: 'mudancas',
      title: 'Mudanças nesta política',
      blocks: [
        'Quando esta política mudar, a nova versão será publicada nesta página.',
        `Versão e data desta política: ${TO_COMPLETE}.`,
      ],
    },
  ],
};
