import { pb } from '@/lib/pocketbase';

/**
 * The SDK's filter builder, for code that writes filters without calling the server: user text reaches a
 * filter only through its {:placeholders}, which it quotes and escapes.
 */
export const pbFilter = { filter: (raw: string, params?: Record<string, unknown>) => pb.filter(raw, params) };
