/**
 * The published wait for a signed-in customer and for staff (pocketbase/pb_hooks/lib/espera_servidor.js).
 */
import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { EsperaConsulado, ResumoEspera } from '../../../pocketbase/pb_hooks/lib/espera.js';

/** GET /api/agendamentos/{id}/espera: the owner's consulate's figures and their place in its queue. */
export interface MyWait {
  consulado: EsperaConsulado | null;
  antes: number | null;
  frase: string | null;
}

/** GET /api/espera/equipe: the figures and each consulate's longest waits. */
export interface StaffWait {
  resumo: ResumoEspera;
  filas: {
    codigo: string;
    prontos: number;
    maisAntigos: { id: string; nome: string; prontoEm: string; dias: number }[];
  }[];
}

export const waitQueries = {
  mine: (bookingId: string) =>
    queryOptions({
      queryKey: ['espera', 'agendamento', bookingId],
      queryFn: () => pb.send<MyWait>(`/api/agendamentos/${encodeURIComponent(bookingId)}/espera`, {}),
      staleTime: 5 * 60_000,
    }),
  staff: () =>
    queryOptions({
      queryKey: ['espera', 'equipe'],
      queryFn: () => pb.send<StaffWait>('/api/espera/equipe', {}),
    }),
};
