// @ts-check
// `npm test`: every tier, in as few minutes as the machine allows. The tiers are the npm scripts of package.json,
// each runnable alone; this file only decides their order and what runs side by side:
//   - the builds and the checks that need no server of their own (lint, typecheck, unit, scripts, budget, CSP)
//     run two at a time; the production build (same origin, as the release ships) is made once, copied to
//     .dist-prod, and the budget, the CSP check, the release tier and the real-server browser tier test that copy;
//     the demo build then takes dist/ for its CSP check and the demo browser tier;
//   - the tiers that time a real server or a browser (server, e2e:real, e2e:demo) each run alone: beside other
//     work, their waits ran out on a 2-core machine. The real-server tier runs as two halves of its files side by
//     side (and beside nothing else), each with a PocketBase of its own: its tests mostly wait (Asaas's timeouts, a
//     slow SMTP server), and a half used about half a core when measured (the whole tier 282 s, the halves 176 s).
// At most `SLOTS` tasks run at once (default: the machine's cores; `TEST_SLOTS` overrides). The release tier
// weighs half a slot: it mostly waits for its server. Each line of output is prefixed with its task; a failure
// stops everything still running, and a table of every task's time ends the run.
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prodBuildEnv } from '../build/prod-build-env.mjs';
import { SAME_ORIGIN } from '../build/release.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PROD_DIST = '.dist-prod';
const SLOTS = Number(process.env.TEST_SLOTS) || Math.max(2, availableParallelism());
const prodEnv = { PROD_DIST };

/**
 * The tasks, in the order they start when their turn comes. The browser tiers take the whole machine
 * (`weight: SLOTS`); so do the real-server tier's two halves together: a task with a `group` starts only beside tasks
 * of its group, and a task without one only beside tasks without one. Before them, the quick checks run two at a time.
 * @type {{ name: string, cmd: string[], after?: string[], env?: Record<string,string>, weight?: number, group?: string, then?: () => void }[]}
 */
const TASKS = [
  {
    name: 'build:prod',
    cmd: ['npm', 'run', 'build'],
    env: prodBuildEnv(SAME_ORIGIN),
    then: () => {
      rmSync(path.join(root, PROD_DIST), { recursive: true, force: true });
      cpSync(path.join(root, 'dist'), path.join(root, PROD_DIST), { recursive: true });
    },
  },
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  // The demo build (into dist/, once build:prod has copied its own out) among the quick checks: listed after the
  // tiers that run alone, it ran after the quick checks had ended, alone or stopping the real-server tier's halves.
  { name: 'build:demo', cmd: ['npm', 'run', 'build:demo'], after: ['build:prod'] },
  { name: 'csp:demo', cmd: ['node', 'scripts/test/csp-check.mjs', 'dist'], after: ['build:demo'] },
  // test:unit's two passes as tasks of their own, so they run beside each other; the first (one vitest worker on 2
  // cores, 5 minutes: the quick checks' longest task, which ran alone at their end) in two halves of its files.
  ...[1, 2].map((half) => ({ name: `unit ${half}/2`, cmd: ['npx', 'vitest', 'run', `--shard=${half}/2`] })),
  { name: 'unit:tokyo', cmd: ['npm', 'run', 'test:unit:tokyo'] },
  { name: 'scripts', cmd: ['npm', 'run', 'test:scripts'] },
  { name: 'budget', cmd: ['node', 'scripts/bench/budget.mjs', PROD_DIST], after: ['build:prod'] },
  { name: 'csp:prod', cmd: ['node', 'scripts/test/csp-check.mjs', PROD_DIST], after: ['build:prod'] },
  { name: 'release', cmd: ['npm', 'run', 'test:release'], after: ['build:prod'], env: prodEnv, weight: 0.5 },
  // `npm run test:server` in two halves of its files (vitest's --shard), each vitest run starting its own server
  // (tests/server/global-setup.ts); within a half the files still run one after another on one server.
  ...[1, 2].map((half) => ({
    name: `server ${half}/2`,
    cmd: ['npx', 'vitest', 'run', '-c', 'vitest.server.config.ts', `--shard=${half}/2`],
    weight: SLOTS / 2,
    group: 'server',
  })),
  {
    name: 'e2e:real',
    cmd: ['npm', 'run', 'test:e2e:real'],
    after: ['build:prod'],
    env: prodEnv,
    weight: SLOTS,
  },
  { name: 'e2e:demo', cmd: ['npm', 'run', 'test:e2e'], after: ['build:demo'], weight: SLOTS },
];

const started = Date.now();
/**
 * @typedef {object} TaskState
 * @property {'waiting' | 'running' | 'passed' | 'failed' | 'stopped'} status
 * @property {number} ms how long it ran
 * @property {number} begin when it started (epoch ms)
 * @property {import('node:child_process').ChildProcess | null} child
 */
/** @type {Map<string, TaskState>} */
const state = new Map(TASKS.map((t) => [t.name, { status: 'waiting', ms: 0, begin: 0, child: null }]));
let failed = false;
/** @param {string} name a task's */
const stateOf = (name) => {
  const s = state.get(name);
  if (!s) throw new Error(`test-all: no task named ${name}`);
  return s;
};

const minutes = (/** @type {number} */ ms) => `${(ms / 60000).toFixed(1)} min`;
const running = () => TASKS.filter((t) => stateOf(t.name).status === 'running');
const busy = () => running().reduce((sum, t) => sum + (t.weight ?? 1), 0);

/**
 * @param {string} name
 * @param {import('node:stream').Readable} stream
 * @param {NodeJS.WriteStream} out
 */
function prefixLines(name, stream, out) {
  let rest = '';
  stream.on('data', (/** @type {Buffer} */ chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`[${name}] ${rest}\n`);
  });
}

/** @param {(typeof TASKS)[number]} task */
function start(task) {
  const s = stateOf(task.name);
  s.status = 'running';
  s.begin = Date.now();
  console.log(`--- ${task.name}: ${task.cmd.join(' ')} (at ${minutes(s.begin - started)})`);
  const child = spawn(task.cmd[0] ?? '', task.cmd.slice(1), {
    cwd: root,
    env: { ...process.env, ...task.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  s.child = child;
  prefixLines(task.name, child.stdout, process.stdout);
  prefixLines(task.name, child.stderr, process.stderr);
  child.on('close', (code, signal) => {
    s.ms = Date.now() - s.begin;
    s.child = null;
    let ok = code === 0 && !failed;
    if (ok && task.then) {
      try {
        task.then();
      } catch (error) {
        console.error(`[${task.name}] ${error instanceof Error ? error.message : error}`);
        ok = false;
      }
    }
    s.status = ok ? 'passed' : failed ? 'stopped' : 'failed';
    console.log(`--- ${task.name}: ${s.status} in ${minutes(s.ms)}${signal ? ` (${signal})` : ''}`);
    if (s.status === 'failed') stopAll();
    schedule();
  });
}

function stopAll() {
  failed = true;
  for (const [, s] of state) {
    if (s.child?.pid) {
      try {
        process.kill(-s.child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

function schedule() {
  if (!failed) {
    for (const task of TASKS) {
      const s = stateOf(task.name);
      if (s.status !== 'waiting') continue;
      if (!(task.after ?? []).every((name) => stateOf(name).status === 'passed')) continue;
      if (busy() > 0 && busy() + (task.weight ?? 1) > SLOTS) continue;
      if (running().some((t) => t.group !== task.group)) continue;
      start(task);
    }
  }
  if ([...state.values()].some((s) => s.status === 'running')) return;
  finish();
}

function finish() {
  console.log(`\n--- npm test: ${minutes(Date.now() - started)} on ${SLOTS} slots`);
  for (const task of TASKS) {
    const s = stateOf(task.name);
    console.log(`    ${task.name.padEnd(11)} ${s.status.padEnd(8)} ${s.ms ? minutes(s.ms) : ''}`);
  }
  process.exit(failed || [...state.values()].some((s) => s.status !== 'passed') ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
}

schedule();
