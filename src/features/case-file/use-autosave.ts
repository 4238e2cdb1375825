import { useCallback, useEffect, useRef, useState } from 'react';

/** What the form says of the draft; 'editing' is typed and not yet saved. */
export type DraftStatus =
  | { state: 'idle' }
  | { state: 'editing'; at?: string }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'error'; error: unknown };

/** How long after the last change the draft is saved (on leaving a field, at once). */
export const AUTOSAVE_DELAY_MS = 1000;

const hourMinute = (date: Date) => date.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

interface AutosaveOptions<D> {
  /** Saving on change is on (off: locked, or sent for review, where a change is a correction sent as a whole). */
  enabled: boolean;
  /** The draft the server has. */
  initial: D;
  /** The draft as the form holds it now (what passes the rules). */
  read: () => D;
  /** Everything typed, a change of which counts as editing (a field still invalid included). */
  values: () => unknown;
  /** Calls `changed` on every change of the form's values; returns its unsubscribe. */
  listen: (changed: () => void) => () => void;
  /** Sends a draft; rejects when the server refuses it. */
  save: (draft: D) => Promise<void>;
}

/**
 * A draft kept on the server while it is typed: saved `AUTOSAVE_DELAY_MS` after the changes stop, at once by
 * `saveNow` (leaving a field, the form's button), and on unmount when a save was still waiting. One save at a
 * time: what is typed meanwhile is sent by the next round, from the values of that moment; a draft the server
 * already has is not sent again. `unsaved`: typed and not yet on the server (or its save failed).
 */
export function useAutosave<D>({ enabled, initial, read, values, listen, save }: AutosaveOptions<D>) {
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const saved = useRef(JSON.stringify(initial));
  const inFlight = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const saveNow = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    do {
      again.current = false;
      const draft = read();
      const key = JSON.stringify(draft);
      if (key === saved.current) {
        setStatus((s) =>
          s.state === 'editing' ? (s.at ? { state: 'saved', at: s.at } : { state: 'idle' }) : s,
        );
        continue;
      }
      setStatus({ state: 'saving' });
      try {
        await save(draft);
        saved.current = key;
        const at = hourMinute(new Date());
        // Typed while it was saving: that waits for its own save.
        const waiting = timer.current !== undefined || again.current;
        setStatus(waiting ? { state: 'editing', at } : { state: 'saved', at });
      } catch (error) {
        again.current = false;
        setStatus({ state: 'error', error });
      }
    } while (again.current);
    inFlight.current = false;
  }, [read, save]);

  useEffect(() => {
    if (!enabled) return;
    let seen = JSON.stringify(values());
    const unsubscribe = listen(() => {
      const now = JSON.stringify(values());
      if (now === seen) return;
      seen = now;
      setStatus((s) =>
        s.state === 'saving'
          ? s
          : { state: 'editing', at: s.state === 'saved' || s.state === 'editing' ? s.at : undefined },
      );
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer.current !== undefined) void saveNow();
    };
  }, [enabled, listen, values, saveNow]);

  return {
    status,
    setStatus,
    saveNow,
    /** Saves at once when a save is waiting for the changes to stop. */
    flush: () => {
      if (enabled && timer.current !== undefined) void saveNow();
    },
    /** Records a draft sent by other means (a correction) as the server's. */
    markSaved: (draft: D) => {
      saved.current = JSON.stringify(draft);
    },
    unsaved: status.state === 'editing' || status.state === 'saving' || status.state === 'error',
  };
}
