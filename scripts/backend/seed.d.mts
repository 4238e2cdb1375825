import type { RunningPocketBase } from './pocketbase-server.mjs';
export declare function insertRows(dataDir: string, rows: Record<string, Record<string, unknown>[]>): void;
export declare function fetchAfterInsert(url: string, init?: RequestInit): Promise<Response>;
export declare function applyStaffRule(
  pb: RunningPocketBase,
  usuarios: Record<string, unknown>[],
): Promise<void>;
export declare function schemaRows(name: string, list: Record<string, unknown>[]): Record<string, unknown>[];
export declare function passwordHash(pb: RunningPocketBase, password: string): Promise<string>;
export declare function seedDemo(
  pb: RunningPocketBase,
): Promise<{ accounts: number; bookings: number; password: string }>;
