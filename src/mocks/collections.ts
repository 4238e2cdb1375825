/**
 * The fields PocketBase returns for each collection the demo serves, as pocketbase/pb_migrations define them.
 * The demo's handlers answer with these; scripts/seed.mjs writes these columns when it seeds a real server.
 */
export type CollectionName =
  | 'usuarios'
  | 'pagamentos'
  | 'agendamentos'
  | 'cobrancas'
  | 'solicitacoes_exclusao'
  | 'historico_agendamentos';

export const USER_FIELDS = [
  'id',
  'created',
  'updated',
  'email',
  'emailVisibility',
  'verified',
  'nome_completo',
  'cpf',
  'celular',
  'admin',
  // the server's search key (pb_hooks/usuarios.pb.js)
  'busca',
];
export const FIELDS: Record<CollectionName, readonly string[]> = {
  usuarios: USER_FIELDS,
  pagamentos: [
    'id',
    'created',
    'updated',
    'usuario',
    'tipo_servico',
    'preco_servico',
    'metodo_pagamento',
    'numero_parcelas',
    'asaas_id_pagamento',
    'flex',
    'status_asaas',
    'nota_status',
    'nota_numero',
    'nota_pdf',
    'nota_erro',
  ],
  agendamentos: [
    'id',
    'created',
    'updated',
    'usuario',
    'pagamento',
    'data_agendamento',
    'hora_agendamento',
    'status_agendamento',
    'local_agendamento',
    'formulario',
    'nota_cliente',
    // the booking's copy of its customer's search key (pb_hooks/agendamentos.pb.js)
    'busca',
    // the case file's summary (pb_hooks/lib/processo_resumo.js)
    'consulado',
    'documentacao',
    // its order's service invoice state (pb_hooks/lib/notas.js)
    'nota_status',
  ],
  cobrancas: [
    'id',
    'created',
    'updated',
    'usuario',
    'tentativa',
    'asaas_id',
    'metodo',
    'tipo_servico',
    'flex',
    'valor',
    'parcelas',
    'status',
    'ativa',
    'motivo',
  ],
  solicitacoes_exclusao: ['id', 'created', 'updated', 'usuario', 'status', 'motivo'],
  historico_agendamentos: [
    'id',
    'created',
    'agendamento',
    'autor',
    'autor_nome',
    'alteracoes',
    'email_para',
    'email_status',
    'email_assunto',
  ],
};
