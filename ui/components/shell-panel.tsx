// The shell panel (docs/UI.md, Screens): a prompt with history that runs one command per WebSocket in the
// current folder and streams its output; 'clear' empties the output and 'exit' closes the panel.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { encodePath } from '../api/client';
import type { Ticket } from '../api/tickets';
import { fetchTicket } from '../api/link-tickets';
import { ticketParams } from '../api/tickets';
import { useApi } from '../api/use-api';
import { i18n } from '../i18n';
import { useSession } from '../state/session';
import { browseHistory, closeShell, rememberCommand, shellHistory } from '../state/shell';
import { useShownFolder } from '../routes/files/files-place';
import { IconButton } from './icon-button';

interface Entry {
  id: number;
  folder: string;
  command: string;
  output: string[];
  /** How the command ended, when it did not end normally. */
  note?: 'failed' | 'unreachable' | 'stopped' | 'notAllowed';
  reason?: string;
}

/** WebSocket close codes the server uses: a failed command, and "no close frame" (never connected). */
const failedCode = 1011;
const abnormalCode = 1006;
/** A refused command, and the reason the server gives when it is not on the user's list. */
const refusedCode = 1008;
const notAllowedReason = 'command not allowed';

/** ws(s)://host + BaseURL + /api/command + folder, with ?ticket= (the page's scheme decides ws or wss). */
export function commandSocketUrl(httpUrl: string): string {
  return httpUrl.replace(/^http/, 'ws');
}

let nextEntryId = 1;

export default function ShellPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const folder = useShownFolder();
  const commands = useSession()?.user.commands ?? [];
  const [entries, setEntries] = useState<Entry[]>([]);
  const [input, setInput] = useState('');
  const [running, setRunning] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  /** The command whose ticket is on its way; stopping it before then cancels it. */
  const waiting = useRef<number | undefined>(undefined);
  const cursor = useRef(shellHistory.length);
  const draft = useRef('');
  const output = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);

  // Closing the panel ends the running command (the server kills it when the socket goes).
  useEffect(() => () => socket.current?.close(), []);
  useLayoutEffect(() => {
    const box = output.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [entries]);
  useEffect(() => {
    if (!running) field.current?.focus();
  }, [running]);

  const update = (id: number, change: (entry: Entry) => Entry) =>
    setEntries((list) => list.map((entry) => (entry.id === id ? change(entry) : entry)));

  function run(command: string) {
    const id = nextEntryId++;
    setEntries((list) => [...list, { id, folder, command, output: [] }]);
    setRunning(true);
    waiting.current = id;
    // The socket's URL carries a command ticket for this folder, never the session token.
    fetchTicket(queryClient, api, 'command', folder).then(
      (ticket) => {
        if (waiting.current !== id) return setRunning(false);
        waiting.current = undefined;
        connect(id, command, ticket);
      },
      () => {
        waiting.current = undefined;
        update(id, (entry) => ({ ...entry, note: 'unreachable' }));
        setRunning(false);
      },
    );
  }

  function connect(id: number, command: string, ticket: Ticket) {
    let opened = false;
    const url = api.link(`api/command${encodePath(folder)}`, ticketParams(ticket));
    const ws = new WebSocket(commandSocketUrl(url));
    socket.current = ws;
    ws.onopen = () => {
      opened = true;
      ws.send(command);
    };
    ws.onmessage = (event: MessageEvent) => {
      const line = typeof event.data === 'string' ? event.data : '';
      update(id, (entry) => ({ ...entry, output: [...entry.output, line] }));
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket.current === ws) socket.current = null;
      let note: Entry['note'];
      if (!opened && event.code === abnormalCode) note = 'unreachable';
      else if (event.code === failedCode) note = 'failed';
      else if (event.code === refusedCode && event.reason === notAllowedReason) note = 'notAllowed';
      if (note) update(id, (entry) => ({ ...entry, note, reason: event.reason }));
      setRunning(false);
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const command = input.trim();
    setInput('');
    draft.current = '';
    if (command === '') return;
    rememberCommand(command);
    cursor.current = shellHistory.length;
    if (command === 'clear') return setEntries([]);
    if (command === 'exit') return closeShell();
    run(command);
  }

  function stop(id: number | undefined) {
    if (id !== undefined) update(id, (entry) => ({ ...entry, note: 'stopped' }));
    waiting.current = undefined;
    socket.current?.close(1000);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (cursor.current === shellHistory.length) draft.current = input;
    const step = browseHistory(
      shellHistory,
      cursor.current,
      event.key === 'ArrowUp' ? -1 : 1,
      draft.current,
    );
    cursor.current = step.index;
    setInput(step.text);
  }

  const notes = {
    failed: (reason: string | undefined) => t('shell.failed', { reason: reason || '—' }),
    unreachable: () => t('shell.unreachable'),
    stopped: () => t('shell.stopped'),
    // Which commands this user may run (their user record's list), and who can allow more.
    notAllowed: () => {
      const place = `${t('settings.navigation')} › ${t('users.title')}`;
      if (commands.length === 0) return t('shell.allowedNone', { place });
      const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
      return t('shell.allowed', { commands: list.format(commands), place });
    },
  };

  return (
    <section className="shell-panel" aria-label={t('shell.title')}>
      <div className="shell-bar">
        <span className="shell-title">{t('shell.title')}</span>
        <span className="shell-folder" title={folder}>
          {folder}
        </span>
        <IconButton icon="close" label={t('shell.close')} onClick={closeShell} />
      </div>
      <div
        ref={output}
        className="shell-output"
        role="log"
        aria-live="polite"
        aria-label={t('shell.output')}
        tabIndex={0}
      >
        {entries.length === 0 && <p className="shell-hint">{t('shell.hint')}</p>}
        {entries.map((entry) => (
          <div key={entry.id} className="shell-entry">
            <div className="shell-command">
              <span className="shell-sign" aria-hidden="true">
                $
              </span>{' '}
              {entry.command}
            </div>
            {entry.output.length > 0 && (
              <pre className="shell-lines">{entry.output.join('\n')}</pre>
            )}
            {entry.note && (
              <p className={`shell-note shell-note-${entry.note}`}>
                {notes[entry.note](entry.reason)}
              </p>
            )}
          </div>
        ))}
      </div>
      <form className="shell-prompt" onSubmit={submit}>
        <span className="shell-sign" aria-hidden="true">
          $
        </span>
        <input
          ref={field}
          className="shell-input"
          aria-label={t('shell.input')}
          placeholder={running ? t('shell.running') : t('shell.placeholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          disabled={running}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {running && (
          <>
            <span className="spinner" aria-hidden="true" />
            <button
              type="button"
              className="button button-flat shell-stop"
              onClick={() => stop(entries.at(-1)?.id)}
            >
              {t('shell.stop')}
            </button>
          </>
        )}
      </form>
    </section>
  );
}
