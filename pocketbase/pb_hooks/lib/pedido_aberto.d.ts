// The types of pedido_aberto.js for the app's TypeScript (PocketBase reads only the .js).
declare const pedidoAberto: {
  ENCERRADOS: readonly string[];
  FILTRO: string;
  aberto(pagamento: { status_asaas?: string } | null | undefined): boolean;
  temPedidoAberto(pagamentos: readonly { status_asaas?: string }[] | null | undefined): boolean;
};
export default pedidoAberto;
