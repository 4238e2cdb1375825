/** The bench's rows at scale (scripts/bench/bench-server.mjs); the first account is staff. */
export declare function scaleRows(options: { customers: number; bookings: number; hash: string }): {
  usuarios: (Record<string, unknown> & { email: string; emailVisibility: boolean })[];
  pagamentos: Record<string, unknown>[];
  agendamentos: Record<string, unknown>[];
};
