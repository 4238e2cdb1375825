/**
 * PocketBase's JSVM globals, installed before any of the kit's files loads (kit.ts imports this first): the
 * stand-in's `$app`, records and errors (pocketbase.ts), and the hook registrations, recorded in `registry`
 * (cron jobs and bootstrap recorded and never run). `__kitRequire` is how a kit file's require reaches another
 * (scripts/build/kit-module.ts): the module itself, or for one that runs SQL the double's answers (sql.ts).
 */
import { newId } from '../util';
import { enrichRecord } from './enrich';
import { getenv } from './env';
import {
  ApiError,
  app,
  BadRequestError,
  DateTime,
  ForbiddenError,
  NotFoundError,
  Record,
  registry,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  $dbx,
} from './pocketbase';
import { SQL_MODULES } from './sql';

type Json = { [key: string]: unknown };
const unavailable = (what: string) => () => {
  throw new Error(`${what} is not available in the demo`);
};

/** A plain value object, as PocketBase's MailerMessage and DynamicModel are to the kit. */
class Plain {
  constructor(values: Json) {
    Object.assign(this, values);
  }
}

const HOOKS = [
  'onBootstrap',
  'onRecordCreate',
  'onRecordUpdate',
  'onRecordDelete',
  'onRecordValidate',
  'onRecordEnrich',
  'onRecordCreateRequest',
  'onRecordUpdateRequest',
  'onRecordDeleteRequest',
  'onRecordsListRequest',
  'onRecordViewRequest',
  'onRecordAfterCreateSuccess',
  'onRecordAfterUpdateSuccess',
  'onRecordAfterDeleteSuccess',
  'onRecordAuthWithPasswordRequest',
  'onRecordRequestEmailChangeRequest',
  'onRealtimeSubscribeRequest',
  'onMailerSend',
  'onMailerRecordAuthAlertSend',
  'onMailerRecordEmailChangeSend',
  'onMailerRecordPasswordResetSend',
  'onMailerRecordVerificationSend',
];

const merged = new Map<string, unknown>();

const globals: Json = {
  __hooks: '/pb_hooks',
  __kitRequire: (name: string, ns: { default: unknown }) => {
    const own = SQL_MODULES[name];
    if (!own) return ns.default;
    if (!merged.has(name)) merged.set(name, { ...(ns.default as object), ...own });
    return merged.get(name);
  },
  $app: app,
  $dbx,
  $os: { getenv, args: [], readFile: unavailable('$os.readFile'), stat: unavailable('$os.stat') },
  $security: {
    randomString: (n: number) => newId(n),
    equal: (a: unknown, b: unknown) => a === b,
    createJWT: unavailable('$security.createJWT'),
    parseJWT: unavailable('$security.parseJWT'),
  },
  $http: { send: unavailable('$http.send') },
  $filepath: { join: (...parts: string[]) => parts.join('/') },
  $apis: {
    requireAuth: (...collections: string[]) => ({ requireAuth: collections }),
    requireSuperuserAuth: () => ({ requireSuperuserAuth: true }),
    skipSuccessActivityLog: () => ({}),
    gzip: () => ({}),
    enrichRecord,
  },
  ApiError,
  BadRequestError,
  NotFoundError,
  ForbiddenError,
  UnauthorizedError,
  TooManyRequestsError,
  ValidationError,
  Record,
  DateTime,
  MailerMessage: Plain,
  DynamicModel: Plain,
  sleep: () => undefined,
  routerAdd: (method: string, path: string, handler: (e: Json) => unknown, ...middlewares: unknown[]) =>
    registry.routes.push({ method, path, handler, middlewares }),
  routerUse: () => undefined,
  cronAdd: (name: string, schedule: string, run: () => void) => registry.crons.push({ name, schedule, run }),
  ...Object.fromEntries(
    HOOKS.map((kind) => [
      kind,
      (handler: (e: Json) => unknown, ...tags: string[]) => registry.hooks.push({ kind, handler, tags }),
    ]),
  ),
};

Object.assign(globalThis, globals);
