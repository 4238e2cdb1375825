export declare const POCKETBASE_VERSION: string;
export declare const KIT: { migrations: string; hooks: string };
export declare function pocketbaseBinary(): string;
export declare const DEFAULT_SUPERUSER: { email: string; password: string };
export interface RunningPocketBase {
  url: string;
  pid: number;
  dataDir: string;
  superuser: { email: string; password: string; token: string };
  output(): string;
  /** SIGKILL, as in a crash: no shutdown; the data dir stays. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}
export declare function startPocketBase(options: {
  port: number;
  env?: Record<string, string>;
  dataDir?: string;
  superuser?: { email: string; password: string };
  log?: boolean;
  migrationsDir?: string;
}): Promise<RunningPocketBase>;
export declare function freePort(): Promise<number>;
