import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../lib/api/client.ts';
import { api } from '../../stores/api.ts';
import { IslandI18nProvider, useTranslation, type IslandI18n } from '../i18n.tsx';
import { relativeTimeText } from '../../lib/time.ts';
import { isImage, mergeMessages, type ChatMessage } from './chat-types.ts';
import './chat.css';

export interface ChatRoomProps {
  i18n: IslandI18n;
  /** The conversation key (`u12-p34`, `admin`), as live events name it. */
  conversation: string;
  otherName: string;
  /** Hidden fields that say who the messages go to: receiver_id or to_admin, and property_id. */
  target: Record<string, string>;
  /** Oldest first. */
  messages: ChatMessage[];
  blockedByMe: boolean;
  blockedMe: boolean;
  /** A failed post's message from the server (the no-JavaScript path). */
  problem?: string | null;
  /** The failed post's message for the text box (an empty message), shown under it and marking it invalid. */
  messageError?: string | null;
  draft?: string;
  /** The server's clock when it rendered the page: "5 minutes ago" is counted from it until the island starts. */
  renderedAt: string;
}

const TYPING_SEND_MS = 3000;
const TYPING_SHOW_MS = 5000;
const FILE_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const MESSAGE_ERROR_ID = 'chat-message-error';
const CLOCK_TICK_MS = 30_000;
/** How much of a message's text names it on its delete button. */
const NAMING_CHARS = 40;

/**
 * The moment message times are counted from: the server's at first (so hydration finds the words the server wrote),
 * then the browser's, kept current so "just now" becomes "1 minute ago".
 */
function useNow(renderedAt: string): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = window.setInterval(tick, CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** What a message is called on its delete button: the start of its text, else its file, else "Voice message". */
function messageName(message: ChatMessage, t: (key: string) => string): string {
  const text = message.message.trim().replace(/\s+/g, ' ');
  if (text) return text.length > NAMING_CHARS ? `${text.slice(0, NAMING_CHARS).trimEnd()}…` : text;
  return message.file?.name ?? t('chat.voice_message');
}

function Message({ message, now, otherName }: { message: ChatMessage; now: Date; otherName: string }) {
  const { t } = useTranslation();
  // Relative (spec section 9): the same words in every time zone.
  const when = relativeTimeText(t, message.created_at, now);
  return (
    <li className={message.is_mine ? 'chat__msg chat__msg--mine' : 'chat__msg'} data-message-id={message.id}>
      {/* Who wrote it, in words: the side and the colour of the bubble say it only to the eye. */}
      <span className="visually-hidden">
        {message.is_mine ? t('chat.you_wrote') : t('chat.they_wrote', { name: otherName })}{' '}
      </span>
      {message.message && <p className="chat__text">{message.message}</p>}
      {message.file &&
        (isImage(message.file) ? (
          <a href={message.file.url} className="chat__image">
            <img src={message.file.url} alt={message.file.name} width={240} height={180} loading="lazy" />
          </a>
        ) : (
          <a href={message.file.url} className="chat__file" download={message.file.name}>
            {t('chat.file_link', { name: message.file.name })}
          </a>
        ))}
      {message.audio && (
        <audio className="chat__audio" controls preload="none" src={message.audio.url}>
          <a href={message.audio.url}>{t('chat.voice_message')}</a>
        </audio>
      )}
      <p className="chat__meta">
        <time dateTime={message.created_at}>{when}</time>
        {message.is_mine && message.is_read && <span className="chat__read"> · {t('chat.read')}</span>}
      </p>
      {message.is_mine && (
        <form method="post" className="chat__delete" data-delete={message.id}>
          <input type="hidden" name="action" value="delete" />
          <input type="hidden" name="message_id" value={message.id} />
          <button
            type="submit"
            className="link-button"
            aria-label={t('chat.delete_message', { text: messageName(message, t), when })}
          >
            {t('chat.delete')}
          </button>
        </form>
      )}
    </li>
  );
}

function Room(props: ChatRoomProps) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState(props.messages);
  const now = useNow(props.renderedAt);
  const [error, setError] = useState(props.problem ?? null);
  const [messageError, setMessageError] = useState(props.messageError ?? null);
  // After a failed post without JavaScript the page opens on the alert (FormAlert's rule), or on the text box when
  // the box is at fault; what goes wrong later is said by the alert while the focus stays where the visitor is.
  const [alertTakesFocus, setAlertTakesFocus] = useState(Boolean(props.problem) && !props.messageError);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const [typing, setTyping] = useState(false);
  const [live, setLive] = useState(false);
  const [sending, setSending] = useState(false);
  const [canRecord, setCanRecord] = useState(false);
  const [recording, setRecording] = useState(false);
  const [voice, setVoice] = useState<Blob | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const lastTyping = useRef(0);
  const typingTimer = useRef<number | undefined>(undefined);
  /** The newest of my messages the other side has read, for copies of messages that arrive after the receipt. */
  const readUpTo = useRef(0);

  const markRead = useCallback(() => {
    void api.get('get_messages', { ...props.target, per_page: 1 }, { cache: false }).catch(() => {});
  }, [props.target]);

  useEffect(() => {
    setCanRecord(typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia));
  }, []);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  // Live: new messages, deletions, read receipts and typing for this conversation (docs/decisions/009).
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/chat/stream');
    const on = <T,>(type: string, handle: (data: T) => void) =>
      source.addEventListener(type, (event) => {
        try {
          handle(JSON.parse((event as MessageEvent<string>).data) as T);
        } catch {
          // A malformed event is skipped; the next page load shows the truth.
        }
      });
    on<{ user_id: number }>('ready', () => setLive(true));
    on<ChatMessage>('message', (message) => {
      if (message.conversation !== props.conversation) return;
      setMessages((current) => mergeMessages(current, [message], readUpTo.current));
      if (!message.is_mine) {
        setTyping(false);
        if (document.visibilityState === 'visible') markRead();
      }
    });
    on<{ id: number; conversation: string }>('deleted', ({ id, conversation }) => {
      if (conversation === props.conversation) setMessages((current) => current.filter((m) => m.id !== id));
    });
    on<{ conversation: string; up_to: number }>('read', ({ conversation, up_to }) => {
      if (conversation !== props.conversation) return;
      readUpTo.current = Math.max(readUpTo.current, up_to);
      setMessages((current) => current.map((m) => (m.is_mine && m.id <= up_to ? { ...m, is_read: true } : m)));
    });
    on<{ conversation: string }>('typing', ({ conversation }) => {
      if (conversation !== props.conversation) return;
      setTyping(true);
      window.clearTimeout(typingTimer.current);
      typingTimer.current = window.setTimeout(() => setTyping(false), TYPING_SHOW_MS);
    });
    source.onerror = () => setLive(false);
    return () => {
      source.close();
      window.clearTimeout(typingTimer.current);
    };
  }, [props.conversation, markRead]);

  const onInput = () => {
    setMessageError(null);
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SEND_MS) return;
    lastTyping.current = now;
    void api.post('chat/typing', { ...props.target }).catch(() => {});
  };

  const send = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    body.delete('action');
    if (voice) body.set('audio', new File([voice], 'voice', { type: voice.type || 'audio/webm' }));
    setAlertTakesFocus(false);
    setSending(true);
    try {
      const message = await api.post<ChatMessage>('send_message', body);
      setMessages((current) => mergeMessages(current, [message], readUpTo.current));
      setError(null);
      setMessageError(null);
      setVoice(null);
      form.reset();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      // "Please check the highlighted fields": highlight the text box when it is the one at fault.
      const forText = failure instanceof ApiError ? failure.fields['message']?.[0] : undefined;
      setMessageError(forText ?? null);
    } finally {
      setSending(false);
      // The Send button pressed was disabled meanwhile, which drops the focus to the page: back to the box, for
      // the next message or the fix (the alert above says what went wrong).
      textBox.current?.focus();
    }
  };

  const remove = async (event: SyntheticEvent<HTMLOListElement>) => {
    const form = event.target as HTMLFormElement;
    const id = Number(form.dataset['delete']);
    if (!id) return;
    event.preventDefault();
    setAlertTakesFocus(false);
    try {
      await api.post('delete_chat_message', { message_id: id });
      setMessages((current) => current.filter((m) => m.id !== id));
      // The pressed button goes with its message: the focus goes to the box (or the thread, when blocked).
      (textBox.current ?? list.current)?.focus();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const toggleRecording = async () => {
    if (recording) {
      recorder.current?.stop();
      setRecording(false);
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const next = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      next.ondataavailable = (e) => chunks.push(e.data);
      next.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        setVoice(new Blob(chunks, { type: next.mimeType || 'audio/webm' }));
      };
      recorder.current = next;
      next.start();
      setVoice(null);
      setRecording(true);
    } catch {
      setError(t('chat.microphone_failed'));
    }
  };

  const blocked = props.blockedByMe || props.blockedMe;
  return (
    <div className="chat" data-live={live ? 'on' : 'off'}>
      {/*
        A polite live region for messages added to it (a new message, mine or theirs, and "Read"): the history the
        page opened with, and the times that change as they age, are not read out again.
      */}
      <ol
        className="chat__messages"
        ref={list}
        aria-label={t('chat.messages_label')}
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={-1}
        onSubmit={remove}
      >
        {messages.map((message) => (
          <Message key={message.id} message={message} now={now} otherName={props.otherName} />
        ))}
      </ol>
      {messages.length === 0 && <p className="chat__empty">{t('chat.no_messages')}</p>}
      <p className="chat__typing" aria-live="polite">
        {typing ? t('chat.typing', { name: props.otherName }) : ''}
      </p>
      {error && (
        <p
          className="form-alert form-alert--error"
          role="alert"
          tabIndex={alertTakesFocus ? -1 : undefined}
          autoFocus={alertTakesFocus}
        >
          {error}
        </p>
      )}
      {blocked ? (
        <p className="chat__blocked" role="status">
          {props.blockedByMe ? t('chat.you_blocked') : t('chat.not_accepting')}
        </p>
      ) : (
        <form method="post" encType="multipart/form-data" className="chat__form" onSubmit={send}>
          <input type="hidden" name="action" value="send" />
          {Object.entries(props.target).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className={messageError ? 'field field--invalid' : 'field'}>
            <label htmlFor="chat-message">{t('chat.message_label')}</label>
            <textarea
              id="chat-message"
              ref={textBox}
              name="message"
              rows={3}
              maxLength={2000}
              defaultValue={props.draft ?? ''}
              onInput={onInput}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? MESSAGE_ERROR_ID : undefined}
              // After a failed post without JavaScript, the page opens on the box to fix.
              autoFocus={Boolean(props.messageError)}
            />
            {messageError && (
              <p className="field__error" id={MESSAGE_ERROR_ID}>
                {messageError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="chat-file">{t('chat.attach_file')}</label>
            <input id="chat-file" type="file" name="file" accept={FILE_ACCEPT} aria-describedby="chat-file-hint" />
            <p className="field__hint" id="chat-file-hint">
              {t('chat.file_hint')}
            </p>
          </div>
          <div className="chat__actions">
            {canRecord && (
              <button
                type="button"
                className="button button--secondary"
                onClick={toggleRecording}
                aria-pressed={recording}
              >
                {recording ? t('chat.stop_recording') : t('chat.record')}
              </button>
            )}
            {voice && (
              <span className="chat__voice" role="status">
                {t('chat.voice_ready')}{' '}
                <button type="button" className="link-button" onClick={() => setVoice(null)}>
                  {t('chat.discard_recording')}
                </button>
              </span>
            )}
            <button type="submit" className="button" disabled={sending}>
              {t('chat.send')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * A conversation (/user/messages/{key}), rendered on the server and hydrated on idle. Without JavaScript its
 * forms post to the page; with it, messages go through the API, arrive live over Server-Sent Events with typing
 * and read receipts, and voice messages can be recorded where MediaRecorder exists.
 */
export default function ChatRoom(props: ChatRoomProps) {
  return (
    <IslandI18nProvider i18n={props.i18n}>
      <Room {...props} />
    </IslandI18nProvider>
  );
}
