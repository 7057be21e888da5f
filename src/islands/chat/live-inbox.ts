import { createTranslate, type Resources } from '../../lib/i18n/translate.ts';
import { fetchPageHtml, type FetchHtml } from '../forms/live-form.ts';

/**
 * The inbox (/user/messages) kept current from the chat stream, as a conversation page is (docs/decisions/009):
 * when a message arrives or goes, the page's own HTML is fetched again and its conversation list brought in, so a
 * conversation moves to the top with its unread mark, or appears if it is new, drawn by the server as on a reload.
 * Items that did not change stay the same elements and the focus stays where it was. A message from someone else
 * is announced in the polite status region with the conversation's unread count (not by reading the list again).
 * Without JavaScript or EventSource the list is the one the server sent.
 */

/** The list region: `data-live-inbox`, with `data-strings` (the announcement) and the list `data-conversations`. */
export interface InboxElements {
  region: HTMLElement;
  /** A `role="status"` element outside the region, which stays, so screen readers announce its new text. */
  status: HTMLElement;
}

interface StreamEvent {
  conversation: string;
  is_mine?: boolean;
}

const ITEM = '[data-conversation]';

/** Puts `nodes` in `parent` in this order, moving only what is out of place, and removes what is left over. */
function arrange(parent: Element, nodes: readonly Element[]): void {
  nodes.forEach((node, i) => {
    const here = parent.children[i];
    if (here !== node) parent.insertBefore(node, here ?? null);
  });
  while (parent.children.length > nodes.length) parent.lastElementChild!.remove();
}

/**
 * Brings the server's fresh region into the page: unchanged elements are kept (compared by their markup; list
 * items by conversation), changed and new ones are copied in, the order is the server's.
 */
export function applyInbox(region: HTMLElement, fresh: Element): void {
  const active = document.activeElement;
  const focus = active instanceof HTMLElement && region.contains(active) ? active : null;
  const keep = (current: Element | undefined, next: Element) =>
    current && current.outerHTML === next.outerHTML ? current : document.importNode(next, true);
  const list = region.querySelector('[data-conversations]');
  const parts = Array.from(fresh.children).map((part) => {
    if (!list || !part.matches('[data-conversations]'))
      return keep(
        Array.from(region.children).find((child) => child.outerHTML === part.outerHTML),
        part,
      );
    const items = new Map(
      Array.from(list.querySelectorAll<HTMLElement>(ITEM)).map((li) => [li.dataset['conversation'], li]),
    );
    arrange(
      list,
      Array.from(part.querySelectorAll<HTMLElement>(ITEM)).map((item) =>
        keep(items.get(item.dataset['conversation']), item),
      ),
    );
    return list;
  });
  arrange(region, parts);
  // A moved element loses the focus; a replaced one hands it to its copy (the same link).
  if (!focus || document.activeElement === focus) return;
  const href = focus.getAttribute('href');
  const target = focus.isConnected
    ? focus
    : Array.from(region.querySelectorAll<HTMLElement>('[href]')).find(
        (link) => href && link.getAttribute('href') === href,
      );
  target?.focus({ preventScroll: true });
}

/** Follows the chat stream for the inbox; returns what stops it. */
export function followInbox({ region, status }: InboxElements, fetchHtml: FetchHtml = fetchPageHtml): () => void {
  const t = createTranslate(document.documentElement.lang, JSON.parse(region.dataset['strings'] ?? '{}') as Resources);
  const source = new EventSource('/api/chat/stream');
  const loading = new AbortController();
  // One load at a time; events that arrive meanwhile are answered by one more load, with every announcement.
  let running: Promise<void> | null = null;
  let again = false;
  const announce = new Set<string>();

  const load = async () => {
    do {
      again = false;
      const { html } = await fetchHtml(window.location.href, loading.signal);
      const fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-live-inbox]');
      if (!fresh) return;
      applyInbox(region, fresh);
      const names = [...announce].flatMap((key) => {
        const item = Array.from(region.querySelectorAll<HTMLElement>(ITEM)).find(
          (li) => li.dataset['conversation'] === key,
        );
        const name = item?.querySelector('[data-conversation-name]')?.textContent?.trim();
        // The unread mark as the server words it ("2 unread messages"), so the count's change is heard too.
        const unread = item?.querySelector('[data-unread]')?.textContent?.trim();
        if (!name) return [];
        return [unread ? t('chat.inbox_new_message_unread', { name, unread }) : t('chat.inbox_new_message', { name })];
      });
      announce.clear();
      if (names.length) status.textContent = names.join(' ');
    } while (again);
  };
  const refresh = (event: StreamEvent) => {
    if (event.is_mine === false) announce.add(event.conversation);
    if (running) {
      again = true;
      return;
    }
    running = load()
      .catch(() => {
        // The list stays as it is; the next event or a reload shows the truth.
      })
      .finally(() => (running = null));
  };
  const on = (type: string) =>
    source.addEventListener(type, (event) => {
      try {
        refresh(JSON.parse((event as MessageEvent<string>).data) as StreamEvent);
      } catch {
        // A malformed event is skipped.
      }
    });
  on('message');
  on('deleted');
  source.addEventListener('ready', () => (region.dataset['live'] = 'on'));
  source.onerror = () => (region.dataset['live'] = 'off');
  return () => {
    source.close();
    loading.abort();
  };
}

/** Starts the inbox's live updates where the page has the region and EventSource exists. */
export function enhanceInbox(root: Document): void {
  const region = root.querySelector<HTMLElement>('[data-live-inbox]');
  const status = root.querySelector<HTMLElement>('[data-inbox-status]');
  if (region && status && typeof EventSource !== 'undefined') followInbox({ region, status });
}
