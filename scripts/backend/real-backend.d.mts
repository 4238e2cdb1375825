import type { AsaasStandIn } from './asaas-stand-in.mjs';
import type { MailCapture } from './mail-capture.mjs';
import type { RunningPocketBase } from './pocketbase-server.mjs';
export declare const TEST_ASAAS_KEY: string;
export declare const TEST_WEBHOOK_TOKEN: string;
export declare const TEST_NFSE: Record<string, string>;
export declare const TEST_GARANTIA: Record<string, string>;
export interface RealBackend {
  pb: RunningPocketBase;
  mail: MailCapture;
  asaas: AsaasStandIn | null;
  stop(): Promise<void>;
}
export declare function startRealBackend(options: {
  port: number;
  appUrl?: string;
  asaasTimeoutS?: number;
  pixAutoPayMs?: number;
  noAnswerMs?: number;
  reconcileAfterS?: number;
  dataDir?: string;
  log?: boolean;
  realAsaas?: boolean;
  mailHttpPort?: number;
  asaasPort?: number;
  rateLimitScale?: number;
  relayLifeS?: number;
  /** false: POS_VAGA_AUTOMATICO=0, the hourly after-the-slot job does nothing by itself. */
  afterSlotCron?: boolean;
  eventsOnCreate?: 'none' | 'after' | 'before' | 'alternate';
  nfse?: boolean;
  garantia?: boolean;
}): Promise<RealBackend>;
